/**
 * The first pass of counting a batch of scan rows (`Reconciler.addColumns`, reconcile.ts): each
 * row's value normalised (DESIGN.md section 5 rule 4), its lookup key made and a GS1 element
 * string read (rule 1). None of it needs the catalogue, so a batch may be prepared while the
 * catalogue index is built, in another thread (src/server/files/prepared-scan-batches.ts,
 * docs/decisions/0181), and handed to `Reconciler.addPrepared` as one message: `packPreparedBatch`
 * and `unpackPreparedBatch` carry it as typed arrays and a few strings, not as one object per row.
 *
 * A row is kept one of two ways:
 * - a range row (`values[i] === null`): its normalised value is `text[starts[i], ends[i])`, with
 *   `keys[i]` its `scanRangeKey` (or, for a GS1 read, `gs1GtinKey`) and `gs1[i]` its GS1 read or
 *   null. No string is made of it (docs/decisions/0163, 0176);
 * - a string row: `values[i]` is its normalised value (`''` for a blank one), `keys[i]` NaN.
 */
import { gs1GtinKey, readGs1Range, scanRangeKey } from './catalogue-index.js';
import type { Gs1Item } from './gs1/gs1-scan.js';
import type { Gs1Form } from './gs1/parse-element-string.js';
import { normalizedRange, normalizeScanValue, type TextRange } from './normalize-scan-value.js';

/** A batch of scan rows after the first pass; see the module comment. */
export interface PreparedScanBatch {
  /** Rows in the batch. */
  count: number;
  /** Row i's quantity as read (units, not yet thousandths). */
  quantities: ArrayLike<number>;
  /** Row i's physical line in its file, or null when not known. */
  lines: ArrayLike<number> | null;
  /** The text the range rows are ranges of. */
  text: string;
  /** Row i's normalised value, or null for a range row. */
  values: (string | null)[];
  starts: Int32Array;
  ends: Int32Array;
  /** `ends[i] - starts[i]` of a range row. */
  lengths: Int32Array;
  /** A range row's key; NaN for a string row. */
  keys: Float64Array;
  /** Row i's GS1 read (i < `gs1Rows`), else null. */
  gs1: (Gs1Item | null)[];
  /** 1 + the last row with a GS1 read; 0 when none. */
  gs1Rows: number;
}

/** A prepared batch with room for `capacity` rows, to be filled by `prepareScanBatch`. */
export function emptyPreparedBatch(capacity = 1024): PreparedScanBatch {
  return {
    count: 0,
    quantities: new Float64Array(0),
    lines: null,
    text: '',
    values: [],
    starts: new Int32Array(capacity),
    ends: new Int32Array(capacity),
    lengths: new Int32Array(capacity),
    keys: new Float64Array(capacity),
    gs1: [],
    gs1Rows: 0,
  };
}

/** Scan values as ranges of one text: row i's raw value is `text[starts[i], ends[i])` when `starts` is not null and `starts[i]` >= 0. */
export interface ScanValueSpans {
  text: string;
  starts: ArrayLike<number> | null;
  ends: ArrayLike<number> | null;
}

const range: TextRange = { start: 0, end: 0 };

/**
 * Fills `into` with the first pass over `count` rows: row i's raw value is a range of
 * `spans.text` (see `ScanValueSpans`) or `values[i]`. `quantities` and `lines` are kept by
 * reference. `into`'s arrays are reused and grown as needed; call `releasePreparedBatch` once
 * the batch is counted. Never throws for any text.
 */
export function prepareScanBatch(
  values: readonly string[],
  quantities: ArrayLike<number>,
  count: number,
  lines: ArrayLike<number> | null,
  spans: ScanValueSpans | null,
  into: PreparedScanBatch,
): void {
  if (count > into.keys.length) {
    into.starts = new Int32Array(count);
    into.ends = new Int32Array(count);
    into.lengths = new Int32Array(count);
    into.keys = new Float64Array(count);
  }
  if (count > into.gs1.length) into.gs1 = new Array<Gs1Item | null>(count).fill(null);
  const { starts: rangeStarts, ends: rangeEnds, lengths, keys, values: prepared, gs1 } = into;
  const text = spans?.text ?? '';
  const starts = spans?.starts ?? null;
  const ends = spans?.ends ?? null;
  let gs1Rows = 0;
  for (let i = 0; i < count; i++) {
    keys[i] = NaN;
    const start = starts === null ? -1 : starts[i]!;
    if (start < 0) {
      prepared[i] = normalizeScanValue(values[i]!);
      continue;
    }
    const end = ends![i]!;
    normalizedRange(text, start, end, range);
    if (range.start === range.end) {
      prepared[i] = '';
      continue;
    }
    // NaN for anything but ASCII digits and ASCII text (which NFC leaves as it is), and for
    // what only `match` can tell.
    let key = scanRangeKey(text, range.start, range.end);
    if (key !== key) {
      // A GS1 element string is read in place too (0176); anything else as a string.
      const read = readGs1Range(text, range.start, range.end);
      if (read === null) {
        prepared[i] = normalizeScanValue(text.slice(start, end));
        continue;
      }
      gs1[i] = read;
      gs1Rows = i + 1;
      key = gs1GtinKey(read);
    }
    prepared[i] = null;
    rangeStarts[i] = range.start;
    rangeEnds[i] = range.end;
    lengths[i] = range.end - range.start;
    keys[i] = key;
  }
  into.count = count;
  into.quantities = quantities;
  into.lines = lines;
  into.text = text;
  into.gs1Rows = gs1Rows;
}

/** Values and GS1 reads a reused batch keeps between batches, up to this many rows. */
const KEPT_ROWS = 1 << 16;

/**
 * Lets go of what a counted batch refers to (the text, quantities and values of its rows), so
 * that a reused batch holds no file's chunk; its GS1 reads are cleared, so that a file of GS1
 * strings grows no array per batch.
 */
export function releasePreparedBatch(batch: PreparedScanBatch): void {
  batch.text = '';
  batch.quantities = new Float64Array(0);
  batch.lines = null;
  if (batch.values.length > KEPT_ROWS) batch.values = [];
  if (batch.gs1.length > KEPT_ROWS) batch.gs1 = [];
  else batch.gs1.fill(null, 0, batch.gs1Rows);
  batch.gs1Rows = 0;
  batch.count = 0;
}

/**
 * A prepared batch as a message between threads (`packPreparedBatch`): the rows' numbers in
 * typed arrays whose buffers are transferred, the string rows' values and the GS1 reads' fields
 * in one text each. Structured cloning one object per GS1 read cost more than reading it.
 */
export interface PackedScanBatch {
  count: number;
  quantities: Float64Array;
  lines: Float64Array | null;
  text: string;
  starts: Int32Array;
  ends: Int32Array;
  keys: Float64Array;
  /** The rows whose value is a string, and those values. */
  stringRows: Int32Array;
  strings: string[];
  /** Per GS1 read: its row, form and contents flag (`GS1_FORMS` index * 2 + contents), units. */
  gs1Rows: Int32Array;
  gs1Flags: Uint8Array;
  gs1Units: Float64Array;
  /** Per GS1 read, the lengths of its lot, expiry and serial (-1: null) in `gs1Text`. */
  gs1Lengths: Int32Array;
  /** Per GS1 read in order: its GTIN-14, lot, expiry and serial, one after the other. */
  gs1Text: string;
}

const GS1_FORMS: readonly Gs1Form[] = ['raw', 'bracketed', 'digitalLink'];
/** Characters of a GS1 read's GTIN in `gs1Text`. */
const GTIN_LENGTH = 14;

/**
 * `batch` (prepared by `prepareScanBatch`) as a message, with the buffers to transfer. The
 * message owns copies: `batch` may be reused at once.
 */
export function packPreparedBatch(batch: PreparedScanBatch): { message: PackedScanBatch; transfer: ArrayBuffer[] } {
  const { count, values, gs1 } = batch;
  const stringRows: number[] = [];
  const strings: string[] = [];
  const reads: number[] = [];
  for (let i = 0; i < count; i++) {
    const value = values[i];
    if (value !== null) {
      stringRows.push(i);
      strings.push(value!);
    } else if (i < batch.gs1Rows && gs1[i] !== null) reads.push(i);
  }
  const gs1Rows = Int32Array.from(reads);
  const gs1Flags = new Uint8Array(reads.length);
  const gs1Units = new Float64Array(reads.length);
  const gs1Lengths = new Int32Array(reads.length * 3);
  const fields: string[] = [];
  for (let r = 0; r < reads.length; r++) {
    const item = gs1[reads[r]!]!;
    if (item.gtin.length !== GTIN_LENGTH) throw new Error(`a GS1 read's GTIN has ${item.gtin.length} digits`);
    gs1Flags[r] = GS1_FORMS.indexOf(item.form) * 2 + (item.contents ? 1 : 0);
    gs1Units[r] = item.units;
    fields.push(item.gtin);
    packField(item.lot, r * 3, gs1Lengths, fields);
    packField(item.expiry, r * 3 + 1, gs1Lengths, fields);
    packField(item.serial, r * 3 + 2, gs1Lengths, fields);
  }
  const message: PackedScanBatch = {
    count,
    quantities: copyOf(batch.quantities, count),
    lines: batch.lines === null ? null : copyOf(batch.lines, count),
    text: batch.text,
    starts: batch.starts.slice(0, count),
    ends: batch.ends.slice(0, count),
    keys: batch.keys.slice(0, count),
    stringRows: Int32Array.from(stringRows),
    strings,
    gs1Rows,
    gs1Flags,
    gs1Units,
    gs1Lengths,
    gs1Text: fields.join(''),
  };
  const transfer = [message.quantities, message.lines, message.starts, message.ends, message.keys, message.stringRows, gs1Rows, gs1Flags, gs1Units, gs1Lengths]
    .filter((array) => array !== null)
    .map((array) => array!.buffer as ArrayBuffer);
  return { message, transfer };
}

/** A GS1 read's optional field into `packPreparedBatch`'s message: its length at `at` (-1: null), its text. */
function packField(field: string | null, at: number, lengths: Int32Array, fields: string[]): void {
  lengths[at] = field === null ? -1 : field.length;
  if (field !== null) fields.push(field);
}

/** The first `count` numbers of `values` in an array of their own. */
function copyOf(values: ArrayLike<number>, count: number): Float64Array {
  const copy = new Float64Array(count);
  for (let i = 0; i < count; i++) copy[i] = values[i]!;
  return copy;
}

/** The prepared batch a `packPreparedBatch` message carries: the same rows, values and GS1 reads. */
export function unpackPreparedBatch(message: PackedScanBatch): PreparedScanBatch {
  const { count, starts, ends, keys, stringRows, strings, gs1Rows, gs1Lengths, gs1Text } = message;
  const values = new Array<string | null>(count).fill(null);
  for (let s = 0; s < stringRows.length; s++) values[stringRows[s]!] = strings[s]!;
  const lengths = new Int32Array(count);
  for (let i = 0; i < count; i++) lengths[i] = ends[i]! - starts[i]!;
  const gs1 = new Array<Gs1Item | null>(count).fill(null);
  let at = 0;
  const field = (length: number): string | null => {
    if (length < 0) return null;
    at += length;
    return gs1Text.slice(at - length, at);
  };
  for (let r = 0; r < gs1Rows.length; r++) {
    const flags = message.gs1Flags[r]!;
    const gtin = field(GTIN_LENGTH)!;
    const lot = field(gs1Lengths[r * 3]!);
    const expiry = field(gs1Lengths[r * 3 + 1]!);
    const serial = field(gs1Lengths[r * 3 + 2]!);
    // The fields in the order gs1-scan.ts makes them: one object shape for every read.
    gs1[gs1Rows[r]!] = { form: GS1_FORMS[flags >> 1]!, gtin, contents: (flags & 1) === 1, units: message.gs1Units[r]!, lot, expiry, serial };
  }
  return {
    count,
    quantities: message.quantities,
    lines: message.lines,
    text: message.text,
    values,
    starts,
    ends,
    lengths,
    keys,
    gs1,
    gs1Rows: gs1Rows.length === 0 ? 0 : gs1Rows[gs1Rows.length - 1]! + 1,
  };
}
