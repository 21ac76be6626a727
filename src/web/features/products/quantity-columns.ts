/**
 * The quantity upload's column choice (spec part 2 sections 4, 5): which file column holds the
 * SKU and which the quantity, started from the server's suggested mapping; both are needed.
 */
import Papa from 'papaparse';
import type { RejectedQuantityRow } from '../../../contracts/products';
import type { QuantityMapping } from './api/upload-quantities';

export interface QuantityColumns {
  sku: string | undefined;
  quantity: string | undefined;
}

/** The first header the server suggested for each role (only headers the file has). */
export function suggestedQuantityColumns(headers: readonly string[], suggested: Record<string, string>): QuantityColumns {
  const find = (role: 'sku' | 'quantity') => headers.find((h) => suggested[h] === role);
  return { sku: find('sku'), quantity: find('quantity') };
}

/** Both chosen, and not the same column. */
export function isQuantityMappingComplete(columns: QuantityColumns): boolean {
  return columns.sku !== undefined && columns.quantity !== undefined && columns.sku !== columns.quantity;
}

/** `columnMapping` as the upload sends it: header -> 'sku' | 'quantity'. */
export function toQuantityMapping(columns: QuantityColumns): QuantityMapping {
  const mapping: QuantityMapping = {};
  if (columns.sku !== undefined) mapping[columns.sku] = 'sku';
  if (columns.quantity !== undefined) mapping[columns.quantity] = 'quantity';
  return mapping;
}

const QUANTITY_FILE_EXTENSIONS = ['.csv', '.xlsx', '.xls'];

/** Quantity uploads accept .csv, .xlsx and .xls (spec part 2 section 5). */
export function isQuantityFile(file: Pick<File, 'name'>): boolean {
  const name = file.name.toLowerCase();
  return QUANTITY_FILE_EXTENSIONS.some((ext) => name.endsWith(ext));
}

export const QUANTITY_FILE_ACCEPT = QUANTITY_FILE_EXTENSIONS.join(',');

/** A cell a spreadsheet would run as a formula (= + - @, tab, CR first), but not a plain number such as -5. */
const FORMULA_CELL = /^(?![-+]?\d+(?:\.\d+)?$)[=+\-@\t\r]/;

/** The rows a partial update left out, as CSV (Line, SKU, Quantity, Reason) to fix and upload again. */
export function rejectedQuantityCsv(rows: readonly RejectedQuantityRow[]): string {
  return Papa.unparse(
    { fields: ['Line', 'SKU', 'Quantity', 'Reason'], data: rows.map((r) => [r.line, r.sku, r.quantity, r.reason]) },
    { escapeFormulae: FORMULA_CELL, newline: '\r\n' },
  );
}
