/**
 * Products screen (spec part 2 "Products screen"): the master list with the plan banner, quick
 * search, Advanced Filters, selection (page, all matching, none), bulk edit and delete, paging,
 * the template download, the import dialog and the quantity upload. Dialogs load on demand.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Download, FilterX, Loader2, PackageOpen, Pencil, Plus, Search, Trash2, Upload } from 'lucide-react';
import { toast } from '@/lib/toast';
import type { Product } from '../../../../contracts/products';
import { ConfirmDeleteDialog } from '@/components/ConfirmDeleteDialog';
import { ListPagination } from '@/components/ListPagination';
import { PageHeader } from '@/components/PageHeader';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { errorMessage } from '@/lib/api';
import { usePermissions } from '@/lib/permissions';
import { bulkDeleteProducts, deleteProduct, invalidateCatalogue } from '../api/change-products';
import {
  downloadProductsTemplate,
  fetchAllMatchingProductIds,
  PRODUCTS_PAGE_SIZE,
  useProducts,
} from '../api/products';
import { productLimitReached, useProductAllowance } from '../api/plan-usage';
import { filtersParam, type ProductFilter } from '../product-filters';
import { useProductColumns } from '../columns';
import { ColumnsMenu } from './ColumnsMenu';
import { LazyDialogBoundary } from './LazyDialogBoundary';
import { ProductFiltersPanel } from './ProductFiltersPanel';
import { PRODUCT_LIMIT_NOTE_ID, ProductLimitBanner } from './ProductLimitBanner';
import { ProductsTable, ProductsTableSkeleton } from './ProductsTable';

const ImportProductsDialog = lazy(() =>
  import('./ImportProductsDialog').then((m) => ({ default: m.ImportProductsDialog })),
);
const UploadQuantitiesDialog = lazy(() => import('./UploadQuantitiesDialog'));
const BulkEditDialog = lazy(() => import('./BulkEditDialog'));
const ProductFormDialog = lazy(() => import('./ProductFormDialog'));

/** Pause in typing before the search or a filter goes to the server. */
const QUERY_DEBOUNCE_MS = 300;

/** True from the first time `open` is true: a lazy dialog stays mounted to animate its close. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened;
}

type DeleteTarget = { kind: 'selected'; ids: string[] } | { kind: 'one'; product: Product };

function plural(n: number, one: string, many: string) {
  return `${n.toLocaleString()} ${n === 1 ? one : many}`;
}

export default function ProductsPage() {
  const queryClient = useQueryClient();
  // Import, quantity uploads, bulk edit and delete are for the roles that manage the catalogue.
  const manage = usePermissions().can('manageCatalogue');
  const allowance = useProductAllowance();
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), QUERY_DEBOUNCE_MS);
  const [filters, setFilters] = useState<ProductFilter[]>([]);
  const appliedFilters = useDebouncedValue(filtersParam(filters), QUERY_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [selectingAll, setSelectingAll] = useState(false);

  const [importOpen, setImportOpen] = useState(false);
  const columns = useProductColumns();
  const [quantitiesOpen, setQuantitiesOpen] = useState(false);
  const [bulkEditOpen, setBulkEditOpen] = useState(false);
  // What the open dialogs act on, taken when they open: it must not change under them (nor
  // their text while they fade out after the selection is cleared).
  const [bulkEditIds, setBulkEditIds] = useState<string[]>([]);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [deleteTarget, setDeleteTarget] = useState<DeleteTarget>({ kind: 'selected', ids: [] });
  const importMounted = useOpenedOnce(importOpen);
  const quantitiesMounted = useOpenedOnce(quantitiesOpen);
  const bulkEditMounted = useOpenedOnce(bulkEditOpen);
  // Add Product (null) or Edit Product (the row's product); kept while the dialog fades out.
  const [formOpen, setFormOpen] = useState(false);
  const [formProduct, setFormProduct] = useState<Product | null>(null);
  const formMounted = useOpenedOnce(formOpen);
  const openProductForm = (product: Product | null) => {
    setFormProduct(product);
    setFormOpen(true);
  };

  const [downloading, setDownloading] = useState(false);
  const tableCardRef = useRef<HTMLDivElement>(null);

  // A new search or filter starts at page 1 with nothing selected: a selection made under other
  // filters would edit or delete products the user no longer sees. (State adjusted during
  // render, not in an effect.)
  const queryIdentity = JSON.stringify([search, appliedFilters ?? null]);
  const [shownQuery, setShownQuery] = useState(queryIdentity);
  if (shownQuery !== queryIdentity) {
    setShownQuery(queryIdentity);
    setPage(1);
    setSelected(new Set());
  }
  // What 'select all matching' compares its answer with: the query may change while it runs.
  const currentQuery = useRef(queryIdentity);
  useEffect(() => {
    currentQuery.current = queryIdentity;
  }, [queryIdentity]);

  const products = useProducts({ page, search, filters: appliedFilters });
  const data = products.data;
  const total = data?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / PRODUCTS_PAGE_SIZE));
  // After a delete the last page may be gone.
  if (data && !products.isPlaceholderData && page > totalPages) setPage(totalPages);

  const filtering = search !== '' || appliedFilters !== undefined;

  const downloadTemplate = async () => {
    setDownloading(true);
    try {
      await downloadProductsTemplate();
      toast.success('Template Downloaded');
    } catch {
      toast.error('Failed to download template');
    } finally {
      setDownloading(false);
    }
  };

  const selectAllMatching = async () => {
    const asked = queryIdentity;
    setSelectingAll(true);
    try {
      const ids = await fetchAllMatchingProductIds({ search, filters: appliedFilters });
      if (currentQuery.current === asked) setSelected(new Set(ids));
    } catch {
      toast.error('Error', { description: 'Failed to select all matching products' });
    } finally {
      setSelectingAll(false);
    }
  };

  const openBulkEdit = () => {
    if (selected.size === 0) {
      toast.error('No products selected', { description: 'Please select at least one product to edit.' });
      return;
    }
    setBulkEditIds([...selected]);
    setBulkEditOpen(true);
  };

  const openDeleteSelected = () => {
    if (selected.size === 0) {
      toast.error('No products selected', { description: 'Please select at least one product to delete.' });
      return;
    }
    setDeleteTarget({ kind: 'selected', ids: [...selected] });
    setDeleteOpen(true);
  };

  const askDeleteOne = (product: Product) => {
    setDeleteTarget({ kind: 'one', product });
    setDeleteOpen(true);
  };

  // After a delete or bulk edit the button that opened the dialog may be gone with its row or
  // the selection: the focus goes to the table's select box, else the search.
  // The table and the phone cards are both in the page, one of them hidden: the shown one's.
  const shown = (selector: string) =>
    [...(tableCardRef.current?.querySelectorAll<HTMLElement>(selector) ?? [])].find((el) => el.getClientRects().length > 0);
  const fallbackFocus = () => shown('[aria-label="Select all products on this page"]') ?? shown('input[type="search"]');

  const confirmDelete = () => (deleteTarget.kind === 'selected' ? deleteSelected(deleteTarget.ids) : deleteOne(deleteTarget.product));

  const deleteSelected = async (ids: string[]): Promise<boolean> => {
    try {
      const { deleted } = await bulkDeleteProducts(ids);
      toast.success('Products Deleted', { description: `Successfully deleted ${deleted} products.` });
      setSelected(new Set());
      return true;
    } catch (error) {
      toast.error('Failed to delete products', { description: errorMessage(error) });
      return false;
    } finally {
      await invalidateCatalogue(queryClient);
    }
  };

  const deleteOne = async (product: Product): Promise<boolean> => {
    try {
      await deleteProduct(product.id);
      toast.success('Product Deleted', { description: `${product.sku} was deleted.` });
      setSelected((s) => {
        const next = new Set(s);
        next.delete(product.id);
        return next;
      });
      return true;
    } catch (error) {
      toast.error('Failed to delete product', { description: errorMessage(error) });
      return false;
    } finally {
      await invalidateCatalogue(queryClient);
    }
  };

  // At the plan's product limit nothing new fits: the two ways to add are off, and the banner
  // says why with its Upgrade link (DESIGN.md section 4).
  const atLimit = productLimitReached(allowance) ? { disabled: true, 'aria-describedby': PRODUCT_LIMIT_NOTE_ID } : {};

  return (
    <div className="flex min-w-0 flex-1 flex-col gap-6 p-4 md:p-6">
      <PageHeader
        title="Products"
        description="Manage your inventory master list"
        actions={
          <>
            <Button variant="outline" onClick={downloadTemplate} disabled={downloading}>
              {downloading ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Download aria-hidden="true" />}
              Download Template
            </Button>
            {manage ? (
              <>
                <Button variant="outline" onClick={() => openProductForm(null)} {...atLimit}>
                  <Plus aria-hidden="true" />
                  Add Product
                </Button>
                <Button onClick={() => setImportOpen(true)} {...atLimit}>
                  <Upload aria-hidden="true" />
                  Import Products
                </Button>
                <Button variant="outline" onClick={() => setQuantitiesOpen(true)}>
                  <Upload aria-hidden="true" />
                  Upload QTY
                </Button>
              </>
            ) : null}
          </>
        }
      />

      <ProductLimitBanner />

      <Card ref={tableCardRef} className="min-w-0 scroll-mt-16 gap-0 overflow-hidden py-0">
        <div className="flex flex-col gap-3 border-b p-4 lg:flex-row lg:items-center lg:justify-between">
          <div className="relative w-full lg:max-w-sm">
            <Search
              className="text-muted-foreground pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2"
              aria-hidden="true"
            />
            <Input
              type="search"
              value={searchInput}
              onChange={(e) => setSearchInput(e.target.value)}
              placeholder="Quick search by SKU or name..."
              aria-label="Quick search by SKU or name"
              className="pl-9"
            />
          </div>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <p className="text-muted-foreground text-sm" aria-live="polite">
              {products.isFetching && !products.isLoading ? (
                <span className="inline-flex items-center gap-1.5">
                  <Loader2 className="size-3.5 animate-spin" aria-hidden="true" /> Updating...
                </span>
              ) : data ? (
                <>
                  {plural(total, 'product', 'products')}
                  {selected.size > 0 ? (
                    <>
                      {' · '}
                      {selected.size.toLocaleString()} selected{' '}
                      <Button variant="link" className="h-auto p-0 text-sm" onClick={() => setSelected(new Set())}>
                        Clear
                      </Button>
                    </>
                  ) : null}
                </>
              ) : null}
            </p>
            <ColumnsMenu shown={columns.shown} onColumnChange={columns.setColumn} onReset={columns.reset} />
            {manage && selected.size > 0 ? (
              <div className="flex flex-wrap gap-2">
                <Button size="sm" variant="outline" onClick={openBulkEdit}>
                  <Pencil aria-hidden="true" />
                  Edit {selected.size.toLocaleString()} Selected
                </Button>
                <Button size="sm" variant="destructive" onClick={openDeleteSelected}>
                  <Trash2 aria-hidden="true" />
                  Delete {selected.size.toLocaleString()} Selected
                </Button>
              </div>
            ) : null}
          </div>
        </div>

        <ProductFiltersPanel filters={filters} onChange={setFilters} />

        <CardContent className="min-w-0 px-0">
          {products.isLoading ? (
            <ProductsTableSkeleton />
          ) : products.isError && !data ? (
            <div className="flex flex-col items-center gap-3 px-4 py-16 text-center" role="alert">
              <p className="font-medium">Failed to load products</p>
              <p className="text-muted-foreground max-w-md text-sm">{errorMessage(products.error)}</p>
              <Button variant="outline" onClick={() => products.refetch()}>
                Try again
              </Button>
            </div>
          ) : data && data.products.length === 0 ? (
            <div className="flex flex-col items-center gap-3 px-4 py-16 text-center">
              <PackageOpen className="text-muted-foreground size-10" aria-hidden="true" />
              {filtering ? (
                <>
                  <p className="font-medium">
                    {appliedFilters ? 'No products match the search and filters' : `No products match “${search}”`}
                  </p>
                  <div className="flex flex-wrap justify-center gap-2">
                    {search ? (
                      <Button variant="outline" onClick={() => setSearchInput('')}>
                        Clear search
                      </Button>
                    ) : null}
                    {appliedFilters ? (
                      <Button variant="outline" onClick={() => setFilters([])}>
                        <FilterX aria-hidden="true" />
                        Clear filters
                      </Button>
                    ) : null}
                  </div>
                </>
              ) : (
                <>
                  <p className="font-medium">No products yet</p>
                  <p className="text-muted-foreground max-w-md text-sm">
                    {manage
                      ? 'Import your catalogue from a CSV or XLSX file. Download the template to see the columns.'
                      : 'An owner or admin of your team imports the catalogue.'}
                  </p>
                  {manage ? (
                    <Button onClick={() => setImportOpen(true)} {...atLimit}>
                      <Upload aria-hidden="true" />
                      Import Products
                    </Button>
                  ) : null}
                </>
              )}
            </div>
          ) : data ? (
            <ProductsTable
              products={data.products}
              total={total}
              selected={selected}
              onSelectedChange={setSelected}
              selectingAll={selectingAll}
              onSelectAllMatching={selectAllMatching}
              onEdit={manage ? openProductForm : undefined}
              onDelete={manage ? askDeleteOne : undefined}
              columns={columns.shown}
            />
          ) : null}
        </CardContent>

        {data && totalPages > 1 ? (
          <ListPagination
            noun="products"
            page={page}
            pageSize={PRODUCTS_PAGE_SIZE}
            total={total}
            totalPages={totalPages}
            onPageChange={(next) => {
              setPage(next);
              tableCardRef.current?.scrollIntoView({ block: 'start' });
            }}
            disabled={products.isFetching}
          />
        ) : null}
      </Card>

      <LazyDialogBoundary
        onError={() => {
          setImportOpen(false);
          setQuantitiesOpen(false);
          setBulkEditOpen(false);
          setFormOpen(false);
        }}
      >
        <Suspense fallback={null}>
          {importMounted ? <ImportProductsDialog open={importOpen} onOpenChange={setImportOpen} /> : null}
          {quantitiesMounted ? <UploadQuantitiesDialog open={quantitiesOpen} onOpenChange={setQuantitiesOpen} /> : null}
          {formMounted ? (
            <ProductFormDialog
              open={formOpen}
              onOpenChange={setFormOpen}
              product={formProduct}
              fallbackFocus={(sku) =>
                (sku && shown(`button[aria-label="Actions for ${CSS.escape(sku)}"]`)) || fallbackFocus()
              }
            />
          ) : null}
          {bulkEditMounted ? (
            <BulkEditDialog
              open={bulkEditOpen}
              onOpenChange={setBulkEditOpen}
              productIds={bulkEditIds}
              onUpdated={() => setSelected(new Set())}
              fallbackFocus={fallbackFocus}
            />
          ) : null}
        </Suspense>
      </LazyDialogBoundary>

      <ConfirmDeleteDialog
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        {...(deleteTarget.kind === 'selected'
          ? {
              title: 'Delete Products',
              description: `Are you sure you want to delete ${deleteTarget.ids.length} selected product(s)? This action cannot be undone.`,
              confirmLabel: `Delete ${plural(deleteTarget.ids.length, 'Product', 'Products')}`,
            }
          : {
              title: 'Delete Product',
              description: `Are you sure you want to delete ${deleteTarget.product.sku}${
                deleteTarget.product.name ? ` (${deleteTarget.product.name})` : ''
              }? This action cannot be undone.`,
              confirmLabel: 'Delete Product',
            })}
        onConfirm={confirmDelete}
        fallbackFocus={fallbackFocus}
      />
    </div>
  );
}
