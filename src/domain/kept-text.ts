/**
 * Texts the engine keeps while it counts (a product's first scanned value in a file, the lot and
 * serial of a held GS1 read, the serials of serialised items) as characters in one growing
 * buffer, named by a handle, instead of one string each (docs/decisions/0180).
 *
 * Why: a string made while counting and kept until the results is a young object stored in an
 * old array. Each one is remembered by the write barrier, copied by the scavenges it lives
 * through and promoted. With a first value per product (100,000 at bench:engine's size), that
 * cost more than making the strings. Characters copied into a byte buffer cost none of it: the
 * buffer is one object the collector never traces. The strings are made after counting: the
 * first `text` decodes the buffer in one call and each kept text is a slice of that.
 *
 * Shapes: `keep` answers a handle (a non-negative integer, in the order texts were kept); `text`
 * gives the text back, `equals` compares a kept text with a range without making a string.
 * Texts with a character beyond U+007F (rare in scan data) are kept as strings of their own.
 * Memory: one byte per kept character, eight bytes per handle; never tied to the source text.
 */
import { doubled } from './doubled-column.js';
import { detachedString, isRangeOf } from './normalize-scan-value.js';

/** One store of kept texts (a reconciliation's, or one table's of serials): see the module comment. */
export class KeptTexts {
  private bytes = new Uint8Array(1 << 12);
  private used = 0;
  // Per handle: its first byte, or -1 - its index in `others` (a text kept as a string).
  private starts = new Int32Array(1 << 8);
  private ends = new Int32Array(1 << 8);
  private count = 0;
  private readonly others: string[] = [];
  // The buffer decoded (`text`), up to `decodedUpTo` bytes: made again if texts were kept since.
  private decoded = '';
  private decodedUpTo = -1;

  /** Keeps `source[start, end)` (by default all of it) and answers its handle. */
  keep(source: string, start = 0, end = source.length): number {
    const handle = this.count++;
    if (handle === this.starts.length) this.growHandles();
    const length = end - start;
    if (this.used + length > this.bytes.length) this.growBytes(length);
    const bytes = this.bytes;
    let at = this.used;
    for (let i = start; i < end; i++) {
      const code = source.charCodeAt(i);
      if (code > 0x7f) {
        this.starts[handle] = -1 - this.others.length;
        this.others.push(detachedString(source.slice(start, end)));
        return handle;
      }
      bytes[at++] = code;
    }
    this.starts[handle] = this.used;
    this.ends[handle] = at;
    this.used = at;
    return handle;
  }

  /** The text kept under `handle`. Makes strings only for the buffer's first read after `keep` calls, then slices. */
  text(handle: number): string {
    const start = this.starts[handle]!;
    if (start < 0) return this.others[-1 - start]!;
    if (this.decodedUpTo !== this.used) {
      this.decoded = ASCII.decode(this.bytes.subarray(0, this.used));
      this.decodedUpTo = this.used;
    }
    return this.decoded.slice(start, this.ends[handle]!);
  }

  /** True when the text kept under `handle` is `source[start, end)`, compared in place. */
  equals(handle: number, source: string, start: number, end: number): boolean {
    const at = this.starts[handle]!;
    if (at < 0) return isRangeOf(this.others[-1 - at]!, source, start, end);
    if (this.ends[handle]! - at !== end - start) return false;
    const bytes = this.bytes;
    for (let i = 0; i < end - start; i++) if (bytes[at + i] !== source.charCodeAt(start + i)) return false;
    return true;
  }

  private growHandles(): void {
    this.starts = doubled(this.starts);
    this.ends = doubled(this.ends);
  }

  private growBytes(length: number): void {
    const bytes = new Uint8Array(Math.max(this.bytes.length * 2, this.used + length));
    bytes.set(this.bytes.subarray(0, this.used));
    this.bytes = bytes;
  }
}

/** Bytes below 0x80 read as themselves (any ASCII-compatible decoder would do). */
const ASCII = new TextDecoder('utf-8');
