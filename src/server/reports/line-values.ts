/**
 * How the fields of a result line are shown in both report formats (spec part 1 section 3
 * "Result item"; DESIGN.md section 5 step 5 for difference, percentage and variance).
 */
import type { FileCount } from '../../contracts/results.js';

/** Separator between file names (and file counts) in one cell. */
export const LIST_SEPARATOR = '; ';

/**
 * A money decimal string ("-12.50", as the contracts carry money) as a number for a numeric
 * cell; null for null or blank. A string that is not a decimal number is returned unchanged, so
 * the report still shows what the database held instead of dropping it.
 */
export function moneyValue(decimal: string | null): number | string | null {
  if (decimal === null || decimal.trim() === '') return null;
  const value = Number(decimal);
  return Number.isFinite(value) ? value : decimal;
}

/**
 * A percentage in percent (the contracts' `percentageDifference`, e.g. -12.5) as the fraction a
 * spreadsheet's `%` format expects (-0.125); null stays null (expected quantity 0).
 */
export function percentFraction(percent: number | null): number | null {
  return percent === null ? null : percent / 100;
}

/** A percentage rounded to 2 decimals for plain-text output (CSV); null stays null. */
export function roundedPercent(percent: number | null): number | null {
  return percent === null ? null : Math.round(percent * 100) / 100;
}

/** File names in upload order, one cell: `team1.csv; team2.csv`. */
export function joinedScanFiles(files: readonly string[]): string {
  return files.join(LIST_SEPARATOR);
}

/** Each file's count of a cross-validation line, one cell: `team1.csv: 12; team2.csv: 10`. */
export function fileCountsText(counts: readonly FileCount[]): string {
  return counts.map((count) => `${count.fileName}: ${count.quantity}`).join(LIST_SEPARATOR);
}

/** A neighbouring scan with its product name, `SKU-1 (Blue Widget)`; null when no scan. */
export function scanWithName(scan: string | null, name: string | null): string | null {
  if (scan === null) return null;
  return name === null || name === '' ? scan : `${scan} (${name})`;
}
