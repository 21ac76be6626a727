/**
 * The engine's bookkeeping of values that matched no product (DESIGN.md section 5 rule 4; the
 * semantics are in reconcile.ts): one entry per `notFoundKey`, with its summed quantity, the
 * files it appeared in, its first occurrence and that occurrence's shelf context.
 *
 * Kept as a structure of arrays, not an object per entry: a file of a million distinct unknown
 * codes costs about 60 bytes per entry (its value string, a hash slot and a few typed-array
 * cells) instead of an object, a files array and two map entries. Digit codes are keyed by their
 * GTIN-14 value in a NumberTable (no key string at all); other values by lower case in a Map.
 */
import { doubled } from './doubled-column.js';
import { detachedString } from './normalize-scan-value.js';
import { MISSING, NumberTable } from './number-table.js';

/** Digit codes up to this many digits are keyed by number (as in catalogue-index.ts). */
const MAX_NUMERIC_DIGITS = 14;

export class NotFoundTally {
  private digitKeys = new NumberTable(1024);
  private readonly textKeys = new Map<string, number>();
  private n = 0;
  /** Normalised value of the first occurrence. */
  readonly values: string[] = [];
  /** Reasons other than `unknown`, by entry. */
  private readonly reasons = new Map<number, string>();
  quantity = new Float64Array(1024);
  firstFile = new Int32Array(1024);
  firstRow = new Float64Array(1024);
  /** Product index of the nearest matched row before / after the first occurrence, or -1. */
  before = new Int32Array(1024);
  after = new Int32Array(1024);
  /** File of the latest row (saves a look at `files` for runs of rows of one file). */
  private lastFile = new Int32Array(1024);
  /** Files of each entry as a bit mask (files 0-31), and beyond that a list. */
  private fileMask = new Int32Array(1024);
  private readonly moreFiles = new Map<number, number[]>();

  get size(): number {
    return this.n;
  }

  /**
   * The entry of `value` (a normalised value that matched nothing), created on first sight with
   * `firstFile` = `never`. Answers the entry index.
   */
  entryOf(found: string, never: number): number {
    const digits = digitValue(found);
    let entry = digits >= 0 ? this.digitKeys.get(digits) : (this.textKeys.get(found) ?? this.textKeys.get(found.toLowerCase()) ?? MISSING);
    if (entry !== MISSING) return entry;
    // Kept for the whole reconciliation: not a view into the chunk of the file it was read from.
    const value = detachedString(found);
    entry = this.n++;
    if (entry === this.quantity.length) this.grow();
    if (digits >= 0) {
      if (this.digitKeys.size >= this.digitKeys.maxEntries) this.growDigitKeys();
      this.digitKeys.set(digits, entry);
    } else this.textKeys.set(value.toLowerCase(), entry);
    this.values.push(value);
    this.firstFile[entry] = never;
    this.lastFile[entry] = -1;
    this.before[entry] = -1;
    this.after[entry] = -1;
    return entry;
  }

  /** Records that `entry` appeared in file `f`. */
  seenIn(entry: number, f: number): void {
    if (this.lastFile[entry] === f) return;
    this.lastFile[entry] = f;
    if (f < 31) this.fileMask[entry]! |= 1 << f;
    else {
      const list = this.moreFiles.get(entry) ?? [];
      if (!list.includes(f)) list.push(f);
      this.moreFiles.set(entry, list);
    }
  }

  /** The files of `entry`, ascending. */
  files(entry: number): number[] {
    const files: number[] = [];
    const mask = this.fileMask[entry]!;
    for (let f = 0; f < 31; f++) if (mask & (1 << f)) files.push(f);
    const more = this.moreFiles.get(entry);
    if (more) files.push(...[...more].sort((a, b) => a - b));
    return files;
  }

  setValue(entry: number, value: string, reason: string): void {
    this.values[entry] = detachedString(value);
    if (reason === 'unknown') this.reasons.delete(entry);
    else this.reasons.set(entry, reason);
  }

  reason(entry: number): string {
    return this.reasons.get(entry) ?? 'unknown';
  }

  /** Entry indexes by first occurrence (file, then row). */
  order(): Int32Array {
    const order = new Int32Array(this.n);
    let sorted = true;
    for (let i = 0; i < this.n; i++) {
      order[i] = i;
      if (i > 0 && this.compare(i - 1, i) > 0) sorted = false;
    }
    if (!sorted) order.sort((a, b) => this.compare(a, b));
    return order;
  }

  private compare(a: number, b: number): number {
    return this.firstFile[a]! - this.firstFile[b]! || this.firstRow[a]! - this.firstRow[b]!;
  }

  private grow(): void {
    this.quantity = doubled(this.quantity);
    this.firstRow = doubled(this.firstRow);
    this.firstFile = doubled(this.firstFile);
    this.before = doubled(this.before);
    this.after = doubled(this.after);
    this.lastFile = doubled(this.lastFile);
    this.fileMask = doubled(this.fileMask);
  }

  private growDigitKeys(): void {
    const next = new NumberTable(this.digitKeys.maxEntries * 2);
    this.digitKeys.forEach((key, value) => next.set(key, value));
    this.digitKeys = next;
  }
}

/** The value of a digit-only text of 1-14 ASCII digits (its GTIN-14 value), else -1. */
function digitValue(text: string): number {
  const length = text.length;
  if (length === 0 || length > MAX_NUMERIC_DIGITS) return -1;
  let value = 0;
  for (let i = 0; i < length; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}
