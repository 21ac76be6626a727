/**
 * The reconciliation engine: DESIGN.md section 5, spec part 1 section 3 ("Enhanced results",
 * "Result item"). Pure and deterministic: the same catalogue, files and rows give the same
 * `EnhancedResults`, byte for byte once serialised.
 *
 * Streaming: `createReconciler(opts)` returns an object that takes rows one at a time
 * (`add(fileIndex, rawValue, quantity)`, the rows of each file in file order) and builds the
 * result in `finish()`. Memory grows with the catalogue, the number of files and the number of
 * distinct not-found values, never with the number of rows. A row costs a normalisation that
 * allocates nothing for clean values, one or two hash lookups (digit codes in typed-array
 * tables, see catalogue-index.ts) and a few typed-array updates.
 *
 * Semantics fixed here where DESIGN.md leaves a choice (see also the README of the fixtures):
 * - A product is "scanned" once a row matched it, even if its quantities sum to 0.
 * - Shelf context of a notFound line: the nearest rows before and after its first occurrence in
 *   the same file that matched any catalogue product (in scope or not), as that product's SKU
 *   and name. First occurrence = lowest file index, then earliest row.
 * - notFound lines are grouped by `notFoundKey` (GTIN-14 for digit codes, else lower case); the
 *   line shows the value, reason and check-digit flag of the first occurrence.
 * - scannedNotExpected lines carry the catalogue quantity as `expectedQuantity` for information
 *   but no difference or variance: the audit expected nothing of an out-of-scope product.
 * - GS1 element strings (catalogue-index.ts, gs1/gs1-scan.ts): a read counts its units (1 for
 *   (01), the (37) count for (02)) times the row's quantity. A product line and a notFound line
 *   carry the lot, expiry and serial of their first GS1 read (lowest file, then row) that has any.
 *   A serialised item, (01)+(21), counts on its first read only (in cross-validation mode: its
 *   first read in each file); every later read of it is a repeated read: not counted anywhere
 *   (no units, no row of the match rate), listed in `repeatedReads` in reading order (file, row)
 *   with where it was first read.
 * - Cross-validation: for an in-scope product each file's count (0 where absent) is compared.
 *   All equal: that one count is categorised. Otherwise a crossFileDiscrepancies line whose
 *   `scannedQuantity` is the sum of `fileCounts` and whose difference is null. notFound and
 *   scannedNotExpected lines sum over files in both modes. With one file it equals standard mode.
 * - Summary variance (units and value) sums the in-scope lines that have a difference: correct,
 *   above, below and zero sheet. Accuracy = correct / (correct + above + below), null when 0.
 * - Rates are 0 when there is nothing to divide by.
 * - Quantities are decimals of at most 3 places, summed exactly as integer thousandths
 *   (quantity-thousandths.ts); the result shows them in units again. The absolute quantities of
 *   all rows together may reach 2^53 thousandths (about 9 * 10^12 units): beyond, no sum would
 *   be exact and `finish()` refuses (ScanQuantityError).
 */
import type { AuditMode, AuditType, EnhancedResults, ResultCategory, ResultItem } from '../contracts/results.js';
import { buildCatalogueIndex, notFoundKeyValue, ONE_UNIT, RANGE_UNDECIDED, REASON_UNKNOWN, type CatalogueProduct } from './catalogue-index.js';
import { detachedGs1Details, type Gs1Details, type Gs1Item } from './gs1/gs1-scan.js';
import { KeptTexts } from './kept-text.js';
import { HeldGs1Details } from './reconcile-held-gs1.js';
import { RepeatedReads } from './reconcile-repeated-reads.js';
import { NotFoundTally } from './reconcile-not-found.js';
import { normalizeScanValue } from './normalize-scan-value.js';
import { emptyPreparedBatch, prepareScanBatch, releasePreparedBatch, type PreparedScanBatch, type ScanValueSpans } from './scan-batch.js';
import { touchedLines } from './number-table.js';
import { MAX_EXACT_THOUSANDTHS, MAX_QUANTITY_UNITS, QUANTITY_DECIMALS, timesUnits, toThousandths } from './quantity-thousandths.js';
import {
  buildEnhancedResults,
  buildResultsWithLinesOnDemand,
  levelCode,
  NEVER,
  TALLY_IN_SCOPE,
  TALLY_LEVEL,
  TALLY_STATE,
  TALLY_STRIDE,
  TALLY_UNITS,
  type ScanFileMeta,
  type ScanTally,
} from './reconcile-results.js';

export type { AlternateIdentifier, CatalogueProduct } from './catalogue-index.js';
export type { ScanFileMeta } from './reconcile-results.js';

export interface ReconcileOptions {
  auditType: AuditType;
  mode: AuditMode;
  /**
   * The whole catalogue; `inScope` marks the audit's products (all of them for a cycle count).
   * Read when the reconciler is created (index, scope) and again by `finish()` (names, expected
   * quantities, prices): leave it unchanged in between.
   */
  catalogue: CatalogueProduct[];
  /** The scan files in upload order (index = `fileIndex` of `add`). */
  files: ScanFileMeta[];
}

export interface Reconciler {
  /**
   * Count one scan row. `rawValue` as read from the file (normalised here; blank rows are
   * skipped), `quantity` in units, a decimal of at most 3 places (negative = correction). Rows
   * of one file must come in file order; files may interleave. Throws RangeError for a bad
   * `fileIndex`, `ScanQuantityError` for a quantity with more decimals or beyond
   * ±2,147,483,647, Error after `finish()`.
   */
  add(fileIndex: number, rawValue: string, quantity: number): void;
  /**
   * Count rows 0..`count`-1 of one batch of `fileIndex`'s rows, given as columns (`values[i]`,
   * `quantities[i]`): the same as calling `add` for each in turn, errors included (the rows
   * before a bad quantity are counted), but faster: every row of the batch is looked up in the
   * catalogue before any tally is touched, so the lookups' cache misses overlap, and then the
   * tallies' (docs/decisions/0083); the cache lines of both are loaded in tight loops first
   * (docs/decisions/0133). The columns are read during the call only. `lines[i]`, when
   * given, is row i's line in its file, which repeated reads name (else its 1-based row number).
   * `spans`, when given with `starts`, holds the values of the rows whose `starts[i]` >= 0 as
   * ranges of one text, `text[starts[i], ends[i])` (`values[i]` is then not read): a reader's
   * chunk of a file, from which no string is made for a value that matches a product unless it
   * is the product's first in the file (docs/decisions/0163).
   */
  addColumns(fileIndex: number, values: readonly string[], quantities: ArrayLike<number>, count: number, lines?: ArrayLike<number>, spans?: ScanValueSpans): void;
  /**
   * `addColumns` of a batch whose first pass was made by `prepareScanBatch` (scan-batch.ts),
   * possibly in another thread (`unpackPreparedBatch`): the same counts as `addColumns` of the
   * batch's rows. The batch's values and GS1 reads may be completed in place.
   */
  addPrepared(fileIndex: number, batch: PreparedScanBatch): void;
  /** Build the results (`processingTime` 0: the caller measures). Later calls return the same object. */
  finish(): EnhancedResults;
  /**
   * The same results for callers that store lines as they come: `results` has no lines
   * (`categories` empty, `counts` and `summary` complete), and `lines(category)` makes that
   * category's lines one at a time, in `finish()`'s order. A line then lives only until the
   * caller has written it: the ~100,000 product lines of a large audit are never held at once,
   * nor a million notFound lines from a file of distinct unknown codes (docs/decisions/0084).
   * No `add` after it.
   */
  finishStreamed(): StreamedResults;
}

export type { PreparedScanBatch, ScanValueSpans } from './scan-batch.js';

/** What `Reconciler.finishStreamed` answers. */
export interface StreamedResults {
  results: EnhancedResults;
  /** One category's lines, in result order; each call starts again from the first. */
  lines(category: ResultCategory): Iterable<ResultItem>;
}

/**
 * A scan row's quantity is not a decimal of at most 3 places within ±2,147,483,647 (DESIGN.md
 * section 5 rule 4), or the rows' quantities together are too large to sum exactly (`row` 0).
 */
export class ScanQuantityError extends Error {
  constructor(
    readonly fileName: string,
    /** 1-based position of the row among the rows given for that file; 0 for the total. */
    readonly row: number,
    readonly quantity: number,
  ) {
    super(
      row === 0
        ? `${fileName}: the scan quantities add up to more than 9,007,199,254,740 units, too large to sum exactly`
        : `${fileName} row ${row}: quantity ${String(quantity)} is not a number of at most ${QUANTITY_DECIMALS} decimal places within ±${MAX_QUANTITY_UNITS}`,
    );
    this.name = 'ScanQuantityError';
  }
}

/** True when a GS1 read carries something a line shows: a lot, an expiry or a serial. */
function hasDetails(item: Gs1Item): boolean {
  return item.lot !== null || item.expiry !== null || item.serial !== null;
}

/** `countRow`'s target for a blank value (below every `match` answer). */
const BLANK = -0x7fffffff;

/** Start a streaming reconciliation. See the module comment for the semantics. */
export function createReconciler(opts: ReconcileOptions): Reconciler {
  const { catalogue, files, mode, auditType } = opts;
  const nProducts = catalogue.length;
  const nFiles = files.length;
  const index = buildCatalogueIndex(catalogue);
  const last = index.last;

  // Per file, allocated on its first batch (`addColumns`) or its first matched row (`add`): a
  // record of TALLY_STRIDE numbers per product (units; in scope and match level of its first row
  // in the file) so that a row touches one cache line of state, and the value of the product's
  // first row in the file (a handle of `kept`, set with the level: docs/decisions/0180). A file
  // without a matched row reads as all zeros either way.
  const inScope = new Float64Array(nProducts);
  for (let p = 0; p < nProducts; p++) inScope[p] = catalogue[p]!.inScope ? 1 : 0;
  const fileTallies: (Float64Array | undefined)[] = new Array(nFiles).fill(undefined);
  const fileFirstValues: (Int32Array | undefined)[] = new Array(nFiles).fill(undefined);
  const kept = new KeptTexts();
  const rowCount = new Float64Array(nFiles);
  // Units in thousandths (quantity-thousandths.ts); fileAbsolute bounds every partial sum.
  const fileTotal = new Float64Array(nFiles);
  const fileAbsolute = new Float64Array(nFiles);
  const fileMatched = new Float64Array(nFiles);
  const lastMatched = new Int32Array(nFiles).fill(-1);
  const pendingAfter: number[][] = Array.from({ length: nFiles }, () => []);

  // Values that matched no product: one entry per notFoundKey (reconcile-not-found.ts).
  const notFound = new NotFoundTally();
  // GS1 reads: the first with lot/expiry/serial per product (reconcile-held-gs1.ts) and per
  // notFound entry, and the serials seen (reconcile-repeated-reads.ts).
  const productGs1 = new HeldGs1Details(nProducts, kept);
  const notFoundGs1 = new Map<number, Gs1Details>();
  const repeats = new RepeatedReads(mode === 'cross-validation' && nFiles > 1);

  let result: EnhancedResults | null = null;
  let streamed: EnhancedResults | null = null;

  function fileTally(f: number): Float64Array {
    const tally = new Float64Array(nProducts * TALLY_STRIDE);
    for (let p = 0; p < nProducts; p++) tally[p * TALLY_STRIDE + TALLY_STATE] = inScope[p]! * TALLY_IN_SCOPE;
    fileTallies[f] = tally;
    fileFirstValues[f] = new Int32Array(nProducts);
    return tally;
  }

  function addNotFound(value: string, f: number, row: number, quantity: number, gs1: Gs1Item | null): void {
    const e = notFound.entryOf(notFoundKeyValue(value, gs1), NEVER);
    notFound.quantity[e] += quantity;
    notFound.seenIn(e, f);
    if (f < notFound.firstFile[e]!) {
      const r = index.resolve(value);
      notFound.firstFile[e] = f;
      notFound.firstRow[e] = row;
      notFound.setValue(e, value, r.kind === 'notFound' ? r.reason : REASON_UNKNOWN);
      if (gs1 !== null && hasDetails(gs1)) notFoundGs1.set(e, detachedGs1Details(gs1));
      else notFoundGs1.delete(e);
      notFound.before[e] = lastMatched[f]!;
      notFound.after[e] = -1;
      pendingAfter[f]!.push(e);
    }
  }

  function settleAfter(f: number, product: number, waiting: number[]): void {
    for (const e of waiting) {
      if (notFound.firstFile[e] === f && notFound.after[e] === -1) notFound.after[e] = product;
    }
    waiting.length = 0;
  }

  function checkOpen(fileIndex: number): void {
    if (result !== null || streamed !== null) throw new Error('Reconciler.add called after finish()');
    if (!(fileIndex >= 0 && fileIndex < nFiles) || !Number.isInteger(fileIndex)) {
      throw new RangeError(`fileIndex ${String(fileIndex)} is outside 0..${nFiles - 1}`);
    }
  }

  function add(fileIndex: number, rawValue: string, quantity: number): void {
    checkOpen(fileIndex);
    const value = normalizeScanValue(rawValue);
    const target = value === '' ? BLANK : index.match(value);
    countRow(fileIndex, value, quantity, target, target >= 0 ? levelCode(index.lastLevel) : 0, target >= 0 ? index.lastUnits : ONE_UNIT, target === BLANK ? null : index.lastGs1, -1);
  }

  // addColumns' first pass of a batch (scan-batch.ts), reused from batch to batch.
  const scratch = emptyPreparedBatch();
  // addPrepared's lookups of one batch: `match` answer (or BLANK), level code and units.
  let batchTargets = new Int32Array(1024);
  let batchLevels = new Uint8Array(1024);
  let batchUnits = new Float64Array(1024);
  // The text of the batch's ranges while its rows are counted (`rowValue`).
  let spanText = '';

  function addColumns(fileIndex: number, values: readonly string[], quantities: ArrayLike<number>, count: number, lines?: ArrayLike<number>, spans?: ScanValueSpans): void {
    checkOpen(fileIndex);
    prepareScanBatch(values, quantities, count, lines ?? null, spans ?? null, scratch);
    try {
      countPrepared(fileIndex, scratch);
    } finally {
      releasePreparedBatch(scratch);
    }
  }

  function addPrepared(fileIndex: number, batch: PreparedScanBatch): void {
    checkOpen(fileIndex);
    countPrepared(fileIndex, batch);
  }

  function countPrepared(fileIndex: number, batch: PreparedScanBatch): void {
    const { count, text, keys, quantities, lines } = batch;
    const batchValues = batch.values;
    const batchGs1 = batch.gs1;
    const batchStarts = batch.starts;
    const batchEnds = batch.ends;
    let gs1Rows = batch.gs1Rows;
    if (count > batchTargets.length) {
      batchTargets = new Int32Array(count);
      batchLevels = new Uint8Array(count);
      batchUnits = new Float64Array(count);
    }
    const targets = batchTargets;
    const levels = batchLevels;
    const units = batchUnits;
    // Passes: load the catalogue's cache lines of every row (their misses overlap); match. Then
    // the tallies' lines the same way before counting (docs/decisions/0133).
    let touched = index.touch(batchValues, count, targets);
    touched += index.touchKeys(keys, batch.lengths, count, targets);
    for (let i = 0; i < count; i++) {
      let value = batchValues[i]!;
      let target: number;
      if (value === null) {
        const gs1 = i < gs1Rows ? batchGs1[i]! : null;
        target = gs1 !== null ? index.matchGs1Read(gs1, keys[i]!) : index.matchRange(text, batchStarts[i]!, batchEnds[i]!, keys[i]!);
        if (target === RANGE_UNDECIDED) {
          value = batchValues[i] = text.slice(batchStarts[i]!, batchEnds[i]!);
          target = index.match(value);
        }
      } else target = value === '' ? BLANK : index.match(value);
      targets[i] = target;
      levels[i] = target >= 0 ? levelCode(last.level) : 0;
      units[i] = target >= 0 ? last.units : ONE_UNIT;
      const gs1 = target === BLANK ? null : last.gs1;
      if (gs1 !== null) {
        batchGs1[i] = gs1;
        if (gs1Rows <= i) gs1Rows = i + 1;
      }
    }
    batch.gs1Rows = gs1Rows;
    // The file's tally from its first batch on, so that this loop runs from the first call: a
    // loop first reached after the function was optimised has no type feedback, and each call
    // would then leave the optimised code there and count its rows unoptimised.
    const tally = fileTallies[fileIndex] ?? fileTally(fileIndex);
    for (let i = 0; i < count; i++) {
      const target = targets[i]!;
      if (target >= 0) touched += tally[target * TALLY_STRIDE]!;
    }
    touchedLines.sum = touched;
    spanText = text;
    try {
      for (let i = 0; i < count; i++) {
        const value = batchValues[i]!;
        if (value === null) {
          spanStart = batchStarts[i]!;
          spanEnd = batchEnds[i]!;
        }
        countRow(fileIndex, value, quantities[i]!, targets[i]!, levels[i]!, units[i]!, i < gs1Rows ? batchGs1[i]! : null, lines === null ? -1 : lines[i]!);
      }
    } finally {
      spanText = '';
    }
  }

  // The range of the row being counted when its value is null (a range of `spanText`).
  let spanStart = 0;
  let spanEnd = 0;

  /** A row's value: `value`, or (null) the range of `spanText` being counted, as a string. */
  function rowValue(value: string | null): string {
    return value ?? spanText.slice(spanStart, spanEnd);
  }

  /**
   * One row, already looked up: `target` is `match`'s answer for `value` (BLANK when blank),
   * `level` its level code, `units` the matched identifier's units per read (thousandths), `gs1`
   * its GS1 read or null, `line` its line in the file (-1: unknown).
   */
  function countRow(fileIndex: number, value: string | null, quantity: number, target: number, level: number, units: number, gs1: Gs1Item | null, line: number): void {
    const row = ++rowCount[fileIndex];
    if (target === BLANK) return;
    let thousandths = toThousandths(quantity);
    if (thousandths !== thousandths) throw new ScanQuantityError(files[fileIndex]!.fileName, row, quantity);
    if (gs1 !== null) {
      if (gs1.serial !== null && !gs1.contents) {
        const readLine = line >= 0 ? line : row;
        const firstRead = repeats.firstReadOf(fileIndex, readLine, gs1);
        if (firstRead >= 0) {
          repeats.recordRepeat(firstRead, fileIndex, readLine, rowValue(value), target, gs1);
          return;
        }
      }
      thousandths *= gs1.units;
      // (37) may hold 8 digits: a count past the exact range is refused like any other.
      if (Math.abs(thousandths) > MAX_EXACT_THOUSANDTHS) throw new ScanQuantityError(files[fileIndex]!.fileName, row, quantity * gs1.units);
      if (target >= 0 && hasDetails(gs1)) productGs1.hold(target, fileIndex, gs1);
    }
    countThousandths(fileIndex, value, row, units === ONE_UNIT ? thousandths + 0 : timesUnits(thousandths, units), target, level, gs1);
  }

  function countThousandths(fileIndex: number, value: string | null, row: number, quantity: number, target: number, level: number, gs1: Gs1Item | null): void {
    fileTotal[fileIndex] += quantity;
    fileAbsolute[fileIndex] += quantity < 0 ? -quantity : quantity;
    if (target >= 0) {
      const tally = fileTallies[fileIndex] ?? fileTally(fileIndex);
      const at = target * TALLY_STRIDE;
      tally[at + TALLY_UNITS] += quantity;
      const state = tally[at + TALLY_STATE]!;
      if (state & TALLY_IN_SCOPE) fileMatched[fileIndex] += quantity;
      if (state < TALLY_LEVEL) {
        tally[at + TALLY_STATE] = state + TALLY_LEVEL * level;
        fileFirstValues[fileIndex]![target] = value === null ? kept.keep(spanText, spanStart, spanEnd) : kept.keep(value);
      }
      lastMatched[fileIndex] = target;
      const waiting = pendingAfter[fileIndex]!;
      if (waiting.length !== 0) settleAfter(fileIndex, target, waiting);
    } else {
      addNotFound(rowValue(value), fileIndex, row, quantity, gs1);
    }
  }

  function checkExact(): void {
    let absolute = 0;
    for (let f = 0; f < nFiles; f++) {
      absolute += fileAbsolute[f]!;
      if (absolute > MAX_EXACT_THOUSANDTHS) throw new ScanQuantityError(files[f]!.fileName, 0, absolute / 1000);
    }
  }

  const tally = (): ScanTally => ({
    auditType,
    mode,
    catalogue,
    files,
    inScope,
    fileTallies,
    firstValue: (f, p) => kept.text(fileFirstValues[f]![p]!),
    fileTotal,
    fileMatched,
    notFound,
    productGs1: (p) => productGs1.of(p),
    notFoundGs1: (e) => notFoundGs1.get(e) ?? null,
    repeatedReads: repeats,
  });

  function finish(): EnhancedResults {
    if (result === null) {
      checkExact();
      result = buildEnhancedResults(tally());
    }
    return result;
  }

  function finishStreamed(): StreamedResults {
    checkExact();
    const { results, lines } = buildResultsWithLinesOnDemand(tally());
    // Marks the reconciler finished for `add`; `finish()` afterwards still builds every line.
    streamed = results;
    return { results, lines };
  }

  return { add, addColumns, addPrepared, finish, finishStreamed };
}

/**
 * Reconcile in one call: `scans[i]` are the rows of `files[i]` in file order (any iterable, so a
 * generator streams). Same result as feeding `createReconciler` file by file.
 * Throws RangeError when `scans` and `files` differ in length; see `Reconciler.add` for the rest.
 */
export function reconcile(
  opts: ReconcileOptions & { scans: Iterable<{ value: string; quantity: number }>[] },
): EnhancedResults {
  if (opts.scans.length !== opts.files.length) {
    throw new RangeError(`${opts.scans.length} scan row lists for ${opts.files.length} files`);
  }
  const reconciler = createReconciler(opts);
  opts.scans.forEach((rows, fileIndex) => {
    for (const row of rows) reconciler.add(fileIndex, row.value, row.quantity);
  });
  return reconciler.finish();
}
