/**
 * Scan rows (value, quantity) from a Table under the user's column mapping: what the engine
 * consumes (DESIGN.md section 5, step inputs; spec part 1 section 3 "Upload form fields").
 *
 * - rows whose scan value is blank are skipped (the engine would skip them too), before their
 *   quantity is looked at;
 * - the value is passed on exactly as read (` sku5837 `, `'0123`, `1.57439E+11`): trimming,
 *   unquoting and GTIN handling are the engine's normalisation, not the reader's;
 * - no quantity column: each row counts 1; a blank quantity cell counts 1, but in the count
 *   sheet's CSV (its quantity column headed COUNT_SHEET_COUNT_HEADER, domain/count-sheet-csv.ts)
 *   a row left blank is skipped: that product was not counted; otherwise parse-quantity.ts
 *   decides, and a refused quantity stops the read with BAD_QUANTITY.
 */
import { skipsBlankQuantities } from '../../domain/count-sheet-csv.js';
import { FileError } from '../errors.js';
import { FILE_ERROR } from './file-error-codes.js';
import { scanValueAt, type ScanCellColumns } from './csv-scan-cells.js';
import { parseQuantity, plainDigitsIn } from './parse-quantity.js';
import { flattenBatches, isBlankCell, type Table } from './table.js';

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
  const columns = readScanColumns(table, mapping);
  return {
    async *[Symbol.asyncIterator]() {
      for await (const batch of columns) {
        const out: ScanRow[] = new Array<ScanRow>(batch.count);
        for (let i = 0; i < batch.count; i++) out[i] = { line: batch.lines[i]!, value: scanValueAt(batch, i), quantity: batch.quantities[i]! };
        yield out;
      }
    },
  };
}

/**
 * One batch of scan rows as columns: row i is (`lines[i]`, its value, `quantities[i]`) for
 * i < `count`. Its value is `text[starts[i], ends[i])` when `starts` is not null and `starts[i]`
 * >= 0 (the CSV column path hands ranges of the chunk it read, no string per row:
 * docs/decisions/0163), else `values[i]`; `scanValueAt(batch, i)` gives it as a string. The
 * arrays are reused: a batch is valid until the next one is asked for.
 */
export interface ScanColumns {
  count: number;
  lines: Float64Array;
  text: string;
  starts: Int32Array | null;
  ends: Int32Array | null;
  values: string[];
  quantities: Float64Array;
}

export { scanValueAt };

/**
 * readScanRows as reused columns, for the engine's hot loop: no object per row (a million rows
 * would otherwise leave a million ScanRow objects to the garbage collector). Same errors.
 */
export function readScanColumns(table: Table, mapping: ScanColumnMapping): AsyncIterable<ScanColumns> {
  const { scanIndex, quantityIndex } = resolveMapping(table, mapping);
  // The count sheet's CSV is small: it takes the general path, which can skip its blank counts.
  const skipBlank = quantityIndex !== null && skipsBlankQuantities(table.headers[quantityIndex] ?? '');
  if (table.scanCells && !skipBlank) return scanCellColumns(table, table.scanCells(scanIndex, quantityIndex));
  return {
    async *[Symbol.asyncIterator]() {
      const columns: ScanColumns = { count: 0, lines: new Float64Array(1024), text: '', starts: null, ends: null, values: [], quantities: new Float64Array(1024) };
      for await (const batch of table.batches()) {
        if (batch.length > columns.lines.length) {
          columns.lines = new Float64Array(batch.length);
          columns.quantities = new Float64Array(batch.length);
        }
        let n = 0;
        for (let r = 0; r < batch.length; r++) {
          const row = batch[r]!;
          const cells = row.cells;
          const value = cells[scanIndex] ?? '';
          if (isBlankCell(value)) continue;
          let quantity = 1;
          if (quantityIndex !== null) {
            const raw = cells[quantityIndex] ?? '';
            if (skipBlank && parseQuantity(raw) === null) continue;
            const digits = plainDigitsIn(raw, 0, raw.length);
            quantity = digits >= 0 ? digits : parsedQuantity(table, raw, row.line);
          }
          columns.lines[n] = row.line;
          columns.values[n] = value;
          columns.quantities[n] = quantity;
          n++;
        }
        if (n > 0) {
          columns.count = n;
          yield columns;
        }
      }
    },
  };
}

/**
 * The CSV column path (csv-scan-cells.ts): its batches are already scan rows; the quantities it
 * left as text are parsed here, in row order, so that the first bad one stops the read as above.
 */
function scanCellColumns(table: Table, batches: AsyncIterable<ScanCellColumns>): AsyncIterable<ScanColumns> {
  return {
    async *[Symbol.asyncIterator]() {
      for await (const batch of batches) {
        if (batch.rawCount > 0) {
          const { quantities, rawQuantities } = batch;
          for (let i = 0; i < batch.count; i++) {
            if (Number.isNaN(quantities[i])) quantities[i] = parsedQuantity(table, rawQuantities[i]!, batch.lines[i]!);
          }
        }
        yield batch;
      }
    },
  };
}

/**
 * A quantity cell that is not plain digits, by parse-quantity.ts: blank counts 1.
 * @throws FileError BAD_QUANTITY naming the file, the line and the cell.
 */
function parsedQuantity(table: Table, raw: string, line: number): number {
  const parsed = parseQuantity(raw);
  if (parsed === null) return 1;
  if (!parsed.ok) throw new FileError(FILE_ERROR.BAD_QUANTITY, table.fileName, `quantity ${quoted(raw)} ${parsed.reason}`, line);
  return parsed.value;
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
