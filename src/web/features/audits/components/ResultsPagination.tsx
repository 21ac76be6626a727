/**
 * Paging of one result category (spec part 1 "Audit detail"): 'Showing X to Y of Z results',
 * Show 10/25/50/100, first / previous / next / last, 'Page N of M'.
 */
import { useId } from 'react';
import { ChevronFirst, ChevronLast, ChevronLeft, ChevronRight } from 'lucide-react';
import { RESULT_PAGE_SIZES } from '../../../../contracts/results';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { pageWindow, type PageState } from '../lib/result-tabs';

export function ResultsPagination({
  label,
  total,
  state,
  onPageChange,
  onPageSizeChange,
}: {
  /** The category's name, for the controls' accessible names. */
  label: string;
  total: number;
  state: PageState;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}) {
  const sizeId = useId();
  const { from, to, pageCount } = pageWindow(total, state);
  const { page } = state;
  const first = page <= 1;
  const last = page >= pageCount;

  return (
    <nav aria-label={`${label} pages`} className="flex flex-col gap-3 text-sm sm:flex-row sm:items-center sm:justify-between">
      <p className="text-muted-foreground" aria-live="polite">
        Showing {from.toLocaleString()} to {to.toLocaleString()} of {total.toLocaleString()} results
      </p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="flex items-center gap-2">
          <label htmlFor={sizeId} className="text-muted-foreground">
            Show
          </label>
          <Select value={String(state.pageSize)} onValueChange={(v) => onPageSizeChange(Number(v))}>
            <SelectTrigger id={sizeId} size="sm" className="w-[4.5rem]" aria-label="Show rows per page">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {RESULT_PAGE_SIZES.map((size) => (
                <SelectItem key={size} value={String(size)}>
                  {size}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="flex items-center gap-1">
          <Button variant="outline" size="icon" className="size-8" disabled={first} onClick={() => onPageChange(1)} aria-label="First page">
            <ChevronFirst aria-hidden="true" />
          </Button>
          <Button variant="outline" size="icon" className="size-8" disabled={first} onClick={() => onPageChange(page - 1)} aria-label="Previous page">
            <ChevronLeft aria-hidden="true" />
          </Button>
          <span className="px-2 whitespace-nowrap tabular-nums">
            Page {page.toLocaleString()} of {pageCount.toLocaleString()}
          </span>
          <Button variant="outline" size="icon" className="size-8" disabled={last} onClick={() => onPageChange(page + 1)} aria-label="Next page">
            <ChevronRight aria-hidden="true" />
          </Button>
          <Button variant="outline" size="icon" className="size-8" disabled={last} onClick={() => onPageChange(pageCount)} aria-label="Last page">
            <ChevronLast aria-hidden="true" />
          </Button>
        </div>
      </div>
    </nav>
  );
}
