/**
 * Scan rows (value, quantity) from a Table under the user's column mapping: what the engine
 * consumes (DESIGN.md section 5, step inputs; spec part 1 section 3 "Upload form fields").
 *
 * - rows whose scan value is blank are skipped (the engine would skip them too), before their
 *   quantity is looked at;
 * - the value is passed on exactly as read (` sku5837 `, `'0123`, `1.57439E+11`): trimming,
 *   unquoting and GTIN handling are the engine's normalisation, not the reader's;
 * - no quantity column: each row counts 1; a blank quantity cell counts 1; otherwise
 *   parse-quantity.ts decides, and a refused quantity stops the read with BAD_QUANTITY.
 */
import { FileError } from '../errors.js';
import { FILE_ERROR } from './file-error-codes.js';
import { parseQuantity } from './parse-quantity.js';
import { flattenBatches, type Table } from './table.js';

/** One scan: the physical line (CSV) or sheet row (Excel) it came from, its value and count. */
export interface ScanRow {
  line: number;
  /** The scan value as read, untrimmed. Never blank. */
  value: string;
  /** Whole units; may be negative (corrections). */
  quantity: number;
}

export interface ScanColumnMapping {
  /** Header of the column holding barcodes/SKUs. Required. */
  scanColumn: string;
  /** Header of the column holding counts; null/undefined/'': every row counts 1. */
  quantityColumn?: string | null;
}

/**
 * Streams the scan rows of `table`. The mapping is checked at once (before any row is read).
 * Column names match exactly, else case- and space-insensitively when that is unambiguous.
 *
 * @throws FileError, synchronously: MISSING_SCAN_COLUMN (no scan column named),
 *   UNKNOWN_COLUMN (a name not among the headers; the message lists them),
 *   SCAN_AND_QUANTITY_SAME_COLUMN.
 * @throws FileError while iterating: BAD_QUANTITY `team2.csv line 14: quantity "abc" is not a
 *   whole number`, and the table's own read errors.
 */
export function readScanRows(table: Table, mapping: ScanColumnMapping): AsyncIterable<ScanRow> {
  const batches = readScanRowBatches(table, mapping);
  return flattenBatches(() => batches);
}

/** readScanRows in batches, for the engine's hot loop (no promise per row). Same errors. */
export function readScanRowBatches(table: Table, mapping: ScanColumnMapping): AsyncIterable<ScanRow[]> {
  const { scanIndex, quantityIndex } = resolveMapping(table, mapping);
  return {
    async *[Symbol.asyncIterator]() {
      for await (const batch of table.batches()) {
        const out: ScanRow[] = [];
        for (let r = 0; r < batch.length; r++) {
          const row = batch[r];
          const cells = row.cells;
          const value = cells[scanIndex] ?? '';
          if (value.length === 0 || (value.charCodeAt(0) <= 32 && value.trim() === '')) continue;
          let quantity = 1;
          if (quantityIndex !== null) {
            const raw = cells[quantityIndex] ?? '';
            const digits = plainDigits(raw);
            if (digits >= 0) quantity = digits;
            else {
              const parsed = parseQuantity(raw);
              if (parsed !== null) {
                if (!parsed.ok) {
                  throw new FileError(FILE_ERROR.BAD_QUANTITY, table.fileName, `quantity ${quoted(raw)} ${parsed.reason}`, row.line);
                }
                quantity = parsed.value;
              }
            }
          }
          out.push({ line: row.line, value, quantity });
        }
        if (out.length > 0) yield out;
      }
    },
  };
}

/** The value of 1 to 9 plain digits (the common quantity), else -1: parseQuantity decides. */
function plainDigits(raw: string): number {
  const n = raw.length;
  if (n === 0 || n > 9) return -1;
  let value = 0;
  for (let i = 0; i < n; i++) {
    const d = raw.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    value = value * 10 + d;
  }
  return value;
}

function resolveMapping(table: Table, mapping: ScanColumnMapping): { scanIndex: number; quantityIndex: number | null } {
  const scanColumn = mapping.scanColumn?.trim() ?? '';
  if (scanColumn === '') {
    throw new FileError(FILE_ERROR.MISSING_SCAN_COLUMN, table.fileName, 'choose the column that holds the scanned barcode or SKU');
  }
  const scanIndex = columnIndex(table, mapping.scanColumn);
  const quantityColumn = mapping.quantityColumn?.trim() ? mapping.quantityColumn : null;
  const quantityIndex = quantityColumn === null ? null : columnIndex(table, quantityColumn);
  if (quantityIndex === scanIndex) {
    throw new FileError(FILE_ERROR.SAME_COLUMN, table.fileName, `column "${table.headers[scanIndex]}" cannot hold both the scan values and the quantities`);
  }
  return { scanIndex, quantityIndex };
}

function columnIndex(table: Table, name: string): number {
  const exact = table.headers.indexOf(name);
  if (exact >= 0) return exact;
  const key = name.trim().toLowerCase();
  const loose = table.headers.flatMap((h, i) => (h.trim().toLowerCase() === key ? [i] : []));
  if (loose.length === 1) return loose[0];
  throw new FileError(
    FILE_ERROR.UNKNOWN_COLUMN,
    table.fileName,
    `there is no column "${name}". Columns: ${table.headers.map((h) => `"${h}"`).join(', ')}`,
  );
}

/** The cell for a message: trimmed, quoted, cut at 40 characters. */
function quoted(raw: string): string {
  const text = raw.trim();
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}
