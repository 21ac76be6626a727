/**
 * The list's Match Rate, Accuracy and Discrepancies badges with their colours (spec part 1
 * section 9). Match Rate and Accuracy are the audit's own figures (DESIGN.md section 5 rule 6), the
 * same the results page, the dashboard and the exports show (docs/decisions/0117).
 */
import type { Audit } from '../../../../contracts/audits';
import { auditPercent, formatAuditPercent } from '../../../../domain/audit-figures';
import { Badge } from '@/components/ui/badge';
import { discrepancyCount, discrepancyTone, matchRateTone, TONE_BADGE_CLASS } from '../lib/audit-figures';

function PercentBadge({ fraction }: { fraction: number | null }) {
  const percent = auditPercent(fraction);
  if (percent === null) return <span className="text-muted-foreground">—</span>;
  return <Badge className={TONE_BADGE_CLASS[matchRateTone(percent)]}>{formatAuditPercent(fraction)}</Badge>;
}

export function MatchRateBadge({ audit }: { audit: Audit }) {
  return <PercentBadge fraction={audit.status === 'complete' ? audit.matchRate : null} />;
}

/** Accuracy as plain text: the list colours by the match rate only (spec part 1 section 9). */
export function AccuracyFigure({ audit }: { audit: Audit }) {
  const fraction = audit.status === 'complete' ? audit.accuracy : null;
  return <span className={fraction === null ? 'text-muted-foreground' : 'tabular-nums'}>{formatAuditPercent(fraction)}</span>;
}

export function DiscrepancyBadge({ audit }: { audit: Audit }) {
  const count = discrepancyCount(audit);
  if (count === null) return <span className="text-muted-foreground">—</span>;
  return <Badge className={TONE_BADGE_CLASS[discrepancyTone(count)]}>{count.toLocaleString()}</Badge>;
}
