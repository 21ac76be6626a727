/**
 * The count sheet as CSV (DESIGN.md section 14; docs/decisions/0128): the PDF's rows in its order
 * (location, then SKU), to type the counts into and upload back as a scan file of the audit with
 * scan column `SKU` and quantity column COUNT_SHEET_COUNT_HEADER. A count left blank is a product
 * not counted: the reader skips that row (read-scan-rows.ts), it does not count 1.
 * Columns: `Location,SKU,Name,Barcode[,Expected],Count (blank: not counted)`, where Barcode is the code
 * the PDF prints under that row's bars (its GTIN as EAN/UPC, else the Code 128 text; blank where the
 * PDF prints none: domain/count-sheet-barcode.ts), so both sheets show one value; UTF-8 with a BOM,
 * CRLF line ends; a cell a spreadsheet would take for a formula gets a leading apostrophe, which
 * the engine drops from the SKU (section 5 rule 1).
 */
import { sheetBarcodes } from '../../../domain/count-sheet-barcode.js';
import { COUNT_SHEET_COUNT_HEADER } from '../../../domain/count-sheet-csv.js';
import { spreadsheetSafe } from '../../reports/spreadsheet-safe.js';
import { csvCell } from './count-file.js';
import { inSheetOrder, type CountSheetOptions, type SheetProduct } from './count-sheet-rows.js';

/**
 * The CSV text of `products` (already in scope); `withExpected` adds the expected quantities (never
 * for a blind count); `catalogue` as for the PDF (CountSheetOptions): the barcodes are chosen alike.
 */
export function countSheetCsv(products: readonly SheetProduct[], opts: Pick<CountSheetOptions, 'withExpected' | 'catalogue'>): string {
  const header = ['Location', 'SKU', 'Name', 'Barcode', ...(opts.withExpected ? ['Expected'] : []), COUNT_SHEET_COUNT_HEADER];
  const lines = [header.map(csvCell).join(',')];
  const barcodes = sheetBarcodes(products, opts.catalogue ?? products);
  for (const p of inSheetOrder(products)) {
    const printed = barcodes.get(p)?.barcode?.text ?? '';
    const cells = [p.location ?? '', p.sku, p.name ?? '', printed].map((c) => csvCell(spreadsheetSafe(c)));
    if (opts.withExpected) cells.push(p.expectedQuantity === null ? '' : String(p.expectedQuantity));
    cells.push('');
    lines.push(cells.join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
