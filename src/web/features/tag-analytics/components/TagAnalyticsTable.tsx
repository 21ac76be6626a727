/**
 * The tag list table (spec part 2 section 2): sortable headers (section 4's asc/desc rule), some
 * columns hidden on small screens, five skeleton rows while loading, an empty state, and a row
 * action to the tag's detail page.
 */
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronRight } from 'lucide-react';
import { Link } from 'wouter';
import type { TagSummaryRow } from '../../../../contracts/tag-analytics';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { COLUMN_SORT_FIELD, type TagColumn, type TagSort } from '../../../../domain/tag-analytics';
import { AccuracyBadge, formatAuditDate, VarianceText } from './figures';

export const SKELETON_ROWS = 5;
const PRIMARY_COLUMNS: ReadonlySet<TagColumn> = new Set(['tagName', 'totalProducts', 'accuracyPercentage', 'lastAuditDate']);

interface Column {
  key: TagColumn;
  label: string;
  numeric?: boolean;
  /** Tailwind classes that hide the column on small screens. */
  hide?: string;
}

const COLUMNS: readonly Column[] = [
  { key: 'tagName', label: 'Tag Name' },
  { key: 'totalProducts', label: 'Total Products', numeric: true },
  { key: 'productsEverAudited', label: 'Ever Audited', numeric: true, hide: 'hidden md:table-cell' },
  { key: 'productsAuditedLast30Days', label: 'Last 30 Days', numeric: true, hide: 'hidden lg:table-cell' },
  { key: 'accuracyPercentage', label: 'Accuracy' },
  { key: 'totalQuantityVariance', label: 'Qty Variance', numeric: true, hide: 'hidden sm:table-cell' },
  { key: 'lastAuditDate', label: 'Last Audit', hide: 'hidden md:table-cell' },
];

/** The tag's detail route (the name URL-encoded). */
export function tagDetailHref(tagName: string): string {
  return `/tag-analytics/${encodeURIComponent(tagName)}`;
}

function SortIcon({ active, order }: { active: boolean; order: 'asc' | 'desc' }) {
  if (!active) return <ArrowUpDown aria-hidden="true" className="opacity-50" />;
  return order === 'asc' ? <ArrowUp aria-hidden="true" /> : <ArrowDown aria-hidden="true" />;
}

export function TagAnalyticsTable({
  rows,
  loading,
  sort,
  onSort,
}: {
  rows: readonly TagSummaryRow[];
  loading: boolean;
  sort: TagSort;
  onSort: (column: TagColumn) => void;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border">
      <Table aria-label="Tag analytics" aria-busy={loading}>
        <TableHeader>
          <TableRow>
            {COLUMNS.map((c) => {
              // Several columns sort by total_products; the arrow shows on Total Products only.
              const active = PRIMARY_COLUMNS.has(c.key) && sort.sortBy === COLUMN_SORT_FIELD[c.key];
              return (
                <TableHead
                  key={c.key}
                  className={cn(c.hide, c.numeric && 'text-right')}
                  aria-sort={active ? (sort.sortOrder === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  <Button
                    variant="ghost"
                    size="sm"
                    className={cn('-mx-2 h-auto min-h-8 px-2 py-1 whitespace-normal', c.numeric && 'ml-auto text-right')}
                    onClick={() => onSort(c.key)}
                  >
                    {c.label}
                    <SortIcon active={active} order={sort.sortOrder} />
                  </Button>
                </TableHead>
              );
            })}
            <TableHead className="w-12 px-1 text-right text-xs">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {loading ? (
            Array.from({ length: SKELETON_ROWS }, (_, i) => (
              <TableRow key={i} data-testid="skeleton-row">
                {COLUMNS.map((c) => (
                  <TableCell key={c.key} className={c.hide}>
                    <Skeleton className="h-4 w-full max-w-24" />
                  </TableCell>
                ))}
                <TableCell>
                  <Skeleton className="ml-auto h-8 w-8" />
                </TableCell>
              </TableRow>
            ))
          ) : rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={COLUMNS.length + 1} className="text-muted-foreground h-24 text-center">
                No tag analytics data available
              </TableCell>
            </TableRow>
          ) : (
            rows.map((r) => (
              <TableRow key={r.tagName}>
                <TableCell className="max-w-48 font-medium break-words whitespace-normal">
                  <Link href={tagDetailHref(r.tagName)} className="hover:underline focus-visible:underline">
                    {r.tagName}
                  </Link>
                </TableCell>
                <TableCell className="text-right tabular-nums">{r.totalProducts.toLocaleString('en-US')}</TableCell>
                <TableCell className="hidden text-right tabular-nums md:table-cell">{r.productsEverAudited.toLocaleString('en-US')}</TableCell>
                <TableCell className="hidden text-right tabular-nums lg:table-cell">{r.productsAuditedLast30Days.toLocaleString('en-US')}</TableCell>
                <TableCell>
                  <AccuracyBadge accuracy={r.accuracyPercentage} />
                </TableCell>
                <TableCell className="hidden text-right sm:table-cell">
                  <VarianceText variance={r.totalQuantityVariance} />
                </TableCell>
                <TableCell className="hidden md:table-cell">{formatAuditDate(r.lastAuditDate)}</TableCell>
                <TableCell className="w-12 px-1 text-right">
                  <Button variant="ghost" size="icon" asChild>
                    <Link href={tagDetailHref(r.tagName)} aria-label={`View details of ${r.tagName}`} tabIndex={-1}>
                      <ChevronRight aria-hidden="true" />
                    </Link>
                  </Button>
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </div>
  );
}
