/**
 * Tag detail screen, /tag-analytics/{tagName} (spec part 2 sections 2, 3, 8, 9): Back to
 * Analytics, 'Tag: {tagName}', Refresh (writers only, no toast), four cards, the accuracy per
 * audit over time, and 'Products in this Tag' with total audits, 'accurate/total' badges and
 * running variance. recharts is loaded with this page only (it is its own chunk).
 */
import { ArrowLeft, RefreshCw } from 'lucide-react';
import { Link } from 'wouter';
import type { TagDetail } from '../../../contracts/tag-analytics';
import { PageHeader } from '@/components/PageHeader';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useRefreshTagAnalytics, useTagDetails } from './api/tag-analytics';
import { AccuracyOverTimeChart } from './components/AccuracyOverTimeChart';
import { AccuracyBadge, formatAuditDate, VarianceText } from './components/figures';

function SummaryCards({ summary }: { summary: TagDetail['summary'] }) {
  const cards = [
    { title: 'Total Products', value: summary.totalProducts.toLocaleString('en-US') },
    { title: 'Ever Audited', value: summary.productsEverAudited.toLocaleString('en-US') },
    { title: 'Accuracy', value: <AccuracyBadge accuracy={summary.accuracyPercentage} /> },
    { title: 'Last Audit', value: formatAuditDate(summary.lastAuditDate) },
  ];
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {cards.map((c) => (
        <Card key={c.title} className="gap-2 py-4" role="group" aria-label={c.title}>
          <CardHeader className="px-4">
            <CardDescription>{c.title}</CardDescription>
          </CardHeader>
          <CardContent className="px-4 text-2xl font-semibold">{c.value}</CardContent>
        </Card>
      ))}
    </div>
  );
}

function ProductsTable({ products }: { products: TagDetail['products'] }) {
  if (products.length === 0) return <p className="text-muted-foreground py-8 text-center text-sm">No products found for this tag</p>;
  return (
    <div className="overflow-x-auto">
      <Table aria-label="Products in this Tag">
        <TableHeader>
          <TableRow>
            <TableHead>Product</TableHead>
            <TableHead className="text-right">Total Audits</TableHead>
            <TableHead>Accuracy</TableHead>
            <TableHead className="text-right">Variance</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {products.map((p) => (
            <TableRow key={p.productId}>
              <TableCell className="whitespace-normal">
                <div className="font-medium break-words">{p.name || 'Unnamed Product'}</div>
                <div className="text-muted-foreground text-xs break-all">{p.sku}</div>
              </TableCell>
              <TableCell className="text-right tabular-nums">{p.totalAudits}</TableCell>
              <TableCell>
                <Badge
                  variant={p.totalAudits === 0 ? 'outline' : p.recentAccuracy ? 'default' : 'destructive'}
                  aria-label={`${p.accurateAudits} of ${p.totalAudits} audits accurate${p.totalAudits > 0 && !p.recentAccuracy ? ', latest count was off' : ''}`}
                >
                  {p.accurateAudits}/{p.totalAudits}
                </Badge>
              </TableCell>
              <TableCell className="text-right">
                <VarianceText variance={p.runningVariance} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function DetailSkeleton() {
  return (
    <div role="status" aria-label="Loading tag details" className="grid gap-4">
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-24 rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-64 rounded-xl" />
      <Skeleton className="h-48 rounded-xl" />
    </div>
  );
}

export default function TagDetailPage({ tagName, canRefresh }: { tagName: string; canRefresh: boolean }) {
  const details = useTagDetails(tagName);
  const refresh = useRefreshTagAnalytics();
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-6 p-4 md:p-6">
      <div>
        <Button variant="ghost" size="sm" asChild className="-ml-2">
          <Link href="/tag-analytics">
            <ArrowLeft aria-hidden="true" />
            Back to Analytics
          </Link>
        </Button>
      </div>
      <PageHeader
        title={`Tag: ${tagName}`}
        actions={
          canRefresh ? (
            <Button variant="outline" onClick={() => refresh.mutate(tagName)} disabled={refresh.isPending}>
              <RefreshCw aria-hidden="true" className={cn(refresh.isPending && 'animate-spin')} />
              Refresh
            </Button>
          ) : null
        }
      />
      {details.isPending ? (
        <DetailSkeleton />
      ) : details.isError ? (
        <div role="alert" className="border-destructive/30 bg-destructive/5 rounded-lg border p-4 text-sm">
          <p className="font-medium">Error loading tag details</p>
          <p className="text-muted-foreground mt-1 break-words">{errorMessage(details.error)}</p>
        </div>
      ) : (
        <>
          <SummaryCards summary={details.data.summary} />
          <Card className="gap-4" role="region" aria-labelledby="tag-accuracy-title">
            <CardHeader>
              <CardTitle id="tag-accuracy-title">Accuracy over time</CardTitle>
              <CardDescription>Share of this tag&apos;s products counted correctly in each complete audit.</CardDescription>
            </CardHeader>
            <CardContent>
              <AccuracyOverTimeChart points={details.data.accuracyOverTime} />
            </CardContent>
          </Card>
          <Card className="gap-4" role="region" aria-labelledby="tag-products-title">
            <CardHeader>
              <CardTitle id="tag-products-title">Products in this Tag</CardTitle>
            </CardHeader>
            <CardContent>
              <ProductsTable products={details.data.products} />
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}
