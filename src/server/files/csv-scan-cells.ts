/**
 * The scan reader's column path through the CSV parser (docs/decisions/0079): of each record
 * only the scan cell and the quantity cell are taken, straight from the chunk's text, into
 * reused columns. No record object, no cells array and, for a quantity of plain digits, no
 * quantity string per row: the three allocations that made most of the scan file's garbage
 * at a million rows.
 *
 * It yields exactly the rows `readScanColumns` makes of the record path (csv-scan-cells.test.ts
 * compares the two): records up to the header line are dropped, then every record whose scan
 * cell is blank (a blank row's scan cell is blank too); lines, values and the grammar (quotes,
 * line breaks, errors) are the parser's. Quantities other than 1-9 plain digits are left as
 * text for read-scan-rows.ts to parse, so their rules and messages stay in one place.
 */
import { CsvTextParser } from './csv-parser.js';
import { doubled } from '../../domain/doubled-column.js';
import { plainDigitsIn } from './parse-quantity.js';
import { isBlankCell } from './table.js';

/**
 * Scan rows of one chunk as columns; row i < `count` is (`lines[i]`, `values[i]`,
 * `quantities[i]`). A quantity still to be parsed is NaN, its cell's text in `rawQuantities`
 * at the same index (`rawCount` of them). Reused from chunk to chunk.
 */
export interface ScanCellColumns {
  count: number;
  lines: Float64Array;
  /**
   * The scan cell as read, untrimmed, never blank: `text[starts[i], ends[i])` where `starts[i]`
   * >= 0 (a record of one plain line: no string is made of it, docs/decisions/0163), else
   * `values[i]` (a record read by the parser's slow path: quotes, or across chunks).
   * `scanValueAt` gives either as a string.
   */
  text: string;
  starts: Int32Array;
  ends: Int32Array;
  /** Row i's scan cell where `starts[i]` < 0; not set for the other rows. */
  values: string[];
  /** Whole units; 1 without a quantity column or for a missing cell; NaN: see `rawQuantities`. */
  quantities: Float64Array;
  /** For each NaN quantity: the cell's text (may be blank: it then counts 1). */
  rawQuantities: string[];
  rawCount: number;
}

/** An empty column set with room for `capacity` rows (it grows as needed). */
export function emptyScanCellColumns(capacity = 1024): ScanCellColumns {
  return {
    count: 0,
    lines: new Float64Array(capacity),
    text: '',
    starts: new Int32Array(capacity),
    ends: new Int32Array(capacity),
    values: [],
    quantities: new Float64Array(capacity),
    rawQuantities: [],
    rawCount: 0,
  };
}

/** Row `i`'s scan cell of `columns` as a string, whichever way it is held. */
export function scanValueAt(columns: Pick<ScanCellColumns, 'text' | 'values'> & { starts: Int32Array | null; ends: Int32Array | null }, i: number): string {
  const start = columns.starts === null ? -1 : columns.starts[i]!;
  return start < 0 ? columns.values[i]! : columns.text.slice(start, columns.ends![i]!);
}

export interface ScanCellOptions {
  /** 0-based column of the scan values. */
  scanIndex: number;
  /** 0-based column of the quantities; null: every row counts 1. */
  quantityIndex: number | null;
  /** Records starting on this line or before are not data (the header row; 0 for none). */
  afterLine: number;
}

/** A CsvTextParser that appends each data record's scan row to a `ScanCellColumns`. */
export class CsvScanCellParser extends CsvTextParser<ScanCellColumns> {
  private readonly scanIndex: number;
  private readonly quantityIndex: number;
  private readonly lastIndex: number;
  private readonly afterLine: number;

  constructor(delimiter: string, cells: ScanCellOptions, options: { maxRecordChars?: number } = {}) {
    super(delimiter, options);
    this.scanIndex = cells.scanIndex;
    this.quantityIndex = cells.quantityIndex ?? -1;
    this.lastIndex = Math.max(this.scanIndex, this.quantityIndex);
    this.afterLine = cells.afterLine;
  }

  protected takePlainLine(text: string, start: number, end: number, line: number, out: ScanCellColumns): void {
    if (line <= this.afterLine) return;
    let valueStart = -1;
    let valueEnd = -1;
    let quantityStart = -1;
    let quantityEnd = -1;
    for (let cell = 0; ; cell++) {
      const cellEnd = this.cellEnd(text, start, end);
      if (cell === this.scanIndex) {
        valueStart = start;
        valueEnd = cellEnd;
      } else if (cell === this.quantityIndex) {
        quantityStart = start;
        quantityEnd = cellEnd;
      }
      if (cellEnd === end || cell === this.lastIndex) break;
      start = cellEnd + 1;
    }
    if (valueStart < 0 || valueStart === valueEnd) return;
    // A cell starting with white space or a control character may be blank: the rare look made
    // with a string.
    if (text.charCodeAt(valueStart) <= 32 && isBlankCell(text.slice(valueStart, valueEnd))) return;
    const at = this.row(out, line);
    out.text = text;
    out.starts[at] = valueStart;
    out.ends[at] = valueEnd;
    if (this.quantityIndex < 0 || quantityStart < 0) return;
    const digits = plainDigitsIn(text, quantityStart, quantityEnd);
    if (digits >= 0) out.quantities[at] = digits;
    else rawQuantity(out, at, text.slice(quantityStart, quantityEnd));
  }

  protected takeRecord(line: number, cells: string[], out: ScanCellColumns): void {
    if (line <= this.afterLine) return;
    const value = cells[this.scanIndex] ?? '';
    if (isBlankCell(value)) return;
    const at = this.row(out, line);
    out.starts[at] = -1;
    out.values[at] = value;
    if (this.quantityIndex < 0) return;
    const raw = cells[this.quantityIndex] ?? '';
    const digits = plainDigitsIn(raw, 0, raw.length);
    if (digits >= 0) out.quantities[at] = digits;
    else rawQuantity(out, at, raw);
  }

  /** Appends a row counting 1 (its value for the caller to set) and returns its index. */
  private row(out: ScanCellColumns, line: number): number {
    const at = out.count++;
    if (at === out.lines.length) grow(out);
    out.lines[at] = line;
    out.quantities[at] = 1;
    return at;
  }
}

function rawQuantity(out: ScanCellColumns, at: number, raw: string): void {
  out.quantities[at] = NaN;
  out.rawQuantities[at] = raw;
  out.rawCount++;
}

function grow(out: ScanCellColumns): void {
  out.lines = doubled(out.lines);
  out.quantities = doubled(out.quantities);
  out.starts = doubled(out.starts);
  out.ends = doubled(out.ends);
}
