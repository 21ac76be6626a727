/**
 * A fixed-capacity hash table from non-negative safe integers to int32 values, on typed arrays:
 * no allocation and no boxing per lookup. The engine keys digit codes by their numeric value
 * (DESIGN.md section 7: 1,000,000 scan rows per run), where a `Map<string, ...>` would first pad
 * each code to a new string and hash it.
 *
 * Open addressing with linear probing; capacity fixed at construction (at most `maxEntries`
 * distinct keys, load factor <= 1/2). Not a general-purpose map: no delete, no resize.
 */

/** What `get` answers for a key that is not in the table. */
export const MISSING = -2147483648;

/** A free slot's stored key: keys are stored plus one, so that a new (zeroed) array is all free. */
const EMPTY = 0;

/**
 * Where the loops that load cache lines ahead (`firstCell`/`touchAt` callers) leave the sum of
 * what they read, so that the compiler cannot drop the loads as unused (docs/decisions/0133).
 */
export const touchedLines = { sum: 0 };

export class NumberTable {
  /** Slot i holds its key + 1 at [2i] (EMPTY when free) and its value at [2i + 1]: one cache line. */
  private readonly cells: Float64Array;
  private readonly mask: number;
  private count = 0;

  /** `maxEntries`: the most distinct keys that will ever be `set`. */
  constructor(readonly maxEntries: number) {
    let capacity = 16;
    while (capacity < maxEntries * 2) capacity *= 2;
    this.cells = new Float64Array(capacity * 2);
    this.mask = capacity - 1;
  }

  /** Number of keys held. */
  get size(): number {
    return this.count;
  }

  /** The value of `key` (a non-negative safe integer), or `MISSING`. */
  get(key: number): number {
    const cells = this.cells;
    const mask = this.mask;
    const stored = key + 1;
    let slot = slotOf(key, mask);
    for (;;) {
      const k = cells[slot * 2]!;
      if (k === stored) return cells[slot * 2 + 1]!;
      if (k === EMPTY) return MISSING;
      slot = (slot + 1) & mask;
    }
  }

  /**
   * The position in `cells` of the first slot `get(key)` reads. With `touchAt`, for loading a
   * batch's cache lines in a loop tight enough that their misses overlap before the `get`s that
   * need the answers (docs/decisions/0133).
   */
  firstCell(key: number): number {
    return slotOf(key, this.mask) * 2;
  }

  /** Reads `cells[at]` (a `firstCell` answer) only to load its cache line; answers it. */
  touchAt(at: number): number {
    return this.cells[at]!;
  }

  /**
   * Sets `key` (a non-negative safe integer) to `value` (int32, not `MISSING`) when it is not in
   * the table and answers `MISSING`; when it is, leaves it and answers its value. One probe where
   * `get` then `set` take two. Throws when full.
   */
  insert(key: number, value: number): number {
    const slot = this.slotFor(key);
    if (this.cells[slot * 2] !== EMPTY) return this.cells[slot * 2 + 1]!;
    this.claim(slot, key);
    this.cells[slot * 2 + 1] = value;
    return MISSING;
  }

  /** Calls `fn` for every key and its value (in slot order). */
  forEach(fn: (key: number, value: number) => void): void {
    const cells = this.cells;
    for (let i = 0; i < cells.length; i += 2) if (cells[i] !== EMPTY) fn(cells[i]! - 1, cells[i + 1]!);
  }

  /** Set `key` (a non-negative safe integer) to `value` (int32, not `MISSING`). Throws when full. */
  set(key: number, value: number): void {
    const slot = this.slotFor(key);
    if (this.cells[slot * 2] === EMPTY) this.claim(slot, key);
    this.cells[slot * 2 + 1] = value;
  }

  /** The slot holding `key`, or the free slot where it would go. */
  private slotFor(key: number): number {
    const cells = this.cells;
    const mask = this.mask;
    const stored = key + 1;
    let slot = slotOf(key, mask);
    for (;;) {
      const k = cells[slot * 2]!;
      if (k === stored || k === EMPTY) return slot;
      slot = (slot + 1) & mask;
    }
  }

  /** Stores `key` in the free `slot`. Throws when the table holds `maxEntries` keys already. */
  private claim(slot: number, key: number): void {
    if (this.count >= this.maxEntries) throw new RangeError(`NumberTable is full (${this.maxEntries} keys)`);
    this.cells[slot * 2] = key + 1;
    this.count++;
  }
}

/** Slot of a key: its low and high 32-bit halves mixed (murmur3 finaliser constants). */
function slotOf(key: number, mask: number): number {
  const low = key >>> 0;
  const high = (key / 4294967296) >>> 0;
  let h = Math.imul(low ^ Math.imul(high, 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h & mask;
}
