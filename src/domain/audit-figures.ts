/**
 * An audit's two headline figures as every screen and export shows them (DESIGN.md section 5
 * rule 6; docs/decisions/0117):
 * - Match Rate = scanned units that matched an in-scope product / all scanned units;
 * - Accuracy = in-scope products counted correctly / in-scope products counted.
 * Both are stored as fractions 0-1 (the results summary); shown as a percentage with one decimal
 * (spec part 1 section 9). The audit list, the dashboard, the results page and both exports read
 * these two figures and nothing else, so one audit shows one match rate and one accuracy.
 */

/**
 * A 0-1 fraction as a percentage rounded to one decimal: 0.98765 -> 98.8. Null (no figure:
 * nothing scanned, nothing counted) and non-finite values give null.
 */
export function auditPercent(fraction: number | null | undefined): number | null {
  if (fraction === null || fraction === undefined || !Number.isFinite(fraction)) return null;
  return Math.round(fraction * 1000) / 10;
}

/** The same percentage as text with one decimal and a % sign ('98.8%'), or '—' for no figure. */
export function formatAuditPercent(fraction: number | null | undefined): string {
  const percent = auditPercent(fraction);
  return percent === null ? '—' : `${percent.toFixed(1)}%`;
}
