/**
 * Streams the records of a CSV file: bytes -> TextDecoder -> CsvParser, one batch per chunk.
 * At any moment only one chunk (64 KiB) of text and its rows are in memory (DESIGN.md
 * section 6: never hold a large file twice).
 */
import { createReadStream } from 'node:fs';
import { FileError } from '../errors.js';
import { CsvParser, CsvSyntaxError, type CsvRecord } from './csv-parser.js';
import type { TextEncodingName } from './detect-encoding.js';
import { FILE_ERROR } from './file-error-codes.js';
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
}

/**
 * Yields the non-blank records of the file (header row included) in batches, in file order.
 * Stopping the iteration early closes the file.
 * @throws FileError CSV_UNCLOSED_QUOTE / CSV_ROW_TOO_LONG with the line where the problem starts.
 */
export async function* readCsvRecords(options: CsvSourceOptions): AsyncGenerator<TableRow[]> {
  const { filePath, fileName, encoding, bomLength, delimiter } = options;
  const stream = createReadStream(filePath, { start: bomLength, highWaterMark: CSV_CHUNK_BYTES });
  const decoder = new TextDecoder(encoding, { ignoreBOM: true });
  const parser = new CsvParser(delimiter);
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const out: CsvRecord[] = [];
      parser.push(decoder.decode(chunk, { stream: true }), out);
      const rows = withoutBlankRows(out);
      if (rows.length > 0) yield rows;
    }
    const out: CsvRecord[] = [];
    parser.push(decoder.decode(), out);
    parser.end(out);
    const rows = withoutBlankRows(out);
    if (rows.length > 0) yield rows;
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

function withoutBlankRows(records: CsvRecord[]): CsvRecord[] {
  let blank = 0;
  for (const r of records) if (isBlankRow(r.cells)) blank++;
  return blank === 0 ? records : records.filter((r) => !isBlankRow(r.cells));
}
