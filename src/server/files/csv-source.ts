/**
 * Streams the records of a CSV file: bytes -> decoder -> CsvParser, one batch per chunk; or only
 * its scan rows' two cells, as columns (CsvScanCellParser, docs/decisions/0079). 8-bit files are
 * decoded line by line (line-decoder.ts: UTF-8 where a line is valid, else Windows-1252).
 * At any moment only one chunk (64 KiB) of text and its rows are in memory (DESIGN.md
 * section 6: never hold a large file twice).
 */
import { createReadStream } from 'node:fs';
import { FileError } from '../errors.js';
import { CsvParser, CsvSyntaxError, type CsvRecord, type CsvTextParser } from './csv-parser.js';
import { CsvRowCounter, type RowCount } from './csv-row-count.js';
import { CsvScanCellParser, emptyScanCellColumns, type ScanCellColumns, type ScanCellOptions } from './csv-scan-cells.js';
import type { TextEncodingName } from './detect-encoding.js';
import { FILE_ERROR } from './file-error-codes.js';
import { LineFallbackDecoder, type FallbackReport } from './line-decoder.js';
import { isBlankRow, type TableRow } from './table.js';

/** Bytes read per chunk: large enough that per-chunk costs vanish, small enough to stay flat. */
export const CSV_CHUNK_BYTES = 64 * 1024;

export interface CsvSourceOptions {
  filePath: string;
  fileName: string;
  encoding: TextEncodingName;
  /** BOM bytes to skip. */
  bomLength: number;
  delimiter: string;
  /**
   * Called when a read reaches the end of the file, with the lines decoded as Windows-1252
   * (8-bit files are decoded line by line: line-decoder.ts). Not called for UTF-16.
   */
  onFallback?: (report: FallbackReport) => void;
}

/**
 * Yields the non-blank records of the file (header row included) in batches, in file order.
 * Stopping the iteration early closes the file.
 * @throws FileError CSV_UNCLOSED_QUOTE / CSV_ROW_TOO_LONG with the line where the problem starts.
 */
export async function* readCsvRecords(options: CsvSourceOptions): AsyncGenerator<TableRow[]> {
  for await (const records of parseCsvChunks(options, new CsvParser(options.delimiter), () => [])) {
    const rows = withoutBlankRows(records);
    if (rows.length > 0) yield rows;
  }
}

/**
 * The scan rows of the file as columns (csv-scan-cells.ts), one batch per chunk that holds any,
 * in file order: the rows `readScanColumns` makes of `readCsvRecords` after the header, with
 * quantities other than plain digits left as text. The batch object is reused: it is valid
 * until the next one is asked for. Same errors as `readCsvRecords`.
 */
export async function* readCsvScanCells(options: CsvSourceOptions & ScanCellOptions): AsyncGenerator<ScanCellColumns> {
  const columns = emptyScanCellColumns();
  const reuse = () => {
    columns.count = 0;
    columns.rawCount = 0;
    columns.text = '';
    return columns;
  };
  for await (const batch of parseCsvChunks(options, new CsvScanCellParser(options.delimiter, options), reuse)) {
    if (batch.count > 0) yield batch;
  }
}

/**
 * How many data rows the file holds after line `afterLine` (the header row's, or 0): the rows
 * `readCsvRecords` yields past that line, counted without making them (csv-row-count.ts). Same
 * errors, and the same Windows-1252 report at the end.
 */
export async function countCsvRows(options: CsvSourceOptions & { afterLine: number }): Promise<number> {
  const count: RowCount = { rows: 0 };
  for await (const _ of parseCsvChunks(options, new CsvRowCounter(options.delimiter, options.afterLine), () => count));
  return count.rows;
}

/**
 * The file through `parser`, one `Out` per chunk read (`fresh()` gives it) and one for the end;
 * `onFallback` once the end is reached. Stopping early closes the file.
 */
async function* parseCsvChunks<Out>(options: CsvSourceOptions, parser: CsvTextParser<Out>, fresh: () => Out): AsyncGenerator<Out> {
  const { filePath, fileName, encoding, bomLength } = options;
  const stream = createReadStream(filePath, { start: bomLength, highWaterMark: CSV_CHUNK_BYTES });
  const decoder = textDecoder(encoding);
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const out = fresh();
      parser.push(decoder.decode(chunk), out);
      yield out;
    }
    const out = fresh();
    parser.push(decoder.end(), out);
    parser.end(out);
    yield out;
    if (decoder.fallback) options.onFallback?.(decoder.fallback);
  } catch (error) {
    if (error instanceof CsvSyntaxError) {
      const code = error.code === 'UNCLOSED_QUOTE' ? FILE_ERROR.UNCLOSED_QUOTE : FILE_ERROR.ROW_TOO_LONG;
      throw new FileError(code, fileName, error.message, error.line);
    }
    throw error;
  } finally {
    stream.destroy();
  }
}

/** A streaming decoder: 8-bit text line by line (UTF-8, else Windows-1252), UTF-16 as it is. */
function textDecoder(encoding: TextEncodingName): { decode(chunk: Uint8Array): string; end(): string; fallback?: FallbackReport } {
  if (encoding === 'utf-8' || encoding === 'windows-1252') return new LineFallbackDecoder();
  const decoder = new TextDecoder(encoding, { ignoreBOM: true });
  return { decode: (chunk) => decoder.decode(chunk, { stream: true }), end: () => decoder.decode() };
}

function withoutBlankRows(records: CsvRecord[]): CsvRecord[] {
  let blank = 0;
  for (const r of records) if (isBlankRow(r.cells)) blank++;
  return blank === 0 ? records : records.filter((r) => !isBlankRow(r.cells));
}
