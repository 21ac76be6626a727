/**
 * previewTable: what the mapping screens show before anything is processed: the headers found,
 * the first rows, the number of data rows, and the choices the reader made (header row or not,
 * format, delimiter), so the user can flip the header choice (DESIGN.md section 6;
 * docs/decisions/0003-server-side-preview.md).
 */
import { openTable } from './open-table.js';
import type { TableFormat, Windows1252Lines } from './table.js';

export interface TablePreview {
  headers: string[];
  /** The first data rows, each padded with '' to the number of headers. */
  rows: string[][];
  /** Every data row of the file (blank rows excluded). */
  totalRows: number;
  headerRow: boolean;
  format: TableFormat;
  delimiter?: string;
  /** Things the user should check about the file as a whole (lines read as Windows-1252); absent when none. */
  warnings?: string[];
  /** True for a text file whose columns are aligned by blanks (detect-fixed-width.ts). */
  fixedWidth?: boolean;
  /** Title rows skipped above the header row. */
  skippedTitleRows?: number;
  /** The header row's line in the file (0: none). */
  headerLine: number;
  /** The file's first rows with their lines (cells cut to CANDIDATE_CELLS): the rows the user may choose as the header. */
  headerCandidates: { line: number; cells: string[] }[];
}

/** Cells of a header candidate shown (enough to recognise a row). */
const CANDIDATE_CELLS = 8;

/** Preview rows when the caller does not say. */
export const DEFAULT_PREVIEW_ROWS = 10;

/**
 * @param opts.headerLine the user's header row (OpenTableOptions.headerLine).
 * Reads the whole file once to count its rows (a CSV's counted without making them,
 * `Table.countRows`) and keeps only the first `rows` rows.
 * @throws FileError as openTable, and the read errors of Table.rows().
 */
export async function previewTable(
  filePath: string,
  fileName: string,
  opts: { rows?: number; header?: 'auto' | 'yes' | 'no'; headerLine?: number } = {},
): Promise<TablePreview> {
  const table = await openTable(filePath, fileName, { header: opts.header ?? 'auto', ...(opts.headerLine ? { headerLine: opts.headerLine } : {}) });
  const wanted = Math.max(0, opts.rows ?? DEFAULT_PREVIEW_ROWS);
  const rows: string[][] = [];
  let totalRows = 0;
  let stopped = false;
  for await (const batch of table.batches()) {
    for (let i = 0; i < batch.length && rows.length < wanted; i++) {
      const cells = batch[i].cells.slice();
      while (cells.length < table.headers.length) cells.push('');
      rows.push(cells);
    }
    totalRows += batch.length;
    // A CSV's rows are counted without making them once the first ones are at hand.
    if (table.countRows && rows.length >= wanted) {
      stopped = true;
      break;
    }
  }
  if (stopped) totalRows = await table.countRows!();
  const fallback = table.windows1252Lines?.() ?? null;
  const preview: TablePreview = {
    headers: table.headers,
    rows,
    totalRows,
    headerRow: table.headerRow,
    format: table.format,
    headerLine: table.headerLine,
    headerCandidates: table.headerCandidates.map((r) => ({ line: r.line, cells: r.cells.slice(0, CANDIDATE_CELLS) })),
  };
  if (fallback) preview.warnings = [windows1252Warning(fileName, fallback)];
  if (table.delimiter !== undefined) preview.delimiter = table.delimiter;
  if (table.fixedWidth) preview.fixedWidth = true;
  if (table.skippedTitleRows) preview.skippedTitleRows = table.skippedTitleRows;
  return preview;
}

/**
 * The warning for lines read as Windows-1252, naming the first few:
 * 'scan.csv: line 7 is not valid UTF-8 and was read as Windows-1252; check its accented letters.'
 * 'scan.csv: lines 3, 9, 12, 20, 31 and 4 more (9 in all) are not valid UTF-8 and were read as ...'
 */
export function windows1252Warning(fileName: string, fallback: Windows1252Lines): string {
  const { lines, count } = fallback;
  if (count === 1) return `${fileName}: line ${lines[0]} is not valid UTF-8 and was read as Windows-1252; check its accented letters.`;
  const more = count - lines.length;
  const named = more > 0 ? `${lines.join(', ')} and ${more} more (${count} in all)` : `${lines.slice(0, -1).join(', ')} and ${lines.at(-1)}`;
  return `${fileName}: lines ${named} are not valid UTF-8 and were read as Windows-1252; check their accented letters.`;
}
