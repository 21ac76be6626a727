/**
 * A fixed-capacity hash table from ASCII strings, compared case-insensitively, to int32 values.
 * The engine's per-row SKU / other identifier lookup (DESIGN.md section 5 rule 2 "SKU
 * (case-insensitive)", section 7 budget): the scanned value is hashed and compared with A-Z
 * folded on the fly, so no lower-case copy is made and one lookup serves every spelling.
 *
 * Only ASCII is handled here: `get` answers `NOT_ASCII` for a value with any character above
 * U+007F, and the caller then uses a `Map` keyed by `toLowerCase()` (for ASCII text both foldings
 * agree, so the two paths give the same answers). Keys are stored in lower case.
 *
 * Open addressing with linear probing, load factor <= 1/2, no delete, no resize.
 */
import { MISSING } from './number-table.js';

export { MISSING };

/** What `get` answers for a value that is not pure ASCII. */
export const NOT_ASCII = -2147483647;

const EMPTY = -1;

export class AsciiFoldTable {
  private readonly slots: Int32Array; // entry index per slot, or EMPTY
  private readonly hashes: Int32Array;
  private readonly keys: string[] = [];
  private readonly values: number[] = [];
  private readonly mask: number;

  /** `maxEntries`: the most distinct keys that will ever be `set`. */
  constructor(readonly maxEntries: number) {
    let capacity = 16;
    while (capacity < maxEntries * 2) capacity *= 2;
    this.slots = new Int32Array(capacity).fill(EMPTY);
    this.hashes = new Int32Array(capacity);
    this.mask = capacity - 1;
  }

  get size(): number {
    return this.keys.length;
  }

  /**
   * The value of `value` compared case-insensitively (ASCII), `MISSING`, or `NOT_ASCII` when
   * `value` holds a character above U+007F.
   */
  get(value: string): number {
    const n = value.length;
    let h = 0x811c9dc5;
    for (let i = 0; i < n; i++) {
      let c = value.charCodeAt(i);
      if (c > 0x7f) return NOT_ASCII;
      if (c >= 65 && c <= 90) c += 32;
      h = Math.imul(h ^ c, 0x01000193);
    }
    h = mix(h);
    const slots = this.slots;
    const mask = this.mask;
    let slot = h & mask;
    for (;;) {
      const entry = slots[slot]!;
      if (entry === EMPTY) return MISSING;
      if (this.hashes[slot] === h && foldedEquals(value, this.keys[entry]!)) return this.values[entry]!;
      slot = (slot + 1) & mask;
    }
  }

  /** Set `key` (ASCII; folded to lower case) to `value`. Throws for non-ASCII keys and when full. */
  set(key: string, value: number): void {
    const n = key.length;
    let h = 0x811c9dc5;
    let lower = '';
    let changed = false;
    for (let i = 0; i < n; i++) {
      let c = key.charCodeAt(i);
      if (c > 0x7f) throw new RangeError('AsciiFoldTable keys must be ASCII');
      if (c >= 65 && c <= 90) {
        c += 32;
        changed = true;
      }
      h = Math.imul(h ^ c, 0x01000193);
    }
    if (changed) lower = key.toLowerCase();
    h = mix(h);
    const slots = this.slots;
    const mask = this.mask;
    let slot = h & mask;
    for (;;) {
      const entry = slots[slot]!;
      if (entry === EMPTY) break;
      if (this.hashes[slot] === h && foldedEquals(key, this.keys[entry]!)) {
        this.values[entry] = value;
        return;
      }
      slot = (slot + 1) & mask;
    }
    if (this.keys.length >= this.maxEntries) throw new RangeError(`AsciiFoldTable is full (${this.maxEntries} keys)`);
    slots[slot] = this.keys.length;
    this.hashes[slot] = h;
    this.keys.push(changed ? lower : key);
    this.values.push(value);
  }
}

/** True when ASCII `value` equals lower-case `key` once A-Z of `value` are folded. */
function foldedEquals(value: string, key: string): boolean {
  const n = value.length;
  if (key.length !== n) return false;
  for (let i = 0; i < n; i++) {
    let c = value.charCodeAt(i);
    if (c >= 65 && c <= 90) c += 32;
    if (c !== key.charCodeAt(i)) return false;
  }
  return true;
}

function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h;
}
