/**
 * The results of a complete audit (spec part 1 "Audit detail"): summary cards, scan file
 * performance, 'Search items...' and the category tabs with their count badges and paging.
 * Search is sent to the server (debounced) and puts every category back on page 1. An audit of
 * one location adds its misplaced stock (DESIGN.md section 13): a card and a 'Misplaced Stock' tab.
 */
import { useState } from 'react';
import { Search } from 'lucide-react';
import type { Audit } from '../../../../contracts/audits';
import type { ResultCategory } from '../../../../contracts/results';
import { Badge } from '@/components/ui/badge';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorMessage } from '@/lib/api';
import { DEFAULT_RESULTS_PAGE_SIZE, useAuditResults } from '../api/get-audit-results';
import { useMisplacedStock } from '../api/get-misplaced-stock';
import { auditLocationScope } from '../../../../domain/misplaced-stock';
import { CATEGORY_TABS, type PageState } from '../lib/result-tabs';
import { CategoryResults } from './CategoryResults';
import { DEFAULT_SORT, type SortChoice } from '../lib/result-sort';
import { ResultsMoneyCards } from './ResultsMoneyCards';
import { ResultsSortSelect } from './ResultsSortSelect';
import { ResultsSummaryCards } from './ResultsSummaryCards';
import { ResultsSummaryTab } from './ResultsSummaryTab';
import { RepeatedReads } from './RepeatedReads';
import { MisplacedStockList, ProposedMovesCard } from './MisplacedStock';
import { ScanFilePerformance } from './ScanFilePerformance';
import { useDebouncedValue } from './use-debounced-value';

const SEARCH_DEBOUNCE_MS = 300;

type Pages = Partial<Record<ResultCategory, PageState>>;
const FIRST_PAGE: PageState = { page: 1, pageSize: DEFAULT_RESULTS_PAGE_SIZE };

export function AuditResults({ audit }: { audit: Audit }) {
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput, SEARCH_DEBOUNCE_MS);
  const [pages, setPages] = useState<Pages>({});
  const [searchedFor, setSearchedFor] = useState(search);
  const [tab, setTab] = useState<string>('summary');
  const [order, setOrder] = useState<SortChoice>(DEFAULT_SORT);
  const results = useAuditResults(audit.id, { search, sort: order.sort, dir: order.dir });
  const misplaced = useMisplacedStock(audit.id, auditLocationScope(audit) !== null).data;
  const hasMisplaced = misplaced !== undefined && misplaced.items.length > 0;

  const backToFirstPages = () =>
    setPages((current) => Object.fromEntries(Object.entries(current).map(([category, state]) => [category, { ...state, page: 1 }])));
  // A new search or order puts every category back on page 1 (page sizes stay).
  if (searchedFor !== search) {
    setSearchedFor(search);
    backToFirstPages();
  }
  const changeOrder = (choice: SortChoice) => {
    setOrder(choice);
    backToFirstPages();
  };

  if (results.isPending) {
    return (
      <div role="status" aria-label="Loading results" className="grid gap-3">
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </div>
        <Skeleton className="h-64" />
      </div>
    );
  }
  if (results.isError) {
    return (
      <p role="alert" className="text-destructive text-sm">
        Failed to load the results: {errorMessage(results.error)}
      </p>
    );
  }

  const data = results.data;
  const tabs = CATEGORY_TABS.filter((t) => t.category !== 'crossFileDiscrepancies' || data.counts.crossFileDiscrepancies > 0);

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <ResultsSummaryCards results={data} />
      <ResultsMoneyCards money={data.money} />
      {hasMisplaced ? <ProposedMovesCard stock={misplaced} onOpen={() => setTab('misplacedStock')} /> : null}
      <ScanFilePerformance files={data.summary.scanFileBreakdown} />

      <section aria-labelledby="audit-results-heading" className="grid min-w-0 grid-cols-1 gap-3">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <h2 id="audit-results-heading" className="text-lg font-semibold">
            Results
          </h2>
          <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row sm:items-center">
            <ResultsSortSelect value={order} onChange={changeOrder} />
            <div className="relative w-full sm:w-64">
              <Search className="text-muted-foreground pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2" aria-hidden="true" />
              <Input
                type="search"
                value={searchInput}
                onChange={(e) => setSearchInput(e.target.value)}
                placeholder="Search items..."
                aria-label="Search items"
                className="pl-8"
              />
            </div>
          </div>
        </div>

        <Tabs value={tab} onValueChange={setTab} className="min-w-0">
          <TabsList className="h-auto w-full flex-wrap justify-start gap-y-1">
            <TabsTrigger value="summary" className="h-8 flex-none">
              Summary
            </TabsTrigger>
            {tabs.map(({ category, label }) => {
              const total = data.totals[category];
              return (
                <TabsTrigger key={category} value={category} className="h-8 flex-none">
                  {label}
                  {total > 0 ? ' ' : null}
                  {total > 0 ? (
                    <Badge variant="secondary" className="bg-background/80 px-1.5 tabular-nums">
                      {total.toLocaleString()}
                    </Badge>
                  ) : null}
                </TabsTrigger>
              );
            })}
            {data.repeatedReadsTotal > 0 ? (
              <TabsTrigger value="repeatedReads" className="h-8 flex-none">
                Repeated Reads{' '}
                <Badge variant="secondary" className="bg-background/80 px-1.5 tabular-nums">
                  {data.repeatedReadsTotal.toLocaleString()}
                </Badge>
              </TabsTrigger>
            ) : null}
            {hasMisplaced ? (
              <TabsTrigger value="misplacedStock" className="h-8 flex-none">
                Misplaced Stock{' '}
                <Badge variant="secondary" className="bg-background/80 px-1.5 tabular-nums">
                  {misplaced.items.length.toLocaleString()}
                </Badge>
              </TabsTrigger>
            ) : null}
          </TabsList>
          <TabsContent value="summary" className="pt-2">
            <ResultsSummaryTab counts={data.counts} onOpen={setTab} />
          </TabsContent>
          {tabs.map((t) => (
            <TabsContent key={t.category} value={t.category} className="min-w-0 pt-2">
              <CategoryResults
                auditId={audit.id}
                tab={t}
                search={search}
                order={order}
                state={pages[t.category] ?? FIRST_PAGE}
                onChange={(state) => setPages((current) => ({ ...current, [t.category]: state }))}
              />
            </TabsContent>
          ))}
          {data.repeatedReadsTotal > 0 ? (
            <TabsContent value="repeatedReads" className="min-w-0 pt-2">
              <RepeatedReads reads={data.repeatedReads} total={data.repeatedReadsTotal} />
            </TabsContent>
          ) : null}
          {hasMisplaced ? (
            <TabsContent value="misplacedStock" className="min-w-0 pt-2">
              <MisplacedStockList stock={misplaced} />
            </TabsContent>
          ) : null}
        </Tabs>
      </section>
    </div>
  );
}
