/**
 * Summary cards (spec part 1 "Audit detail"): Total Scanned; Match Rate (1 decimal); Accuracy (the
 * per-audit figure the dashboard's Avg. Accuracy % averages; docs/decisions/0060, 0117); Products in
 * Filter (product audits with a total); Processing Time (ms as seconds, 1 decimal).
 */
import type { ReactNode } from 'react';
import type { PagedResults } from '../../../../contracts/results';
import { Card, CardContent } from '@/components/ui/card';
import { formatFraction, formatSeconds } from '../lib/display-format';

function SummaryCard({ label, value, note }: { label: string; value: ReactNode; note?: string }) {
  return (
    <Card className="gap-1 py-4">
      <CardContent className="grid gap-1 px-4">
        <p className="text-muted-foreground text-sm">{label}</p>
        <p className="text-2xl font-semibold tabular-nums">{value}</p>
        {note ? <p className="text-muted-foreground text-xs">{note}</p> : null}
      </CardContent>
    </Card>
  );
}

export function ResultsSummaryCards({ results }: { results: PagedResults }) {
  const { summary } = results;
  const showFilter = results.auditType === 'product-audit' && results.totalProductsInFilter !== null;
  return (
    <section aria-label="Summary" className={`grid grid-cols-2 gap-3 ${showFilter ? 'lg:grid-cols-5' : 'lg:grid-cols-4'}`}>
      <SummaryCard label="Total Scanned" value={summary.totalScanned.toLocaleString()} note="units over all scan files" />
      <SummaryCard label="Match Rate" value={formatFraction(summary.matchRate)} note="scanned units that matched a product in scope" />
      <SummaryCard label="Accuracy" value={formatFraction(summary.accuracy)} note="products counted correctly, of products counted" />
      {showFilter ? <SummaryCard label="Products in Filter" value={results.totalProductsInFilter!.toLocaleString()} /> : null}
      <SummaryCard label="Processing Time" value={formatSeconds(summary.processingTime)} />
    </section>
  );
}
