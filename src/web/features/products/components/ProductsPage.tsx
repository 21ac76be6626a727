/**
 * Products screen (spec part 2 "Products screen"): the master list with quick search, paging,
 * the template download and the import dialog. Advanced filters, bulk edit, delete and the
 * quantity upload come later.
 */
import { useRef, useState } from 'react';
import { Download, Loader2, PackageOpen, Search, Upload } from 'lucide-react';
import { toast } from 'sonner';
import { PageHeader } from '@/components/PageHeader';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { errorMessage } from '@/lib/api';
import { downloadProductsTemplate, PRODUCTS_PAGE_SIZE, useProducts } from '../api/products';
import { ImportProductsDialog } from './ImportProductsDialog';
import { ProductsPagination } from './ProductsPagination';
import { ProductsTable, ProductsTableSkeleton } from './ProductsTable';

/** Pause in typing before the search goes to the server. */
const SEARCH_DEBOUNCE_MS = 300;

export default function ProductsPage() {
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [importOpen, setImportOpen] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const tableCardRef = useRef<HTMLDivElement>(null);

  // A new search starts at page 1 (adjusting state during render, not in an effect).
  const [searchedFor, setSearchedFor] = useState(search);
  if (searchedFor !== search) {
    setSearchedFor(search);
    setPage(1);
  }

  const products = useProducts({ page, search });
  const data = products.data;
  const total = data?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / PRODUCTS_PAGE_SIZE));

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
            <Button onClick={() => setImportOpen(true)}>
              <Upload aria-hidden="true" />
              Import Products
            </Button>
          </>
        }
      />

      <Card ref={tableCardRef} className="min-w-0 scroll-mt-16 gap-0 overflow-hidden py-0">
        <div className="flex flex-col gap-3 border-b p-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="relative w-full sm:max-w-sm">
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
          <p className="text-muted-foreground text-sm" aria-live="polite">
            {products.isFetching && !products.isLoading ? (
              <span className="inline-flex items-center gap-1.5">
                <Loader2 className="size-3.5 animate-spin" aria-hidden="true" /> Updating...
              </span>
            ) : data ? (
              <>
                {total.toLocaleString()} {total === 1 ? 'product' : 'products'}
                {selected.size > 0 ? (
                  <>
                    {' · '}
                    {selected.size} selected{' '}
                    <Button variant="link" className="h-auto p-0 text-sm" onClick={() => setSelected(new Set())}>
                      Clear
                    </Button>
                  </>
                ) : null}
              </>
            ) : null}
          </p>
        </div>

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
              {search ? (
                <>
                  <p className="font-medium">No products match “{search}”</p>
                  <Button variant="outline" onClick={() => setSearchInput('')}>
                    Clear search
                  </Button>
                </>
              ) : (
                <>
                  <p className="font-medium">No products yet</p>
                  <p className="text-muted-foreground max-w-md text-sm">
                    Import your catalogue from a CSV or XLSX file. Download the template to see the columns.
                  </p>
                  <Button onClick={() => setImportOpen(true)}>
                    <Upload aria-hidden="true" />
                    Import Products
                  </Button>
                </>
              )}
            </div>
          ) : data ? (
            <ProductsTable products={data.products} selected={selected} onSelectedChange={setSelected} />
          ) : null}
        </CardContent>

        {data && totalPages > 1 ? (
          <ProductsPagination
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

      <ImportProductsDialog open={importOpen} onOpenChange={setImportOpen} />
    </div>
  );
}
