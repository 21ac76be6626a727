/**
 * The count sheet as CSV (DESIGN.md section 14; docs/decisions/0128): the PDF's rows in its order
 * (location, then SKU), to type the counts into and upload back as a scan file of the audit with
 * scan column `SKU` and quantity column COUNT_SHEET_COUNT_HEADER. A count left blank is a product
 * not counted: the reader skips that row (read-scan-rows.ts), it does not count 1.
 * Columns: `Location,SKU,Name,Barcode[,Expected],Count (blank: not counted)`; UTF-8 with a BOM,
 * CRLF line ends; a cell a spreadsheet would take for a formula gets a leading apostrophe, which
 * the engine drops from the SKU (section 5 rule 1).
 */
import { COUNT_SHEET_COUNT_HEADER } from '../../../domain/count-sheet-csv.js';
import { spreadsheetSafe } from '../../reports/spreadsheet-safe.js';
import { csvCell } from './count-file.js';
import { inSheetOrder, type SheetProduct } from './count-sheet-pdf.js';

/** The CSV text of `products` (already in scope); `withExpected` adds the expected quantities (never for a blind count). */
export function countSheetCsv(products: readonly SheetProduct[], opts: { withExpected: boolean }): string {
  const header = ['Location', 'SKU', 'Name', 'Barcode', ...(opts.withExpected ? ['Expected'] : []), COUNT_SHEET_COUNT_HEADER];
  const lines = [header.map(csvCell).join(',')];
  for (const p of inSheetOrder(products)) {
    const cells = [p.location ?? '', p.sku, p.name ?? '', p.upc ?? ''].map((c) => csvCell(spreadsheetSafe(c)));
    if (opts.withExpected) cells.push(p.expectedQuantity === null ? '' : String(p.expectedQuantity));
    cells.push('');
    lines.push(cells.join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
