/**
 * Trigram postings over lower-case text (docs/decisions/0143): for every run of three UTF-16
 * code units, the rows whose text has it, in ascending row order. A contains-search of three or
 * more code units is answered by intersecting its trigrams' postings (a superset of the rows that
 * contain it, which the caller then checks) instead of reading every row.
 */

/** Three code units as one number (48 bits, exact in a double): a cheaper Map key than a string. */
function trigramAt(text: string, i: number): number {
  return text.charCodeAt(i) * 4294967296 + text.charCodeAt(i + 1) * 65536 + text.charCodeAt(i + 2);
}

export class TrigramIndex {
  private constructor(private readonly postings: Map<number, Int32Array>) {}

  /**
   * The index of `rows` texts: `textsOf(row)` gives the lower-case texts of row `row`
   * (0 <= row < rows; null texts are skipped), all indexed under the row.
   */
  static build(rows: number, textsOf: (row: number) => ReadonlyArray<string | null>): TrigramIndex {
    const lists = new Map<number, number[]>();
    for (let row = 0; row < rows; row += 1) {
      for (const text of textsOf(row)) {
        if (text === null) continue;
        for (let i = 0; i + 3 <= text.length; i += 1) {
          const key = trigramAt(text, i);
          let list = lists.get(key);
          if (list === undefined) lists.set(key, (list = []));
          if (list[list.length - 1] !== row) list.push(row);
        }
      }
    }
    const postings = new Map<number, Int32Array>();
    for (const [key, list] of lists) postings.set(key, Int32Array.from(list));
    return new TrigramIndex(postings);
  }

  /** Bytes the postings hold (4 per row entry), for the memory bound of the snapshots. */
  get bytes(): number {
    let total = 0;
    for (const list of this.postings.values()) total += list.byteLength + 64;
    return total;
  }

  /**
   * Rows whose texts hold every trigram of `pattern` (lower-case), ascending; null when the
   * pattern is shorter than three code units (the index cannot narrow it).
   */
  candidates(pattern: string): Int32Array | null {
    if (pattern.length < 3) return null;
    const lists: Int32Array[] = [];
    const seen = new Set<number>();
    for (let i = 0; i + 3 <= pattern.length; i += 1) {
      const key = trigramAt(pattern, i);
      if (seen.has(key)) continue;
      seen.add(key);
      const list = this.postings.get(key);
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
