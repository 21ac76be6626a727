/**
 * Trigram postings over lower-case text (docs/decisions/0143): for every run of three UTF-16
 * code units, the rows whose text has it, in ascending row order. A contains-search of three or
 * more code units is answered by intersecting its trigrams' postings (a superset of the rows that
 * contain it, which the caller then checks) instead of reading every row.
 */

import type { PackedTexts } from './packed-texts.js';

/** Three code units as one number (48 bits, exact in a double): a cheaper Map key than a string. */
function trigramAt(text: string, i: number): number {
  return text.charCodeAt(i) * 4294967296 + text.charCodeAt(i + 1) * 65536 + text.charCodeAt(i + 2);
}

export class TrigramIndex {
  /**
   * Trigram keys ascending; the rows of keys[k] are postings[offsets[k], offsets[k + 1]),
   * ascending: three arrays in all, whatever the number of trigrams (docs/decisions/0169).
   */
  private constructor(
    private readonly keys: Float64Array,
    private readonly offsets: Int32Array,
    private readonly postings: Int32Array,
  ) {}

  /**
   * The index of `rows` rows' texts in `columns` (lower case; null texts are skipped), each text
   * alone (no trigram across two), all indexed under the row.
   */
  static build(rows: number, columns: readonly PackedTexts[]): TrigramIndex {
    // Two passes over the texts: count each trigram's rows, then place them.
    const slotOf = new Map<number, number>();
    const counts: number[] = [];
    const lastRow: number[] = [];
    const eachTrigram = (visit: (key: number, row: number) => void) => {
      for (let row = 0; row < rows; row += 1) {
        for (const column of columns) {
          const text = column.at(row);
          if (text === null) continue;
          for (let i = 0; i + 3 <= text.length; i += 1) visit(trigramAt(text, i), row);
        }
      }
    };
    eachTrigram((key, row) => {
      let slot = slotOf.get(key);
      if (slot === undefined) {
        slot = counts.length;
        slotOf.set(key, slot);
        counts.push(0);
        lastRow.push(-1);
      }
      if (lastRow[slot] !== row) {
        lastRow[slot] = row;
        counts[slot]! += 1;
      }
    });
    const keys = Float64Array.from(slotOf.keys()).sort();
    const offsets = new Int32Array(keys.length + 1);
    const next = new Int32Array(counts.length);
    keys.forEach((key, k) => {
      const slot = slotOf.get(key)!;
      next[slot] = offsets[k]!;
      offsets[k + 1] = offsets[k]! + counts[slot]!;
      lastRow[slot] = -1;
    });
    const postings = new Int32Array(offsets[keys.length]!);
    eachTrigram((key, row) => {
      const slot = slotOf.get(key)!;
      if (lastRow[slot] !== row) {
        lastRow[slot] = row;
        postings[next[slot]!++] = row;
      }
    });
    return new TrigramIndex(keys, offsets, postings);
  }

  /** Bytes the index holds, for the memory bound of the snapshots. */
  get bytes(): number {
    return this.keys.byteLength + this.offsets.byteLength + this.postings.byteLength;
  }

  /** The rows of trigram `key`, ascending (a view of the postings), or undefined when none. */
  private rowsOf(key: number): Int32Array | undefined {
    const keys = this.keys;
    let low = 0;
    let high = keys.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (keys[mid]! < key) low = mid + 1;
      else high = mid;
    }
    return keys[low] === key ? this.postings.subarray(this.offsets[low]!, this.offsets[low + 1]!) : undefined;
  }

  /**
   * Rows whose texts hold every trigram of `pattern` (lower-case), ascending; null when the
   * pattern is shorter than three code units (the index cannot narrow it). The answer may be a
   * view of the index: copy it before writing to it.
   */
  candidates(pattern: string): Int32Array | null {
    if (pattern.length < 3) return null;
    const lists: Int32Array[] = [];
    const seen = new Set<number>();
    for (let i = 0; i + 3 <= pattern.length; i += 1) {
      const key = trigramAt(pattern, i);
      if (seen.has(key)) continue;
      seen.add(key);
      const list = this.rowsOf(key);
      if (list === undefined) return new Int32Array(0);
      lists.push(list);
    }
    lists.sort((a, b) => a.length - b.length);
    let result = lists[0]!;
    for (let k = 1; k < lists.length && result.length > 0; k += 1) result = intersect(result, lists[k]!);
    return result;
  }
}

/**
 * The rows in both ascending lists: walked side by side when of like length, else `small` walked
 * and `large` searched by galloping.
 */
function intersect(small: Int32Array, large: Int32Array): Int32Array {
  const out = new Int32Array(small.length);
  let n = 0;
  if (large.length < small.length * 16) {
    let j = 0;
    for (let i = 0; i < small.length && j < large.length; i += 1) {
      const row = small[i]!;
      while (j < large.length && large[j]! < row) j += 1;
      if (large[j] === row) out[n++] = row;
    }
    return out.subarray(0, n);
  }
  let at = 0;
  for (let i = 0; i < small.length && at < large.length; i += 1) {
    const row = small[i]!;
    let step = 1;
    let high = at;
    while (high < large.length && large[high]! < row) {
      at = high + 1;
      high += step;
      step *= 2;
    }
    let low = at;
    high = Math.min(high, large.length - 1);
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (large[mid]! < row) low = mid + 1;
      else high = mid;
    }
    at = low;
    if (at < large.length && large[at] === row) out[n++] = row;
  }
  return out.subarray(0, n);
}
