/**
 * Tag analytics list screen, /tag-analytics (spec part 2 sections 2, 4, 5, 8, 9): filter panel on
 * the left, the tag table on the right, Refresh (writers only; DESIGN.md section 3) and exports;
 * for the owner, Rebuild and its progress (DESIGN.md section 11).
 */
import { useState } from 'react';
import { FileDown, FileSpreadsheet, RefreshCw } from 'lucide-react';
import { toast } from '@/lib/toast';
import { PageHeader } from '@/components/PageHeader';
import { Button } from '@/components/ui/button';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { DEFAULT_TAG_SORT, nextSort, type TagColumn } from '../../../domain/tag-analytics';
import { DEFAULT_FILTERS, useRefreshTagAnalytics, useTagSummaries, type TagAnalyticsFilters } from './api/tag-analytics';
import { TagAnalyticsTable } from './components/TagAnalyticsTable';
import { TagFiltersPanel } from './components/TagFiltersPanel';
import { RebuildButton, RebuildProgress } from './components/RebuildTagAnalytics';
import { exportCsv, exportExcel } from './lib/export-tag-analytics';

/** Search text is applied after this pause in typing (spec part 2 section 5). */
export const SEARCH_DEBOUNCE_MS = 300;
export const EXCEL_EXPORT_FAILED = 'Failed to export to Excel. Please try CSV export instead.';

export default function TagAnalyticsPage({ canRefresh, canRebuild }: { canRefresh: boolean; canRebuild: boolean }) {
  const [filters, setFilters] = useState<TagAnalyticsFilters>(DEFAULT_FILTERS);
  const searchQuery = useDebouncedValue(filters.searchQuery, SEARCH_DEBOUNCE_MS);
  const summaries = useTagSummaries({ ...filters, searchQuery });
  const refresh = useRefreshTagAnalytics();
  const [exporting, setExporting] = useState(false);

  const rows = summaries.data ?? [];
  const loading = summaries.isPending;
  const exportDisabled = loading || rows.length === 0;

  const change = (changes: Partial<TagAnalyticsFilters>) => setFilters((f) => ({ ...f, ...changes }));
  const sortByColumn = (column: TagColumn) => change(nextSort({ sortBy: filters.sortBy, sortOrder: filters.sortOrder }, column));

  const onRefresh = () =>
    refresh.mutate(undefined, {
      onSuccess: () => toast.success('Cache refreshed', { description: 'Tag analytics data has been updated.' }),
      onError: (error) => toast.error('Refresh failed', { description: errorMessage(error, 'Failed to refresh tag analytics.') }),
    });

  const onExcel = async () => {
    setExporting(true);
    try {
      await exportExcel(rows);
    } catch {
      window.alert(EXCEL_EXPORT_FAILED);
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-6 p-4 md:p-6">
      <PageHeader
        title="Tag Analytics"
        description="Which kinds of stock are counted wrong, and whether it is getting better."
        actions={
          <>
            {canRefresh ? (
              <Button variant="outline" onClick={onRefresh} disabled={refresh.isPending}>
                <RefreshCw aria-hidden="true" className={cn(refresh.isPending && 'animate-spin')} />
                Refresh
              </Button>
            ) : null}
            {canRebuild ? <RebuildButton /> : null}
            <Button variant="outline" onClick={() => exportCsv(rows)} disabled={exportDisabled}>
              <FileDown aria-hidden="true" />
              Export CSV
            </Button>
            <Button variant="outline" onClick={() => void onExcel()} disabled={exportDisabled || exporting}>
              <FileSpreadsheet aria-hidden="true" />
              Export Excel
            </Button>
          </>
        }
      />
      {canRebuild ? <RebuildProgress /> : null}
      <div className="grid gap-4 lg:grid-cols-[15rem_minmax(0,1fr)]">
        <aside>
          <TagFiltersPanel
            filters={filters}
            onChange={change}
            onClear={() => setFilters({ ...DEFAULT_FILTERS, ...DEFAULT_TAG_SORT })}
          />
        </aside>
        <section aria-label="Tags" className="min-w-0">
          {summaries.isError ? (
            <div role="alert" className="border-destructive/30 bg-destructive/5 rounded-lg border p-4 text-sm">
              <p className="font-medium">Error loading tag analytics</p>
              <p className="text-muted-foreground mt-1 break-words">{errorMessage(summaries.error)}</p>
            </div>
          ) : (
            <TagAnalyticsTable rows={rows} loading={loading} sort={filters} onSort={sortByColumn} />
          )}
        </section>
      </div>
    </div>
  );
}
