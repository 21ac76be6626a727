import { ChevronDown, Copy, History, Loader2, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { Link } from 'wouter';
import type { Product } from '../../../../contracts/products';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { PhoneCard, PhoneCardList } from '@/components/PhoneCards';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { PRODUCT_COLUMNS, type ProductColumn } from '../columns';
import { formatPrice, LOW_STOCK_THRESHOLD, TAGS_SHOWN } from '../format';


function Empty() {
  return <span className="text-muted-foreground">—</span>;
}

function Text({ value }: { value: string | null }) {
  return value ? <>{value}</> : <Empty />;
}

function Stock({ quantity }: { quantity: number }) {
  if (quantity > LOW_STOCK_THRESHOLD) return <span className="tabular-nums">{quantity.toLocaleString()}</span>;
  return (
    <span className="text-destructive inline-flex items-center gap-2 font-medium tabular-nums">
      {quantity.toLocaleString()}
      <Badge variant="destructive" className="px-1.5 py-0 text-[10px]">
        Low
      </Badge>
    </span>
  );
}

function Tags({ tags }: { tags: string[] }) {
  if (tags.length === 0) return <Empty />;
  const shown = tags.slice(0, TAGS_SHOWN);
  const rest = tags.slice(TAGS_SHOWN);
  return (
    <div className="flex items-center gap-1">
      {shown.map((tag) => (
        <Badge key={tag} variant="secondary" className="max-w-32 truncate">
          {tag}
        </Badge>
      ))}
      {rest.length > 0 ? (
        <Badge variant="outline" title={rest.join(', ')} aria-label={`${rest.length} more tags: ${rest.join(', ')}`}>
          +{rest.length}
        </Badge>
      ) : null}
    </div>
  );
}

/** An alternate identifier as the table names it: `14006381333938 ×24`, `mehl-405 (alias)`. */
function identifierText(i: Product['alternateIdentifiers'][number]): string {
  return `${i.value}${i.units !== 1 ? ` ×${i.units.toLocaleString()}` : ''}${i.kind === 'alias' ? ' (alias)' : ''}`;
}

/** The UPC and, after it, how many alternate identifiers the product has (listed on hover and to screen readers). */
function Barcodes({ product }: { product: Product }) {
  const alternates = product.alternateIdentifiers;
  if (alternates.length === 0) return <Text value={product.upc} />;
  const listed = alternates.map(identifierText).join(', ');
  return (
    <div className="flex items-center gap-1">
      <Text value={product.upc} />
      <Badge variant="outline" title={listed} aria-label={`${alternates.length} alternate identifier${alternates.length === 1 ? '' : 's'}: ${listed}`}>
        +{alternates.length}
      </Badge>
    </div>
  );
}

/** One cell of a column: its classes (header and body) and its content for a product. */
const CELLS: Record<ProductColumn, { head?: string; cell?: string; title?: (p: Product) => string | undefined; render: (p: Product) => ReactNode }> = {
  SKU: { cell: 'font-mono text-xs font-medium', render: (p) => p.sku },
  UPC: { cell: 'font-mono text-xs', render: (p) => <Barcodes product={p} /> },
  'Other ID': { cell: 'font-mono text-xs', render: (p) => <Text value={p.otherIdentifier} /> },
  Name: {
    cell: 'max-w-56 truncate',
    title: (p) => p.name ?? undefined,
    render: (p) => (p.name?.trim() ? p.name : <span className="text-muted-foreground italic">Unnamed Product</span>),
  },
  Distributor: { render: (p) => <Text value={p.distributor} /> },
  Manufacturer: { render: (p) => <Text value={p.manufacturer} /> },
  Category: { render: (p) => <Text value={p.category} /> },
  'Current Stock': { head: 'text-right', cell: 'text-right', render: (p) => <Stock quantity={p.currentQuantity} /> },
  'Cost Price': { head: 'text-right', cell: 'text-right tabular-nums', render: (p) => formatPrice(p.costPrice) ?? <Empty /> },
  'Selling Price': { head: 'text-right', cell: 'text-right tabular-nums', render: (p) => formatPrice(p.price) ?? <Empty /> },
  Location: { render: (p) => <Text value={p.location} /> },
  Tags: { render: (p) => <Tags tags={p.tags} /> },
};

function copy(text: string, what: string) {
  navigator.clipboard.writeText(text).then(
    () => toast.success(`${what} copied`, { description: text }),
    () => toast.error(`Could not copy the ${what}`),
  );
}

function RowActions({
  product,
  onEdit,
  onDelete,
}: {
  product: Product;
  onEdit?: (product: Product) => void;
  onDelete?: (product: Product) => void;
}) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-8" aria-label={`Actions for ${product.sku}`}>
          <MoreHorizontal />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel className="max-w-56 truncate">{product.sku}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => copy(product.sku, 'SKU')}>
          <Copy /> Copy SKU
        </DropdownMenuItem>
        {product.upc ? (
          <DropdownMenuItem onSelect={() => copy(product.upc!, 'UPC')}>
            <Copy /> Copy UPC
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem asChild>
          <Link href={`/products/${product.id}/history`}>
            <History /> Stock history
          </Link>
        </DropdownMenuItem>
        {onEdit ? (
          <DropdownMenuItem onSelect={() => onEdit(product)}>
            <Pencil /> Edit product
          </DropdownMenuItem>
        ) : null}
        {onDelete ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem variant="destructive" onSelect={() => onDelete(product)}>
              <Trash2 /> Delete product
            </DropdownMenuItem>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/**
 * The select box column's header: a box for this page and a menu with select all on page,
 * select all matching filters (every page) and deselect all.
 */
function SelectionHeader({
  pageState,
  onTogglePage,
  pageCount,
  total,
  selectedCount,
  selectingAll,
  onSelectPage,
  onSelectAllMatching,
  onDeselectAll,
}: {
  pageState: boolean | 'indeterminate';
  onTogglePage: (checked: boolean) => void;
  pageCount: number;
  total: number;
  selectedCount: number;
  selectingAll: boolean;
  onSelectPage: () => void;
  onSelectAllMatching: () => void;
  onDeselectAll: () => void;
}) {
  return (
    <div className="flex items-center gap-0.5">
      <Checkbox
        checked={pageState}
        onCheckedChange={(v) => onTogglePage(v === true)}
        aria-label="Select all products on this page"
      />
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" className="size-6" aria-label="Selection options" disabled={selectingAll}>
            {selectingAll ? <Loader2 className="animate-spin" aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start">
          <DropdownMenuItem onSelect={onSelectPage}>Select all on page ({pageCount.toLocaleString()})</DropdownMenuItem>
          <DropdownMenuItem onSelect={onSelectAllMatching}>
            Select all matching filters ({total.toLocaleString()})
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={onDeselectAll} disabled={selectedCount === 0}>
            Deselect all
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}

export function ProductsTableSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <div className="grid gap-3 p-4" aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-8 w-full" />
      ))}
    </div>
  );
}

/**
 * The products table (spec part 2 "Products screen"): selection box, identifiers, descriptive
 * fields, stock (low stock in red), prices with '$', location, tags (2 then '+N'), actions.
 * Shows the columns chosen in the Columns menu. Below 768 px each product is a card instead
 * (ProductCards), so the page never scrolls sideways on a phone.
 */
export function ProductsTable({
  products,
  total,
  selected,
  onSelectedChange,
  selectingAll,
  onSelectAllMatching,
  onEdit,
  onDelete,
  columns,
}: {
  products: Product[];
  /** The columns chosen in the Columns menu (SKU always among them). */
  columns: ReadonlySet<ProductColumn>;
  /** Products matching the search and filters, on every page. */
  total: number;
  selected: ReadonlySet<string>;
  onSelectedChange: (next: Set<string>) => void;
  selectingAll: boolean;
  onSelectAllMatching: () => void;
  /** Absent for roles that do not manage the catalogue: no Edit or Delete in the row menu. */
  onEdit?: (product: Product) => void;
  onDelete?: (product: Product) => void;
}) {
  const shownColumns = PRODUCT_COLUMNS.filter((c) => columns.has(c));
  const allOnPage = products.length > 0 && products.every((p) => selected.has(p.id));
  const someOnPage = products.some((p) => selected.has(p.id));

  const togglePage = (checked: boolean) => {
    const next = new Set(selected);
    for (const p of products) {
      if (checked) next.add(p.id);
      else next.delete(p.id);
    }
    onSelectedChange(next);
  };
  const toggleOne = (id: string, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(id);
    else next.delete(id);
    onSelectedChange(next);
  };

  const selectionHeader = (
    <SelectionHeader
      pageState={allOnPage ? true : someOnPage ? 'indeterminate' : false}
      onTogglePage={togglePage}
      pageCount={products.length}
      total={total}
      selectedCount={selected.size}
      selectingAll={selectingAll}
      onSelectPage={() => togglePage(true)}
      onSelectAllMatching={onSelectAllMatching}
      onDeselectAll={() => onSelectedChange(new Set())}
    />
  );
  const rowCheckbox = (p: Product) => (
    <Checkbox checked={selected.has(p.id)} onCheckedChange={(v) => toggleOne(p.id, v === true)} aria-label={`Select ${p.sku}`} />
  );
  const rowActions = (p: Product) => <RowActions product={p} onEdit={onEdit} onDelete={onDelete} />;

  return (
    <>
      <ProductCards
        products={products}
        columns={shownColumns}
        selected={selected}
        selectionHeader={selectionHeader}
        rowCheckbox={rowCheckbox}
        rowActions={rowActions}
      />
      <div className="hidden md:block">
        <Table className="min-w-max">
          <TableHeader className="bg-muted/50">
            <TableRow>
              <TableHead className="w-16 pl-4">{selectionHeader}</TableHead>
              {shownColumns.map((c) => (
                <TableHead key={c} className={CELLS[c].head}>
                  {c}
                </TableHead>
              ))}
              <TableHead className="pr-4 text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {products.map((p) => {
              const isSelected = selected.has(p.id);
              return (
                <TableRow key={p.id} data-state={isSelected ? 'selected' : undefined}>
                  <TableCell className="pl-4">{rowCheckbox(p)}</TableCell>
                  {shownColumns.map((c) => (
                    <TableCell key={c} className={CELLS[c].cell} title={CELLS[c].title?.(p)}>
                      {CELLS[c].render(p)}
                    </TableCell>
                  ))}
                  <TableCell className="pr-4 text-right">{rowActions(p)}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </div>
    </>
  );
}

const NUMBER_COLUMNS: readonly ProductColumn[] = ['Current Stock', 'Cost Price', 'Selling Price'];

/**
 * Phone width (< 768 px): the page's select box and menu on top, then a card a product: its
 * select box, SKU and name, its row menu; the chosen figures (stock, prices) in a row; the other
 * chosen columns (tags, location...) as labelled lines.
 */
function ProductCards({
  products,
  columns,
  selected,
  selectionHeader,
  rowCheckbox,
  rowActions,
}: {
  products: Product[];
  columns: ProductColumn[];
  selected: ReadonlySet<string>;
  selectionHeader: ReactNode;
  rowCheckbox: (p: Product) => ReactNode;
  rowActions: (p: Product) => ReactNode;
}) {
  const field = (p: Product) => (c: ProductColumn) => ({ label: c, value: CELLS[c].render(p) });
  const numbers = columns.filter((c) => NUMBER_COLUMNS.includes(c));
  const texts = columns.filter((c) => c !== 'SKU' && c !== 'Name' && !NUMBER_COLUMNS.includes(c));
  return (
    <div className="grid gap-3 p-3 md:hidden">
      <div className="flex items-center gap-2 px-1">
        {selectionHeader}
        <span className="text-muted-foreground text-xs" aria-hidden="true">
          Select all on page
        </span>
      </div>
      <PhoneCardList label="Products">
        {products.map((p) => (
          <PhoneCard
            key={p.id}
            selected={selected.has(p.id)}
            lead={<div className="flex h-5 items-center">{rowCheckbox(p)}</div>}
            title={
              <div className="grid gap-0.5">
                <span className={CELLS.SKU.cell}>{p.sku}</span>
                {columns.includes('Name') ? <span>{CELLS.Name.render(p)}</span> : null}
              </div>
            }
            aside={<div className="-my-1.5 -mr-1.5">{rowActions(p)}</div>}
            numbers={numbers.map(field(p))}
            texts={texts.map(field(p))}
          />
        ))}
      </PhoneCardList>
    </div>
  );
}
