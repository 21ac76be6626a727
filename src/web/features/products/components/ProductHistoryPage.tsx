/**
 * /products/{id}/history (DESIGN.md section 13): a product's current stock and every stock
 * adjustment made by applying an audit's counts or reversing an application, newest first, with
 * before, after, the difference, why, which audit and who. A counted product whose stock already
 * matched shows its 0 adjustment: proof it was counted.
 */
import { ArrowLeft, FileQuestion, Loader2 } from 'lucide-react';
import { Link } from 'wouter';
import type { StockAdjustment, StockAdjustmentReason } from '../../../../contracts/stock';
import { PageHeader } from '@/components/PageHeader';
import { PhoneCard, PhoneCardList } from '@/components/PhoneCards';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ApiError, errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useProductHistory } from '../api/product-history';

const REASONS: Record<StockAdjustmentReason, string> = {
  'audit-applied': 'Count applied',
  'zero-sheet': 'Not counted (zero sheet)',
  'application-reversed': 'Application reversed',
};

function signed(n: number): string {
  return n > 0 ? `+${n.toLocaleString()}` : n.toLocaleString();
}

function Difference({ value }: { value: number }) {
  return <span className={cn(value < 0 && 'text-destructive', value > 0 && 'text-green-700')}>{signed(value)}</span>;
}

function AuditLink({ adjustment: a }: { adjustment: StockAdjustment }) {
  if (!a.auditId) return <>{a.auditName ?? '—'}</>;
  return (
    <Link href={`/audits/${a.auditId}`} className="underline underline-offset-4">
      {a.auditName}
    </Link>
  );
}

export default function ProductHistoryPage({ id = '' }: { id?: string }) {
  const history = useProductHistory(id);
  const missing = history.isError && history.error instanceof ApiError && history.error.status === 404;
  const product = history.data?.product;
  return (
    <div className="mx-auto flex w-full max-w-7xl min-w-0 flex-1 flex-col gap-6 p-4 md:p-6">
      <div>
        <Button variant="ghost" size="sm" asChild className="-ml-2">
          <Link href="/products">
            <ArrowLeft aria-hidden="true" />
            Back to Products
          </Link>
        </Button>
      </div>
      <PageHeader
        title={product ? `Stock history: ${product.sku}` : 'Stock history'}
        description={product ? `${product.name ?? 'Unnamed Product'} · current stock ${product.currentQuantity.toLocaleString()}` : undefined}
      />
      {history.isPending ? (
        <p role="status" className="text-muted-foreground flex items-center gap-2 text-sm">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          Loading stock history...
        </p>
      ) : missing ? (
        <div className="flex items-center gap-2 text-sm">
          <FileQuestion className="size-4" aria-hidden="true" />
          Product not found.
        </div>
      ) : history.isError ? (
        <p role="alert" className="text-destructive text-sm">
          Failed to load the stock history: {errorMessage(history.error)}
        </p>
      ) : history.data.adjustments.length === 0 ? (
        <p className="text-muted-foreground py-8 text-center text-sm">No stock adjustments yet: applying an audit&apos;s counts records them here.</p>
      ) : (
        <>
          <PhoneCardList label="Stock adjustments">
            {history.data.adjustments.map((a) => (
              <PhoneCard
                key={a.id}
                title={<span className="font-medium">{REASONS[a.reason]}</span>}
                numbers={[
                  { label: 'Before', value: a.quantityBefore.toLocaleString() },
                  { label: 'After', value: a.quantityAfter.toLocaleString() },
                  { label: 'Difference', value: <Difference value={a.difference} /> },
                ]}
                texts={[
                  { label: 'When', value: new Date(a.createdAt).toLocaleString() },
                  { label: 'Audit', value: <AuditLink adjustment={a} /> },
                  { label: 'By', value: a.userName },
                ]}
              />
            ))}
          </PhoneCardList>
          <div className="hidden overflow-x-auto rounded-md border md:block">
            <Table aria-label="Stock adjustments">
              <TableHeader>
                <TableRow>
                  <TableHead>When</TableHead>
                  <TableHead>Why</TableHead>
                  <TableHead className="text-right">Before</TableHead>
                  <TableHead className="text-right">After</TableHead>
                  <TableHead className="text-right">Difference</TableHead>
                  <TableHead>Audit</TableHead>
                  <TableHead>By</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {history.data.adjustments.map((a) => (
                  <TableRow key={a.id}>
                    <TableCell className="whitespace-nowrap">{new Date(a.createdAt).toLocaleString()}</TableCell>
                    <TableCell>{REASONS[a.reason]}</TableCell>
                    <TableCell className="text-right tabular-nums">{a.quantityBefore.toLocaleString()}</TableCell>
                    <TableCell className="text-right tabular-nums">{a.quantityAfter.toLocaleString()}</TableCell>
                    <TableCell className="text-right tabular-nums">
                      <Difference value={a.difference} />
                    </TableCell>
                    <TableCell className="max-w-64 whitespace-normal break-words">
                      <AuditLink adjustment={a} />
                    </TableCell>
                    <TableCell className="whitespace-nowrap">{a.userName}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        </>
      )}
    </div>
  );
}
