/**
 * The dashboard's per-audit figures (spec part 1 section 2 "Dashboard"). They differ from the
 * audit list's match rate (section 9) on purpose: the spec defines them separately.
 */
import type { Audit } from '../../../../contracts/audits';

type Figures = Pick<Audit, 'productsMatched' | 'totalScannedProducts' | 'quantityOff' | 'productsNotMatched'>;

/** productsMatched / totalScannedProducts * 100; null when unknown or nothing was scanned. */
export function dashboardMatchRate(audit: Figures): number | null {
  const { productsMatched, totalScannedProducts } = audit;
  if (productsMatched === null || totalScannedProducts === null || totalScannedProducts <= 0) return null;
  return (productsMatched / totalScannedProducts) * 100;
}

/** quantityOff + productsNotMatched; null when neither is known. */
export function dashboardDiscrepancies(audit: Figures): number | null {
  if (audit.quantityOff === null && audit.productsNotMatched === null) return null;
  return (audit.quantityOff ?? 0) + (audit.productsNotMatched ?? 0);
}

/** A 0-100 percentage with one decimal (spec part 1 section 9), or '—'. */
export function formatPercent(percent: number | null): string {
  return percent === null || !Number.isFinite(percent) ? '—' : `${percent.toFixed(1)}%`;
}
