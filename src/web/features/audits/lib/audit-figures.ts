/**
 * The audit list's figures (spec part 1 sections 2 "Dashboard", "Audit list", 9). Its Match Rate
 * is the audit's one match rate (DESIGN.md section 5 rule 6), coloured by the spec's thresholds;
 * the spec's list formula is not used (docs/decisions/0117).
 */
import type { Audit } from '../../../../contracts/audits';

export type Tone = 'good' | 'warn' | 'bad';

/** Green at 95 % or more, yellow at 85 % or more, otherwise red (spec section 9). */
export function matchRateTone(percent: number): Tone {
  if (percent >= 95) return 'good';
  if (percent >= 85) return 'warn';
  return 'bad';
}

/** Discrepancies = quantityOff + productsNotMatched (spec "Dashboard"); null before processing. */
export function discrepancyCount(audit: Pick<Audit, 'quantityOff' | 'productsNotMatched'>): number | null {
  if (audit.quantityOff === null && audit.productsNotMatched === null) return null;
  return (audit.quantityOff ?? 0) + (audit.productsNotMatched ?? 0);
}

/** Discrepancy badge: 0 green, under 10 yellow, otherwise red (spec section 9). */
export function discrepancyTone(count: number): Tone {
  if (count === 0) return 'good';
  if (count < 10) return 'warn';
  return 'bad';
}

/** Badge classes per tone (text contrast >= 4.5:1 on the tinted background). */
export const TONE_BADGE_CLASS: Record<Tone, string> = {
  good: 'border-transparent bg-green-100 text-green-800',
  warn: 'border-transparent bg-yellow-100 text-yellow-900',
  bad: 'border-transparent bg-red-100 text-red-800',
};

export const TONE_TEXT_CLASS: Record<Tone, string> = {
  good: 'text-green-700',
  warn: 'text-yellow-700',
  bad: 'text-red-700',
};
