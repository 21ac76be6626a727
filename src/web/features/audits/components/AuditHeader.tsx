/** Audit detail header (spec part 1 "Audit detail"): name, status, type, created date, Back to Audits. */
import type { ReactNode } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import type { Audit } from '../../../../contracts/audits';
import { filterExpressionSchema } from '../../../../contracts/filters';
import { describeFilter } from '../../../../domain/describe-filter';
import { Button } from '@/components/ui/button';
import { formatDate } from '../lib/display-format';
import { AuditStatusBadge } from './AuditStatusBadge';
import { AuditTypeBadge } from './AuditTypeBadge';

export function BackToAudits() {
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-2 w-fit">
      <Link href="/audits">
        <ArrowLeft aria-hidden="true" />
        Back to Audits
      </Link>
    </Button>
  );
}

/**
 * Drops what the client holds of audit `id` (its page, results, stock state): a recount that
 * completed has changed its figures (DESIGN.md section 13), and answers are otherwise kept.
 */
function forgetAudit(queryClient: QueryClient, id: string): void {
  const prefix = `/api/audits/${encodeURIComponent(id)}`;
  void queryClient.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith(prefix) });
}

export function AuditHeader({ audit, actions }: { audit: Audit; actions?: ReactNode }) {
  const queryClient = useQueryClient();
  return (
    <div className="grid gap-3">
      <BackToAudits />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid min-w-0 gap-2">
          <h1 className="text-2xl font-semibold tracking-tight break-words">{audit.name}</h1>
          <div className="text-muted-foreground flex flex-wrap items-center gap-2 text-sm">
            <AuditStatusBadge status={audit.status} />
            <AuditTypeBadge auditType={audit.auditType} />
            {audit.section ? <span>Section: {audit.section}</span> : null}
            <span>Created {formatDate(audit.createdAt, 'Unknown date')}</span>
          </div>
          <AuditScope audit={audit} />
          {audit.parentAuditId ? (
            <p className="text-sm">
              Recount of {audit.scopeProductCount ?? 0} {audit.scopeProductCount === 1 ? 'product' : 'products'}.{' '}
              <Link href={`/audits/${audit.parentAuditId}`} className="underline underline-offset-4" onClick={() => forgetAudit(queryClient, audit.parentAuditId!)}>
                Open the recounted audit
              </Link>
            </p>
          ) : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
    </div>
  );
}

/** A product audit's scope as a sentence ('Products whose category is "Tools"'); nothing for cycle counts. */
function AuditScope({ audit }: { audit: Audit }) {
  if (audit.auditType !== 'product-audit') return null;
  const filter = filterExpressionSchema.safeParse(audit.filterExpression);
  if (!filter.success) return null;
  return (
    <p className="text-sm break-words">
      <span className="text-muted-foreground">Scope: </span>
      {describeFilter(filter.data)}
    </p>
  );
}
