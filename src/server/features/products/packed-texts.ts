/**
 * A column of texts (or nulls) packed into one string with an Int32Array of offsets
 * (docs/decisions/0169): the in-memory catalogue (catalogue-snapshot.ts) holds each text column
 * of 100,000 products as two heap objects rather than 100,000 strings, so that the major
 * collections of a server holding it have little to mark. A row's text is sliced out only when an
 * answer writes it; the list's tests (contains, starts with, ends with, equals) read the packed
 * string in place, in UTF-16 code units as String's includes / startsWith / endsWith do.
 */
export class PackedTexts {
  private constructor(
    /** Every row's text, one after the other (a flat string: joined, not concatenated). */
    private readonly text: string,
    /** Row r is text[starts[r], starts[r + 1]); size + 1 entries. */
    private readonly starts: Int32Array,
    /** 1 for a null row (its range empty); null when no row is null. */
    private readonly nulls: Uint8Array | null,
  ) {}

  /** The column of `values` (row r is values[r]). */
  static of(values: ReadonlyArray<string | null>): PackedTexts {
    const starts = new Int32Array(values.length + 1);
    let nulls: Uint8Array | null = null;
    let at = 0;
    for (let row = 0; row < values.length; row += 1) {
      const value = values[row];
      if (value === null || value === undefined) (nulls ??= new Uint8Array(values.length))[row] = 1;
      else at += value.length;
      starts[row + 1] = at;
    }
    return new PackedTexts(values.map((value) => value ?? '').join(''), starts, nulls);
  }

  get size(): number {
    return this.starts.length - 1;
  }

  isNull(row: number): boolean {
    return this.nulls !== null && this.nulls[row] === 1;
  }

  /** Row `row`'s text (a new string), or null. */
  at(row: number): string | null {
    if (this.isNull(row)) return null;
    return this.text.slice(this.starts[row]!, this.starts[row + 1]!);
  }

  /** Whether row `row` is not null and holds `part` (String's includes, without a copy). */
  includes(row: number, part: string): boolean {
    if (this.isNull(row)) return false;
    const text = this.text;
    const last = this.starts[row + 1]! - part.length;
    if (part.length === 0) return true;
    const first = part.charCodeAt(0);
    for (let i = this.starts[row]!; i <= last; i += 1) if (text.charCodeAt(i) === first && text.startsWith(part, i)) return true;
    return false;
  }

  /** Whether row `row` is not null and starts with `part`. */
  startsWith(row: number, part: string): boolean {
    const start = this.starts[row]!;
    return !this.isNull(row) && this.starts[row + 1]! - start >= part.length && this.text.startsWith(part, start);
  }

  /** Whether row `row` is not null and ends with `part`. */
  endsWith(row: number, part: string): boolean {
    const end = this.starts[row + 1]!;
    return !this.isNull(row) && end - this.starts[row]! >= part.length && this.text.startsWith(part, end - part.length);
  }

  /** Whether row `row` is not null and is `value`. */
  equals(row: number, value: string): boolean {
    const start = this.starts[row]!;
    return !this.isNull(row) && this.starts[row + 1]! - start === value.length && this.text.startsWith(value, start);
  }

  /**
   * Sets marks[r] = 1 for every row r that holds `part` (not null), in one pass of String's
   * indexOf over the packed text: cheaper than row by row when most rows are to be read.
   */
  markIncludes(part: string, marks: Uint8Array): void {
    const size = this.size;
    if (part.length === 0) {
      for (let row = 0; row < size; row += 1) if (!this.isNull(row)) marks[row] = 1;
      return;
    }
    const { text, starts } = this;
    let row = 0;
    let from = 0;
    for (;;) {
      const at = text.indexOf(part, from);
      if (at < 0) return;
      while (starts[row + 1]! <= at) row += 1;
      const end = starts[row + 1]!;
      // A find across two rows' texts is no find: look again from the next position.
      if (at + part.length <= end) {
        marks[row] = 1;
        from = end;
      } else from = at + 1;
    }
  }

  /** Bytes held (two per code unit at most, four per offset), for the snapshots' accounting. */
  get bytes(): number {
    return this.text.length * 2 + this.starts.byteLength + (this.nulls?.byteLength ?? 0);
  }
}
