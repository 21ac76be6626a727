/**
 * The audit list's figures (spec part 1 sections 2 "Dashboard", "Audit list", 9).
 */
import type { Audit } from '../../../../contracts/audits';

export type Tone = 'good' | 'warn' | 'bad';

/**
 * List match rate = (scanned - (quantity discrepancies + missing + unrecognized)) / scanned * 100,
 * clamped to 0-100 (spec section 9); null while nothing has been scanned. The three counts are the
 * audit's quantityDiscrepancies, missingItems and unrecognizedItems (result lines).
 */
export function listMatchRate(
  audit: Pick<Audit, 'itemsScanned' | 'quantityDiscrepancies' | 'missingItems' | 'unrecognizedItems'>,
): number | null {
  const scanned = audit.itemsScanned;
  if (scanned === null || scanned <= 0) return null;
  const off = (audit.quantityDiscrepancies ?? 0) + (audit.missingItems ?? 0) + (audit.unrecognizedItems ?? 0);
  const rate = ((scanned - off) / scanned) * 100;
  return Math.min(100, Math.max(0, rate));
}

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
