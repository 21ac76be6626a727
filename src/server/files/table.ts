/**
 * The table model every file reader produces: headers plus a stream of data rows, whatever the
 * file format. Built by `openTable` (open-table.ts); read by the scan, import and preview code.
 * DESIGN.md section 6.
 */
import type { ScanCellColumns } from './csv-scan-cells.js';

export type TableFormat = 'csv' | 'xlsx' | 'xls';

/** One data row. */
export interface TableRow {
  /**
   * 1-based physical line where the row starts in a CSV file, as an editor shows it (header =
   * line 1, blank lines counted); the sheet row number for Excel.
   */
  line: number;
  /**
   * The cells as text, untrimmed, in column order. A row may hold fewer cells than there are
   * headers (missing cells are blank) or more (cells beyond the headers have no column).
   */
  cells: string[];
}

export interface OpenTableOptions {
  /**
   * Whether the first non-blank row is a header row. 'auto' (default) decides from its content:
   * a first row that looks like data (digit-only codes, numbers, dates, times) is data.
   */
  header?: 'auto' | 'yes' | 'no';
  /**
   * The user's choice of header row: its line in the file (1 = the first line), among the first
   * rows the reader looks at (`Table.headerCandidates`); the rows above it are skipped as titles.
   * Unset: the reader finds it (a report's title rows above the first row of several labels).
   * @throws FileError HEADER_ROW_NOT_FOUND when no such row is among them.
   */
  headerLine?: number;
  /** Refuse files larger than this many bytes (FILE_TOO_LARGE). XLS files have a default cap. */
  maxBytes?: number;
}

export interface Table {
  /** The name the user gave the file; every FileError names it. */
  fileName: string;
  /** The format actually read (content wins over the extension when they disagree). */
  format: TableFormat;
  /** CSV only: the delimiter found (`,` `;` `\t` `|`); absent for a fixed-width file. */
  delimiter?: string;
  /** Text only: true when the columns are aligned by blanks (detect-fixed-width.ts), not delimited. */
  fixedWidth?: boolean;
  /** CSV only: the text encoding found (`utf-8`, `utf-16le`, `utf-16be`, `windows-1252`). */
  encoding?: string;
  /** Excel only: the name of the worksheet read (the first one). */
  sheetName?: string;
  /** false: the headers are 'Column 1', 'Column 2'... and the first row is data. */
  headerRow: boolean;
  /** Title rows above the header row that were skipped (a report's company, name, period); 0 for most files. */
  skippedTitleRows?: number;
  /** The header row's line in the file (0 when there is none). */
  headerLine: number;
  /** The first non-blank rows of the file with their lines: the rows the user may choose as the header. */
  headerCandidates: TableRow[];
  /** Column names: trimmed, never blank, unique ('Column 3' for a blank one, 'Qty (2)'). */
  headers: string[];
  /**
   * The data rows in file order: header row excluded, blank rows (every cell blank) skipped.
   * Streams from the file on every call; iterate it as often as needed.
   * @throws FileError (CSV_UNCLOSED_QUOTE, FILE_INVALID_EXCEL...) when the file breaks mid-way.
   */
  rows(): AsyncIterable<TableRow>;
  /** The same rows in batches (one per chunk read), for hot loops that want to avoid a promise per row. */
  batches(): AsyncIterable<TableRow[]>;
  /**
   * Delimited CSV only: the data rows' scan cell (column `scanIndex`) and quantity cell (column
   * `quantityIndex`, null for none) as reused columns, rows with a blank scan cell skipped
   * (csv-scan-cells.ts): what `readScanColumns` takes instead of `batches()` when it is there,
   * for the same rows without a record per row. Streams from the file on every call.
   */
  scanCells?: (scanIndex: number, quantityIndex: number | null) => AsyncIterable<ScanCellColumns>;
  /**
   * Delimited CSV only: how many rows `batches()` yields, read through the file without making
   * them (csv-row-count.ts); the same errors as a read of the rows, and `windows1252Lines` is
   * set by it as by such a read.
   */
  countRows?: () => Promise<number>;
  /**
   * CSV only: after a read of every row, the lines that were not valid UTF-8 in a file that
   * otherwise is, and so were read as Windows-1252 (docs/decisions/0052); null when there were
   * none (or the whole file is Windows-1252) or no read has reached the end yet.
   */
  windows1252Lines?: () => Windows1252Lines | null;
}

/** Lines of a CSV file decoded as Windows-1252: the first few (1-based line numbers) and how many. */
export interface Windows1252Lines {
  lines: number[];
  count: number;
}

/** True when every cell is empty or whitespace: such rows are skipped (DESIGN.md section 6). */
export function isBlankRow(cells: readonly string[]): boolean {
  for (const cell of cells) if (!isBlankCell(cell)) return false;
  return true;
}

/** True when `cell` is empty or whitespace (`trim`'s white space); quick for the usual cell. */
export function isBlankCell(cell: string): boolean {
  return cell.length === 0 || (cell.charCodeAt(0) <= 32 && cell.trim() === '');
}

/**
 * Flattens batches into single rows through a hand-written async iterator: an async generator
 * costs about three times more per row, which shows at a million rows.
 */
export function flattenBatches<T>(source: () => AsyncIterable<T[]>): AsyncIterable<T> {
  return {
    [Symbol.asyncIterator](): AsyncIterator<T> {
      const batches = source()[Symbol.asyncIterator]();
      let batch: T[] = [];
      let index = 0;
      const pull = async (): Promise<IteratorResult<T>> => {
        for (;;) {
          const next = await batches.next();
          if (next.done) return { value: undefined, done: true };
          if (next.value.length > 0) {
            batch = next.value;
            index = 1;
            return { value: batch[0], done: false };
          }
        }
      };
      return {
        next(): Promise<IteratorResult<T>> {
          if (index < batch.length) return Promise.resolve({ value: batch[index++], done: false });
          return pull();
        },
        async return(): Promise<IteratorResult<T>> {
          await batches.return?.();
          return { value: undefined, done: true };
        },
      };
    },
  };
}
