/**
 * openTable: any accepted file (CSV/TXT/TSV, XLSX, XLS) as a Table of headers and streamed rows.
 * DESIGN.md section 6; the shapes are in table.ts.
 *
 * Steps: format from the first bytes (zip: XLSX, OLE2: XLS, else text; the name plays no part)
 * -> for text, the encoding, then a delimiter or, for text that no delimiter splits, columns
 * aligned by blanks (fixed width, detect-fixed-width.ts) -> the first two non-blank rows are read
 * to decide the header row -> the Table, whose rows() reads the file again from the start on
 * every call (nothing but the head stays in memory).
 */
import { open, stat } from 'node:fs/promises';
import { FileError } from '../errors.js';
import { countCsvRows, readCsvRecords, readCsvScanCells } from './csv-source.js';
import { detectDelimiter, isDelimitedText } from './detect-delimiter.js';
import { detectEncoding, HEAD_BYTES } from './detect-encoding.js';
import { detectFixedWidth } from './detect-fixed-width.js';
import { containerOf, formatFromName } from './file-format.js';
import { FILE_ERROR } from './file-error-codes.js';
import { readFixedWidthRows } from './fixed-width-source.js';
import { findHeaderRow } from '../../domain/table-interpretation.js';
import { isHeaderRow, numberedHeaders, uniqueHeaders } from './header-row.js';
import type { FallbackReport } from './line-decoder.js';
import { flattenBatches, type OpenTableOptions, type Table, type TableFormat, type TableRow, type Windows1252Lines } from './table.js';
import { readXlsSheet } from './xls-source.js';
import { readXlsxRows, type XlsxSheetInfo } from './xlsx-source.js';

/**
 * Opens `filePath` (an upload stored on disk) as a Table. `fileName` is the name the user gave
 * it: it appears in every error; the format is read from the content, whatever the extension.
 *
 * @throws FileError (400 unless noted), all naming the file:
 *   FILE_EMPTY ('is empty'), FILE_NO_DATA_ROWS ('has no data rows': a header row alone),
 *   FILE_TOO_LARGE (413, over `maxBytes` or the XLS cap), FILE_NOT_TEXT ('does not look like a
 *   text/CSV file or an Excel workbook': neither text nor a workbook), FILE_INVALID_EXCEL ('is
 *   not a valid Excel file': a damaged workbook, or binary named .xlsx/.xls), FILE_PASSWORD_PROTECTED,
 *   FILE_TOO_COMPLEX (422: the XLS reader's time or memory limit, or an XLSX holding over
 *   512 MB of shared strings), CSV_UNCLOSED_QUOTE and
 *   CSV_ROW_TOO_LONG (with the line) when they occur in the first rows.
 */
export async function openTable(filePath: string, fileName: string, opts: OpenTableOptions = {}): Promise<Table> {
  const { size } = await stat(filePath);
  if (size === 0) throw new FileError(FILE_ERROR.EMPTY, fileName, 'is empty');
  if (opts.maxBytes !== undefined && size > opts.maxBytes) {
    throw new FileError(FILE_ERROR.TOO_LARGE, fileName, `is too large (the limit is ${Math.floor(opts.maxBytes / 1024 / 1024)} MB)`, undefined, 413);
  }
  const head = await readHead(filePath, HEAD_BYTES);
  const container = containerOf(head);
  const header = opts.header ?? 'auto';
  const headerLine = opts.headerLine;

  // The content decides, never the name (docs/decisions/0119): handhelds write SCANNED.TXT,
  // BARCODES.DAT or no extension at all; a workbook renamed .csv is still a workbook.
  if (container === 'other') {
    const verdict = detectEncoding(head, head.length === size);
    if (!verdict.ok) {
      if (formatFromName(fileName) === 'xlsx' || formatFromName(fileName) === 'xls') {
        throw new FileError(FILE_ERROR.INVALID_EXCEL, fileName, 'is not a valid Excel file');
      }
      throw new FileError(FILE_ERROR.NOT_TEXT, fileName, 'does not look like a text/CSV file or an Excel workbook');
    }
    const { encoding, bomLength, headText, headIsWholeFile } = verdict.detected;
    const layout = isDelimitedText(headText, headIsWholeFile) ? null : detectFixedWidth(headText, headIsWholeFile);
    if (layout !== null) {
      const source = () => readFixedWidthRows({ filePath, fileName, encoding, bomLength, layout });
      return buildTable({ fileName, format: 'csv', encoding, source, header, fixedWidth: true, headerLine });
    }
    const delimiter = detectDelimiter(headText, headIsWholeFile);
    let fallback: FallbackReport | undefined;
    const onFallback = (report: FallbackReport) => (fallback = report);
    const csv = { filePath, fileName, encoding, bomLength, delimiter, onFallback };
    const source = () => readCsvRecords(csv);
    const scanCells = (afterLine: number) => (scanIndex: number, quantityIndex: number | null) =>
      readCsvScanCells({ ...csv, scanIndex, quantityIndex, afterLine });
    const table = await buildTable({ fileName, format: 'csv', delimiter, encoding, source, header, scanCells, headerLine });
    table.countRows = () => countCsvRows({ ...csv, afterLine: table.headerLine });
    table.windows1252Lines = () => (fallback === undefined ? null : windows1252Lines(fallback, encoding));
    return table;
  }

  if (container === 'ole2') {
    // A real .xls, or an encrypted .xlsx (Office wraps those in OLE2): the worker tells which.
    const sheet = await readXlsSheet(filePath, fileName, { maxBytes: opts.maxBytes });
    const source = () => inBatches(sheet.rows);
    return buildTable({ fileName, format: 'xls', source, header, sheetInfo: { found: true, sheetName: sheet.sheetName }, headerLine });
  }
  // An OLE2 file is read above, so this is a zip.
  const info: XlsxSheetInfo = { found: false };
  const source = () => readXlsxRows(filePath, fileName, info);
  return buildTable({ fileName, format: 'xlsx', source, header, sheetInfo: info, headerLine });
}

/**
 * The lines a read decoded as Windows-1252 in a file that is otherwise UTF-8, or null. A file
 * whose head is not UTF-8 and that holds no non-ASCII UTF-8 line at all is a Windows-1252 file
 * ('ANSI' exports): nothing to tell the user about.
 */
function windows1252Lines(report: FallbackReport, encoding: string): Windows1252Lines | null {
  if (report.count === 0) return null;
  if (encoding === 'windows-1252' && !report.utf8NonAscii) return null;
  return { lines: [...report.lines], count: report.count };
}

interface TableParts {
  fileName: string;
  format: TableFormat;
  delimiter?: string;
  encoding?: string;
  sheetInfo?: XlsxSheetInfo;
  /** Text whose columns are aligned by blanks (detect-fixed-width.ts). */
  fixedWidth?: boolean;
  header: 'auto' | 'yes' | 'no';
  /** The user's header row (OpenTableOptions.headerLine). */
  headerLine?: number;
  /** Non-blank rows of the file, header candidate included, in batches. */
  source: () => AsyncIterable<TableRow[]>;
  /** Delimited CSV: `Table.scanCells` for data after `afterLine` (the header row's line, or 0). */
  scanCells?: (afterLine: number) => NonNullable<Table['scanCells']>;
}

async function buildTable(parts: TableParts): Promise<Table> {
  const { fileName, format, source, header, sheetInfo } = parts;
  const peeked = await firstRows(source, TITLE_ROWS_LOOKED_AT);
  if (peeked.length === 0) {
    const detail = sheetInfo?.sheetName ? `is empty (its first worksheet "${sheetInfo.sheetName}" has no rows)` : 'is empty';
    throw new FileError(FILE_ERROR.EMPTY, fileName, detail);
  }
  // A report's title rows above its header (DESIGN.md section 6): the header is the first row
  // with several label cells.
  const chosen = parts.headerLine === undefined ? -1 : peeked.findIndex((row) => row.line === parts.headerLine);
  if (parts.headerLine !== undefined && chosen < 0) {
    throw new FileError(FILE_ERROR.HEADER_ROW_NOT_FOUND, fileName, `line ${parts.headerLine} is not one of the file's first rows (lines ${peeked.map((r) => r.line).join(', ')}): choose one of them as the header row`);
  }
  const titled = chosen >= 0 ? chosen : header === 'no' ? 0 : findHeaderRow(peeked.map((row) => row.cells));
  const at = chosen >= 0 || (titled > 0 && isHeaderRow(peeked[titled]!.cells, header, peeked[titled + 1]?.cells)) ? titled : 0;
  const headerRow = chosen >= 0 || isHeaderRow(peeked[at]!.cells, header, peeked[at + 1]?.cells);
  if (headerRow && peeked.length === at + 1) {
    throw new FileError(FILE_ERROR.NO_DATA_ROWS, fileName, 'has no data rows (only a header row)');
  }
  const headers = headerRow
    ? uniqueHeaders(peeked[at]!.cells)
    : numberedHeaders(Math.max(...peeked.slice(0, 2).map((row) => row.cells.length)));
  const headerLine = headerRow ? peeked[at]!.line : 0;

  const batches = async function* (): AsyncGenerator<TableRow[]> {
    let skipping = headerRow;
    for await (const batch of source()) {
      if (skipping) {
        const from = batch.findIndex((row) => row.line > headerLine);
        if (from < 0) continue;
        skipping = false;
        yield from === 0 ? batch : batch.slice(from);
        continue;
      }
      yield batch;
    }
  };

  const table: Table = {
    fileName,
    format,
    headerRow,
    headers,
    ...(headerRow && at > 0 ? { skippedTitleRows: at } : {}),
    headerLine,
    headerCandidates: peeked,
    rows: () => flattenBatches(batches),
    batches,
  };
  if (parts.delimiter !== undefined) table.delimiter = parts.delimiter;
  if (parts.encoding !== undefined) table.encoding = parts.encoding;
  if (parts.fixedWidth) table.fixedWidth = true;
  if (sheetInfo?.sheetName !== undefined) table.sheetName = sheetInfo.sheetName;
  if (parts.scanCells) table.scanCells = parts.scanCells(headerLine);
  return table;
}

/** Rows read to find a header below title rows. */
const TITLE_ROWS_LOOKED_AT = 12;

/** The first `count` rows of the source; stops reading (and closes the file) once it has them, or at a bad row past the second. */
async function firstRows(source: () => AsyncIterable<TableRow[]>, count: number): Promise<TableRow[]> {
  const rows: TableRow[] = [];
  try {
    for await (const batch of source()) {
      rows.push(...batch.slice(0, count - rows.length));
      if (rows.length >= count) break;
    }
  } catch (err) {
    // A bad row past the first two is reported by the read of the rows, at its line, as before.
    if (rows.length < 2) throw err;
  }
  return rows;
}

async function* inBatches(rows: TableRow[], size = 1000): AsyncGenerator<TableRow[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

async function readHead(filePath: string, bytes: number): Promise<Buffer> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
