/**
 * Exports of the tag list, made in the browser (spec part 2 sections 3 "Tag analytics export
 * columns", 7, 9): CSV, and Excel through a spreadsheet library loaded only when asked for.
 * Cells that a spreadsheet would run as formulas (= + - @ first) are written as text.
 */
import Papa from 'papaparse';
import type { TagSummaryRow } from '../../../../contracts/tag-analytics';

export const EXPORT_COLUMNS = [
  'Tag Name',
  'Total Products',
  'Products Ever Audited',
  'Products Audited Last 30 Days',
  'Accuracy Percentage',
  'Total Quantity Variance',
  'Last Audit Date',
] as const;
export const EXPORT_FILE_BASE = 'tag-analytics';
export const EXPORT_SHEET_NAME = 'Tag Analytics';

/** One export row per tag: numbers as numbers, accuracy to one decimal, ISO date or ''. */
export function exportRows(rows: readonly TagSummaryRow[]): Array<Array<string | number>> {
  return rows.map((r) => [
    r.tagName,
    r.totalProducts,
    r.productsEverAudited,
    r.productsAuditedLast30Days,
    r.accuracyPercentage === null ? '' : Math.round(r.accuracyPercentage * 10) / 10,
    r.totalQuantityVariance,
    r.lastAuditDate ?? '',
  ]);
}

function save(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/** Saves tag-analytics.csv (UTF-8 with BOM so Excel reads non-Latin tags). Does nothing without rows. */
export function exportCsv(rows: readonly TagSummaryRow[]): void {
  if (rows.length === 0) return;
  const csv = Papa.unparse({ fields: [...EXPORT_COLUMNS], data: exportRows(rows) }, { escapeFormulae: true });
  save(new Blob([`\uFEFF${csv}`], { type: 'text/csv;charset=utf-8' }), `${EXPORT_FILE_BASE}.csv`);
}

/**
 * Saves tag-analytics.xlsx with one sheet 'Tag Analytics'. Does nothing without rows.
 * @throws whatever loading or writing the workbook throws (the caller tells the user).
 */
export async function exportExcel(rows: readonly TagSummaryRow[]): Promise<void> {
  if (rows.length === 0) return;
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(EXPORT_SHEET_NAME);
  sheet.addRow([...EXPORT_COLUMNS]).font = { bold: true };
  // Strings are stored as text cells (never formulas), so a tag like '=1+1' stays text.
  for (const row of exportRows(rows)) sheet.addRow(row);
  sheet.columns.forEach((column, i) => {
    column.width = i === 0 ? 28 : 18;
  });
  const buffer = await workbook.xlsx.writeBuffer();
  save(new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), `${EXPORT_FILE_BASE}.xlsx`);
}
