/**
 * How tag figures look (spec part 2 section 9): accuracy badge by threshold, one decimal with %;
 * variance signed and coloured (positive orange, negative red, zero green).
 */
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { accuracyBadgeVariant, formatAccuracy, formatVariance, varianceTone } from '../../../../domain/tag-analytics';

export function AccuracyBadge({ accuracy }: { accuracy: number | null }) {
  if (accuracy === null) return <span className="text-muted-foreground text-sm">No audits</span>;
  return <Badge variant={accuracyBadgeVariant(accuracy)}>{formatAccuracy(accuracy)}</Badge>;
}

const TONE_CLASS = {
  positive: 'text-orange-700 dark:text-orange-400',
  negative: 'text-red-600 dark:text-red-400',
  zero: 'text-green-700 dark:text-green-400',
} as const;

export function VarianceText({ variance, className }: { variance: number; className?: string }) {
  return <span className={cn('font-medium tabular-nums', TONE_CLASS[varianceTone(variance)], className)}>{formatVariance(variance)}</span>;
}

/** Local date in the spec's 'MMM d, yyyy' form, or 'Never'. */
export function formatAuditDate(iso: string | null): string {
  if (!iso) return 'Never';
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}
