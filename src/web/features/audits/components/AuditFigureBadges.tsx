/** The list's Match Rate and Discrepancies badges with their colours (spec part 1 section 9). */
import type { Audit } from '../../../../contracts/audits';
import { Badge } from '@/components/ui/badge';
import { discrepancyCount, discrepancyTone, listMatchRate, matchRateTone, TONE_BADGE_CLASS } from '../lib/audit-figures';
import { formatPercent } from '../lib/display-format';

export function MatchRateBadge({ audit }: { audit: Audit }) {
  const rate = listMatchRate(audit);
  if (rate === null) return <span className="text-muted-foreground">—</span>;
  return <Badge className={TONE_BADGE_CLASS[matchRateTone(rate)]}>{formatPercent(rate)}</Badge>;
}

export function DiscrepancyBadge({ audit }: { audit: Audit }) {
  const count = discrepancyCount(audit);
  if (count === null) return <span className="text-muted-foreground">—</span>;
  return <Badge className={TONE_BADGE_CLASS[discrepancyTone(count)]}>{count.toLocaleString()}</Badge>;
}
