import { AlertTriangle, ClipboardCheck, ClipboardList, Loader2, Target } from 'lucide-react';
import { Link } from 'wouter';
import type { Audit } from '../../../../contracts/audits';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatAuditPercent } from '../../../../domain/audit-figures';
import { dashboardDiscrepancies } from '../lib/audit-figures';

const TYPE_LABEL: Record<Audit['auditType'], string> = {
  'cycle-count': 'Cycle Count',
  'product-audit': 'Product Audit',
};

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

/**
 * One audit of the Recent Audits card (spec part 1 section 2 "Dashboard"): complete -> figures and
 * View Results; draft -> the hint and Continue (the audit page resumes it); error -> Failed (our
 * status the spec does not have: 'Processing...' would be untrue); anything else -> Processing...
 */
export function RecentAuditRow({ audit }: { audit: Audit }) {
  const href = `/audits/${audit.id}`;
  const meta = [TYPE_LABEL[audit.auditType], audit.section, formatDate(audit.createdAt)].filter(Boolean).join(' · ');
  const Icon = audit.auditType === 'product-audit' ? Target : audit.status === 'complete' ? ClipboardCheck : ClipboardList;

  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:gap-4" aria-label={audit.name}>
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className="bg-muted text-muted-foreground flex size-9 shrink-0 items-center justify-center rounded-lg">
          <Icon className="size-4" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <p className="truncate font-medium">{audit.name}</p>
          <p className="text-muted-foreground truncate text-xs">{meta}</p>
          {audit.status === 'draft' ? (
            <p className="mt-1 text-xs text-blue-700">Ready to start - Upload scan files to begin processing</p>
          ) : null}
        </div>
      </div>
      <div className="flex shrink-0 items-center justify-between gap-4 sm:justify-end">
        <AuditOutcome audit={audit} href={href} />
      </div>
    </li>
  );
}

function AuditOutcome({ audit, href }: { audit: Audit; href: string }) {
  switch (audit.status) {
    case 'complete': {
      const discrepancies = dashboardDiscrepancies(audit);
      return (
        <>
          <dl className="flex gap-4 text-xs whitespace-nowrap sm:text-right">
            <div>
              <dt className="text-muted-foreground" title="Scanned units that matched a product in scope, of all scanned units">
                Match Rate
              </dt>
              <dd className="text-sm font-semibold tabular-nums">{formatAuditPercent(audit.matchRate)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground" title="Products counted correctly, of products counted">
                Accuracy
              </dt>
              <dd className="text-sm font-semibold tabular-nums">{formatAuditPercent(audit.accuracy)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Discrepancies</dt>
              <dd className="text-sm font-semibold tabular-nums">{discrepancies === null ? '—' : discrepancies.toLocaleString()}</dd>
            </div>
          </dl>
          <Button variant="outline" size="sm" asChild>
            <Link href={href}>View Results</Link>
          </Button>
        </>
      );
    }
    case 'draft':
      return (
        <Button size="sm" asChild className="ml-auto">
          <Link href={href}>Continue</Link>
        </Button>
      );
    case 'error':
      return (
        <>
          <Badge className="border-transparent bg-red-100 text-red-800" title={audit.errorMessage ?? undefined}>
            <AlertTriangle aria-hidden="true" />
            Failed
          </Badge>
          <Button variant="outline" size="sm" asChild>
            <Link href={href}>View</Link>
          </Button>
        </>
      );
    default:
      return (
        <Badge className="ml-auto border-transparent bg-yellow-100 text-yellow-900">
          <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
          Processing...
        </Badge>
      );
  }
}
