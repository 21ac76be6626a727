/**
 * Streams the rows of a fixed-width text file (detect-fixed-width.ts): bytes -> TextDecoder ->
 * lines -> cells cut at the layout's column starts, one batch per chunk read. Only one chunk and
 * the line it ends inside are held (DESIGN.md section 6: never hold a large file twice).
 */
import { createReadStream } from 'node:fs';
import { FileError } from '../errors.js';
import { MAX_RECORD_CHARS } from './csv-parser.js';
import { CSV_CHUNK_BYTES } from './csv-source.js';
import type { TextEncodingName } from './detect-encoding.js';
import { splitFixedWidthLine, type FixedWidthLayout } from './detect-fixed-width.js';
import { FILE_ERROR } from './file-error-codes.js';
import { isBlankRow, type TableRow } from './table.js';

export interface FixedWidthSourceOptions {
  filePath: string;
  fileName: string;
  encoding: TextEncodingName;
  /** BOM bytes to skip. */
  bomLength: number;
  layout: FixedWidthLayout;
}

const LINE_BREAK = /\r\n|\r|\n/;

/**
 * Yields the non-blank lines of the file as rows (header line included), in batches, in file
 * order; `line` is the physical line (CRLF, LF or a lone CR each end one). Stopping early
 * closes the file.
 * @throws FileError CSV_ROW_TOO_LONG (with the line) for a line over MAX_RECORD_CHARS characters.
 */
export async function* readFixedWidthRows(options: FixedWidthSourceOptions): AsyncGenerator<TableRow[]> {
  const { filePath, fileName, encoding, bomLength, layout } = options;
  const stream = createReadStream(filePath, { start: bomLength, highWaterMark: CSV_CHUNK_BYTES });
  const decoder = new TextDecoder(encoding, { ignoreBOM: true });
  let pending = '';
  let line = 1;
  let first = true;

  const take = (text: string, out: TableRow[]) => {
    const lines = text.split(LINE_BREAK);
    for (const raw of lines) {
      const cells = splitFixedWidthLine(raw, layout, first);
      if (!isBlankRow(cells)) {
        out.push({ line, cells });
        first = false;
      }
      line++;
    }
  };

  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const text = pending + decoder.decode(chunk, { stream: true });
      // Complete lines only; a CR at the very end may be the first half of a CRLF.
      let end = Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r'));
      if (end === text.length - 1 && text[end] === '\r') end = Math.max(text.lastIndexOf('\n', end - 1), text.lastIndexOf('\r', end - 1));
      if (end < 0) {
        pending = text;
      } else {
        const breakLength = text[end] === '\n' && text[end - 1] === '\r' ? 2 : 1;
        const out: TableRow[] = [];
        take(text.slice(0, end + 1 - breakLength), out);
        pending = text.slice(end + 1);
        if (out.length > 0) yield out;
      }
      if (pending.length > MAX_RECORD_CHARS) {
        throw new FileError(FILE_ERROR.ROW_TOO_LONG, fileName, `a line is longer than ${MAX_RECORD_CHARS} characters`, line);
      }
    }
    pending += decoder.decode();
    if (pending.length > 0) {
      const out: TableRow[] = [];
      take(pending.replace(/(?:\r\n|\r|\n)$/, ''), out);
      if (out.length > 0) yield out;
    }
  } finally {
    stream.destroy();
  }
}
