/**
 * Decoding of 8-bit text files line by line (DESIGN.md section 6, docs/decisions/0052): each line
 * that is valid UTF-8 is read as UTF-8, and only a line that is not falls back to Windows-1252.
 * A UTF-8 file with one Latin-1 byte (a line pasted from an old export) keeps every other line's
 * 'Café'; the lines read as Windows-1252 are counted and the first few kept, so that the preview
 * can name them.
 *
 * A line is the bytes up to and including a line feed (0x0A), so CRLF files split the same way.
 * A line without a line feed longer than MAX_LINE_BYTES is decided in pieces of that size (cut
 * on a character boundary), so memory stays bounded whatever the file holds.
 *
 *   const decoder = new LineFallbackDecoder();
 *   for await (const chunk of stream) text += decoder.decode(chunk);
 *   text += decoder.end();
 *   decoder.fallback; // { lines: [3, 17], count: 2, utf8NonAscii: true }
 */
import { isAscii, isUtf8 } from 'node:buffer';

/** Longest stretch without a line feed held back while waiting for the end of its line. */
export const MAX_LINE_BYTES = 1024 * 1024;

/** How many line numbers of fallback lines are kept (the count goes on). */
export const KEPT_FALLBACK_LINES = 5;

/** What the decoder found so far. */
export interface FallbackReport {
  /** 1-based numbers of the first KEPT_FALLBACK_LINES lines decoded as Windows-1252. */
  lines: number[];
  /** All lines decoded as Windows-1252. */
  count: number;
  /** True once a line with non-ASCII characters was valid UTF-8 (the file is not all Windows-1252). */
  utf8NonAscii: boolean;
}

const utf8 = new TextDecoder('utf-8');
const LF = 0x0a;

/**
 * Windows-1252's characters for bytes 0x80-0x9F (where it differs from ISO-8859-1; the five
 * unassigned bytes stay as they are). Written out because Node 20's TextDecoder('windows-1252')
 * decodes those bytes as ISO-8859-1 control characters: '€' would come out as U+0080.
 */
const WINDOWS_1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/** One line's bytes as Windows-1252 text. */
export function decodeWindows1252(bytes: Uint8Array): string {
  let text = '';
  let start = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b >= 0x80 && b <= 0x9f) {
      text += Buffer.from(bytes.buffer, bytes.byteOffset + start, i - start).toString('latin1') + WINDOWS_1252_HIGH[b - 0x80]!;
      start = i + 1;
    }
  }
  return text + Buffer.from(bytes.buffer, bytes.byteOffset + start, bytes.length - start).toString('latin1');
}

export class LineFallbackDecoder {
  /** Bytes after the last line feed seen, waiting for the rest of their line. */
  private pending: Uint8Array = new Uint8Array(0);
  /** Line number of the first line in `pending`. */
  private line = 1;
  readonly fallback: FallbackReport = { lines: [], count: 0, utf8NonAscii: false };

  /** Decodes the complete lines of `pending` + `chunk`; keeps the rest for the next call. */
  decode(chunk: Uint8Array): string {
    const bytes = this.pending.length === 0 ? chunk : concat(this.pending, chunk);
    const lastLf = bytes.lastIndexOf(LF);
    if (lastLf < 0) {
      if (bytes.length <= MAX_LINE_BYTES) {
        this.pending = bytes.slice();
        return '';
      }
      const cut = characterBoundary(bytes, MAX_LINE_BYTES);
      this.pending = bytes.slice(cut);
      return this.lines(bytes.subarray(0, cut));
    }
    this.pending = bytes.slice(lastLf + 1);
    return this.lines(bytes.subarray(0, lastLf + 1));
  }

  /** Decodes what is left (a last line without a line feed). */
  end(): string {
    const rest = this.pending;
    this.pending = new Uint8Array(0);
    return rest.length === 0 ? '' : this.lines(rest);
  }

  /**
   * Decodes whole lines (or a piece of one long line): at once when they are all valid UTF-8
   * (the usual case), else line by line, runs of valid lines together.
   */
  private lines(bytes: Uint8Array): string {
    if (isUtf8(bytes)) {
      if (!this.fallback.utf8NonAscii && !isAscii(bytes)) this.fallback.utf8NonAscii = true;
      this.line += countLineFeeds(bytes);
      return utf8.decode(bytes);
    }
    let text = '';
    let runStart = 0;
    let start = 0;
    while (start < bytes.length) {
      const lf = bytes.indexOf(LF, start);
      const end = lf < 0 ? bytes.length : lf + 1;
      const line = bytes.subarray(start, end);
      if (!isUtf8(line)) {
        if (runStart < start) text += this.validRun(bytes.subarray(runStart, start));
        text += decodeWindows1252(line);
        this.noteFallback(this.line);
        runStart = end;
      }
      if (lf >= 0) this.line++;
      start = end;
    }
    if (runStart < bytes.length) text += this.validRun(bytes.subarray(runStart));
    return text;
  }

  private validRun(bytes: Uint8Array): string {
    if (!this.fallback.utf8NonAscii && !isAscii(bytes)) this.fallback.utf8NonAscii = true;
    return utf8.decode(bytes);
  }

  private noteFallback(line: number): void {
    const { fallback } = this;
    // A long line decided in pieces is one line, counted once.
    if (this.lastFallback === line) return;
    this.lastFallback = line;
    fallback.count++;
    if (fallback.lines.length < KEPT_FALLBACK_LINES) fallback.lines.push(line);
  }

  private lastFallback = 0;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

/**
 * The line feeds in `bytes`, four bytes at a time (every chunk of an 8-bit file is counted: a
 * call per line feed cost a million calls per million rows). In each 32-bit word, a byte equal
 * to LF becomes 0 by the XOR; the classic zero-byte test then sets bit 7 of exactly those bytes,
 * and one multiplication adds the four bits up in the top byte.
 */
export function countLineFeeds(bytes: Uint8Array): number {
  const n = bytes.length;
  let count = 0;
  let i = 0;
  // Bytes up to the first 4-byte aligned position, whole words, then the rest.
  const head = Math.min(n, (4 - (bytes.byteOffset & 3)) & 3);
  for (; i < head; i++) if (bytes[i] === LF) count++;
  const words = (n - i) >>> 2;
  if (words > 0) {
    const view = new Uint32Array(bytes.buffer, bytes.byteOffset + i, words);
    for (let k = 0; k < words; k++) {
      const x = view[k]! ^ 0x0a0a0a0a;
      const zeroBytes = ~(((x & 0x7f7f7f7f) + 0x7f7f7f7f) | x | 0x7f7f7f7f);
      count += Math.imul(zeroBytes >>> 7, 0x01010101) >>> 24;
    }
    i += words * 4;
  }
  for (; i < n; i++) if (bytes[i] === LF) count++;
  return count;
}

/** The largest offset <= `at` that does not cut a UTF-8 sequence (continuation bytes are 10xxxxxx). */
function characterBoundary(bytes: Uint8Array, at: number): number {
  let cut = at;
  while (cut > at - 3 && cut > 0 && (bytes[cut]! & 0xc0) === 0x80) cut--;
  return cut;
}
