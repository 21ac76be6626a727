/**
 * The dashboard's per-audit figures (spec part 1 section 2 "Dashboard"). Its match rate is the
 * audit's one match rate (DESIGN.md section 5 rule 6, docs/decisions/0117), read from the audit.
 */
import type { Audit } from '../../../../contracts/audits';

type Figures = Pick<Audit, 'quantityOff' | 'productsNotMatched'>;

/** quantityOff + productsNotMatched; null when neither is known. */
export function dashboardDiscrepancies(audit: Figures): number | null {
  if (audit.quantityOff === null && audit.productsNotMatched === null) return null;
  return (audit.quantityOff ?? 0) + (audit.productsNotMatched ?? 0);
}

/** A 0-100 percentage with one decimal (spec part 1 section 9), or '—'. */
export function formatPercent(percent: number | null): string {
  return percent === null || !Number.isFinite(percent) ? '—' : `${percent.toFixed(1)}%`;
}
