/**
 * One category tab: its page of lines from the server (search and paging as query parameters),
 * the table and the paging controls; 'No {category} items found' when empty.
 */
import { Loader2 } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { useAuditResults } from '../api/get-audit-results';
import type { SortChoice } from '../lib/result-sort';
import type { CategoryTab, PageState } from '../lib/result-tabs';
import { ResultLinesTable } from './ResultLinesTable';
import { ResultsPagination } from './ResultsPagination';

export function CategoryResults({
  auditId,
  tab,
  search,
  order,
  state,
  onChange,
}: {
  auditId: string;
  tab: CategoryTab;
  search: string;
  order: SortChoice;
  state: PageState;
  onChange: (state: PageState) => void;
}) {
  const { category, label, emptyName } = tab;
  const query = useAuditResults(auditId, { search, category, page: state.page, pageSize: state.pageSize, sort: order.sort, dir: order.dir });

  if (query.isPending) {
    return (
      <div role="status" aria-label={`Loading ${label} items`} className="grid gap-2">
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-9 w-full" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <p role="alert" className="text-destructive text-sm">
        Failed to load {label} items: {errorMessage(query.error)}
      </p>
    );
  }

  const items = query.data.categories[category];
  const total = query.data.totals[category];
  if (total === 0) {
    return (
      <p className="text-muted-foreground rounded-lg border border-dashed p-8 text-center text-sm">
        No {emptyName} items found{search.trim() ? ` matching “${search.trim()}”` : ''}
      </p>
    );
  }

  return (
    <div className="grid min-w-0 grid-cols-1 gap-3" aria-busy={query.isPlaceholderData || undefined}>
      <div className="relative min-w-0">
        <ResultLinesTable category={category} items={items} caption={`${label} items, page ${state.page}`} />
        {query.isPlaceholderData ? (
          <div className="bg-background/60 absolute inset-0 flex items-start justify-center pt-10" aria-hidden="true">
            <Loader2 className="text-muted-foreground size-5 animate-spin" />
          </div>
        ) : null}
      </div>
      <ResultsPagination
        label={label}
        total={total}
        state={state}
        onPageChange={(page) => onChange({ ...state, page })}
        onPageSizeChange={(pageSize) => onChange({ page: 1, pageSize })}
      />
    </div>
  );
}
