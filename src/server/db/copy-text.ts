/**
 * Rows in COPY's text format (`COPY t (cols) FROM STDIN`, PostgreSQL's default format) written
 * straight into one byte buffer that is reused from batch to batch: a large import makes no
 * string, array or object per row on its way to the database, only the bytes COPY reads
 * (docs/decisions/0152-catalogue-import-streams-rows-to-copy.md).
 *
 * The format: fields separated by a tab, rows ended by a newline, NULL written `\N`; in a text
 * field a backslash, tab, newline and carriage return are escaped with a backslash (`\\`, `\t`,
 * `\n`, `\r`), every other character is written as it is, in UTF-8 (the connection's client
 * encoding). An array value is its array literal ('{"a","b"}', pg-array.ts) written as a text field.
 * `randomUuid` writes a new row id (what a `gen_random_uuid()` default would make: COPY inserts
 * rows many at a time only when no column left to its default has a volatile default,
 * docs/decisions/0170).
 *
 *   const rows = new CopyTextRows();
 *   rows.text('SKU-1').text(null).number(12.5).endRow();
 *   await copyTextRows(tx, 'products', ['sku', 'name', 'current_quantity'], rows.bytes());
 *   rows.clear(); // the same memory for the next batch, once COPY has read it
 */

import { randomUUID } from 'node:crypto';

const TAB = 9;
const NEWLINE = 10;
const CARRIAGE_RETURN = 13;
const BACKSLASH = 92;
const N = 78;
const T = 116;
const LOWER_N = 110;
const R = 114;

/** Bytes the buffer starts with; it doubles as needed (a batch of 5,000 catalogue rows takes ~0.8 MB). */
const INITIAL_BYTES = 1 << 20;

/** A batch of rows in COPY text format, written field by field into a growing, reusable buffer. */
export class CopyTextRows {
  private buffer: Buffer<ArrayBuffer>;
  private length = 0;
  private rowStart = true;
  /** Rows ended since the last `clear`. */
  rows = 0;

  constructor(initialBytes = INITIAL_BYTES) {
    this.buffer = Buffer.allocUnsafe(initialBytes);
  }

  /** A text field: null (or undefined) is NULL; other values are escaped as the format asks. */
  text(value: string | null | undefined): this {
    this.separate();
    if (value === null || value === undefined) return this.nullField();
    const n = value.length;
    // Each UTF-16 unit takes at most 3 bytes of UTF-8, and an escaped character 2.
    this.reserve(3 * n);
    const buffer = this.buffer;
    let at = this.length;
    for (let i = 0; i < n; i++) {
      const c = value.charCodeAt(i);
      if (c >= 32 && c < 127 && c !== BACKSLASH) {
        buffer[at++] = c;
      } else if (c >= 127) {
        // Not ASCII: the whole field again, escaped as text and encoded natively.
        this.length += buffer.write(escapeText(value), this.length, 'utf8');
        return this;
      } else {
        const escape = c === BACKSLASH ? BACKSLASH : c === TAB ? T : c === NEWLINE ? LOWER_N : c === CARRIAGE_RETURN ? R : -1;
        if (escape < 0) {
          buffer[at++] = c;
        } else {
          buffer[at++] = BACKSLASH;
          buffer[at++] = escape;
        }
      }
    }
    this.length = at;
    return this;
  }

  /**
   * A new random UUID (version 4, what PostgreSQL's `gen_random_uuid()` makes: Node's
   * `crypto.randomUUID`) written as a text field.
   */
  randomUuid(): this {
    return this.text(randomUUID());
  }

  /** A number field (NaN and infinities are not numbers here: the caller's values are finite). */
  number(value: number): this {
    this.separate();
    return this.ascii(String(value));
  }

  /** Ends the row. */
  endRow(): this {
    this.reserve(1);
    this.buffer[this.length++] = NEWLINE;
    this.rowStart = true;
    this.rows += 1;
    return this;
  }

  /** The rows written since the last `clear`: a view of the buffer, valid until the next write. */
  bytes(): Buffer<ArrayBuffer> {
    return this.buffer.subarray(0, this.length);
  }

  /** Forgets the rows, keeping the memory for the next batch. */
  clear(): void {
    this.length = 0;
    this.rows = 0;
    this.rowStart = true;
  }

  private separate(): void {
    if (this.rowStart) {
      this.rowStart = false;
      return;
    }
    this.reserve(1);
    this.buffer[this.length++] = TAB;
  }

  private nullField(): this {
    this.reserve(2);
    this.buffer[this.length++] = BACKSLASH;
    this.buffer[this.length++] = N;
    return this;
  }

  /** Text known to be ASCII without characters to escape (a number's digits). */
  private ascii(text: string): this {
    this.reserve(text.length);
    for (let i = 0; i < text.length; i++) this.buffer[this.length++] = text.charCodeAt(i);
    return this;
  }

  private reserve(bytes: number): void {
    if (this.length + bytes <= this.buffer.length) return;
    let size = this.buffer.length * 2;
    while (size < this.length + bytes) size *= 2;
    const grown = Buffer.allocUnsafe(size);
    this.buffer.copy(grown, 0, 0, this.length);
    this.buffer = grown;
  }
}

/** `text` escaped for COPY's text format (backslash, tab, newline, carriage return). */
function escapeText(text: string): string {
  return text.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}
