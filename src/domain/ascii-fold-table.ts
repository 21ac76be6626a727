/**
 * A fixed-capacity hash table from ASCII strings, compared case-insensitively, to int32 values.
 * The engine's per-row SKU / other identifier lookup (DESIGN.md section 5 rule 2 "SKU
 * (case-insensitive)", section 7 budget): the scanned value is hashed and compared with A-Z
 * folded on the fly, so no lower-case copy is made and one lookup serves every spelling.
 *
 * Only ASCII is handled here: `get` answers `NOT_ASCII` for a value with any character above
 * U+007F, and the caller then uses a `Map` keyed by `toLowerCase()` (for ASCII text both foldings
 * agree, so the two paths give the same answers).
 *
 * Layout, for one cache miss per lookup: per slot 8 int32 [hash, offset, length + 1, value, and the
 * first INLINE_BYTES lower-case key bytes packed four to an int32] in one array, so that a key of
 * up to 16 characters (SKUs, vendor codes) is compared without leaving its slot; the bytes of
 * longer keys past the first 16 are in one byte arena. Open addressing with linear probing, load
 * factor <= 1/2, no delete, no resize.
 */
import { MISSING } from './number-table.js';

export { MISSING };

/** What `get` answers for a value that is not pure ASCII. */
export const NOT_ASCII = -2147483647;

const EMPTY = 0; // stored length (length + 1) of a free slot: a new (zeroed) array is all free
/** Int32 per slot: hash, arena offset, length + 1 (0: free), value, then the inline key bytes. */
const SLOT = 8;
const INLINE = 4;
/** Key bytes kept in the slot itself (the rest, if any, in the arena). */
const INLINE_BYTES = 16;

export class AsciiFoldTable {
  private readonly meta: Int32Array;
  private arena: Uint8Array;
  private used = 0;
  private count = 0;
  private readonly mask: number;

  /** `maxEntries`: the most distinct keys that will ever be `set`. */
  constructor(readonly maxEntries: number) {
    let capacity = 16;
    while (capacity < maxEntries * 2) capacity *= 2;
    this.meta = new Int32Array(capacity * SLOT);
    this.arena = new Uint8Array(64);
    this.mask = capacity - 1;
  }

  get size(): number {
    return this.count;
  }

  /**
   * The value of `value` compared case-insensitively (ASCII), `MISSING`, or `NOT_ASCII` when
   * `value` holds a character above U+007F.
   */
  get(value: string): number {
    const h = foldedHash(value);
    if (h === null) return NOT_ASCII;
    const slot = this.find(value, 0, value.length, h);
    return this.meta[slot * SLOT + 2] === EMPTY ? MISSING : this.meta[slot * SLOT + 3]!;
  }

  /**
   * `get` of the ASCII text `text[start, end)` whose `foldedHashOf` is `h` (not NaN): the value
   * or `MISSING`, with no string made of the range.
   */
  getRange(text: string, start: number, end: number, h: number): number {
    const slot = this.find(text, start, end, h);
    return this.meta[slot * SLOT + 2] === EMPTY ? MISSING : this.meta[slot * SLOT + 3]!;
  }

  /** `firstCell` of a range whose `foldedHashOf` is `h` (not NaN). */
  firstCellOfHash(h: number): number {
    return (h & this.mask) * SLOT;
  }

  /**
   * The position in the slot array of the first slot `get(value)` reads, or -1 for a value that
   * is not ASCII. With `touchAt`: see `NumberTable.firstCell`.
   */
  firstCell(value: string): number {
    const h = foldedHash(value);
    return h === null ? -1 : (h & this.mask) * SLOT;
  }

  /** Reads the slot array at `at` (a `firstCell` answer) only to load its cache line; answers it. */
  touchAt(at: number): number {
    return this.meta[at]!;
  }

  /** Set `key` (ASCII, folded to lower case) to `value`. Throws for non-ASCII keys and when full. */
  set(key: string, value: number): void {
    const h = keyHash(key);
    const slot = this.find(key, 0, key.length, h);
    if (this.meta[slot * SLOT + 2] === EMPTY) this.add(slot, key, h);
    this.meta[slot * SLOT + 3] = value;
  }

  /**
   * Sets `key` (ASCII, folded) to `value` when it is not in the table and answers `MISSING`;
   * when it is, leaves it and answers its value. One probe where `get` then `set` take two.
   * Throws for non-ASCII keys and when full.
   */
  insert(key: string, value: number): number {
    const h = keyHash(key);
    const slot = this.find(key, 0, key.length, h);
    const m = slot * SLOT;
    if (this.meta[m + 2] !== EMPTY) return this.meta[m + 3]!;
    this.add(slot, key, h);
    this.meta[m + 3] = value;
    return MISSING;
  }

  /** Stores `key` (hash `h`) in the free `slot`. */
  private add(slot: number, key: string, h: number): void {
    if (this.count >= this.maxEntries) throw new RangeError(`AsciiFoldTable is full (${this.maxEntries} keys)`);
    const meta = this.meta;
    const m = slot * SLOT;
    const n = key.length;
    const rest = Math.max(0, n - INLINE_BYTES);
    if (this.used + rest > this.arena.length) {
      const grown = new Uint8Array(Math.max(this.arena.length * 2, this.used + rest));
      grown.set(this.arena);
      this.arena = grown;
    }
    for (let i = 0; i < n; i++) {
      const folded = foldCode(key.charCodeAt(i));
      if (i < INLINE_BYTES) meta[m + INLINE + (i >> 2)]! |= folded << ((i & 3) * 8);
      else this.arena[this.used + i - INLINE_BYTES] = folded;
    }
    meta[m] = h;
    meta[m + 1] = this.used;
    meta[m + 2] = n + 1;
    this.used += rest;
    this.count++;
  }

  /** The slot holding `text[start, end)` (hash `h`), or the free slot where it would go. */
  private find(text: string, start: number, end: number, h: number): number {
    const meta = this.meta;
    const arena = this.arena;
    const mask = this.mask;
    const n = end - start;
    let slot = h & mask;
    for (;;) {
      const m = slot * SLOT;
      const stored = meta[m + 2]!;
      if (stored === EMPTY) return slot;
      if (meta[m] === h && stored === n + 1) {
        const inline = n < INLINE_BYTES ? n : INLINE_BYTES;
        let i = 0;
        for (; i < inline; i++) {
          if (foldCode(text.charCodeAt(start + i)) !== ((meta[m + INLINE + (i >> 2)]! >>> ((i & 3) * 8)) & 0xff)) break;
        }
        if (i === inline) {
          const offset = meta[m + 1]! - INLINE_BYTES;
          for (; i < n; i++) if (foldCode(text.charCodeAt(start + i)) !== arena[offset + i]) break;
          if (i === n) return slot;
        }
      }
      slot = (slot + 1) & mask;
    }
  }
}

/** The hash of a key to store. Throws for a non-ASCII key. */
function keyHash(key: string): number {
  const h = foldedHash(key);
  if (h === null) throw new RangeError('AsciiFoldTable keys must be ASCII');
  return h;
}

/** True when every character of `text` is ASCII (U+0000 to U+007F). */
export function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** An ASCII code with A-Z folded to a-z. */
function foldCode(c: number): number {
  return c >= 65 && c <= 90 ? c + 32 : c;
}

/** FNV-1a of the text with A-Z folded, finalised; null when a character is above U+007F. */
function foldedHash(text: string): number | null {
  const h = foldedHashOf(text, 0, text.length);
  return h !== h ? null : h;
}

/**
 * The hash `AsciiFoldTable` keys `text[start, end)` by (FNV-1a with A-Z folded, finalised), or
 * NaN when a character is above U+007F (the range is then no key of the table) or below
 * `lowest` (0x20: NaN for a control character too, in the same pass).
 */
export function foldedHashOf(text: string, start: number, end: number, lowest = 0): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) {
    let c = text.charCodeAt(i);
    if (c > 0x7f || c < lowest) return NaN;
    if (c >= 65 && c <= 90) c += 32;
    h = Math.imul(h ^ c, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h;
}
