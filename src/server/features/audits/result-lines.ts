/**
 * Result lines as the rows of `audit_result_lines` and, for notFound lines,
 * `audit_not_found_lines` (docs/decisions/0055, 0051, 0075): which columns processing writes, how
 * each is read from an engine line, and the CSV that COPY reads. Used in the processing worker
 * thread, which writes the lines of a run to two CSV files as the engine makes them (a million
 * notFound lines never exist as objects at once), and by `storeResults` for results held in memory.
 *
 *   await writeProductLinesCsv(file, { organizationId, auditId }, categoryLines, productTags);
 *   await writeNotFoundLinesCsv(otherFile, auditId, notFoundLines(), (bytes) => report(bytes));
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { RESULT_CATEGORIES, type ResultCategory, type ResultItem } from '../../../contracts/results.js';
import { csvField } from '../../db/bulk-copy.js';

/** The audit the lines belong to. */
export interface LineOwner {
  organizationId: string;
  auditId: string;
}

/** The lines of one category, in engine order (an array, or a generator that makes them). */
export type CategoryLines = (category: ResultCategory) => Iterable<ResultItem>;

/**
 * The jsonb `context` column: shelf context, cross-validation file counts and, for a line with a
 * GS1 read, its lot, expiry and serial (absent on lines stored before they existed, and on lines
 * without them).
 */
export interface LineContext {
  scannedBefore: string | null;
  scannedBeforeName: string | null;
  scannedAfter: string | null;
  scannedAfterName: string | null;
  fileCounts: ResultItem['fileCounts'];
  lot?: string | null;
  expiry?: string | null;
  serial?: string | null;
}

/**
 * The columns of `audit_result_lines` that processing writes, in COPY order: `resultLineRows` writes
 * one field per entry, in this order (a column added to result lines is one entry in each).
 */
export const RESULT_LINE_COLUMNS: readonly string[] = [
  'organization_id',
  'audit_id',
  'category',
  'position',
  'product_id',
  'sku',
  'scan_value',
  'matched_sku',
  'product_name',
  'expected_quantity',
  'scanned_quantity',
  'difference',
  'percentage_difference',
  'cost_price',
  'variance_value',
  'actual_category',
  'location',
  'scan_files',
  'reason',
  'bad_check_digit',
  'tags',
  'context',
];

/**
 * A line's context, or null when it has none (no shelf context, no file counts): a million
 * notFound lines without neighbours then cost COPY no JSON at all. Read back by `toResultItem`,
 * which gives a null context nulls and no file counts, as before.
 */
function lineContext(item: ResultItem): LineContext | null {
  const gs1 = item.lot !== null || item.expiry !== null || item.serial !== null;
  if (item.scannedBefore === null && item.scannedAfter === null && item.fileCounts.length === 0 && !gs1) return null;
  const context: LineContext = {
    scannedBefore: item.scannedBefore,
    scannedBeforeName: item.scannedBeforeName,
    scannedAfter: item.scannedAfter,
    scannedAfterName: item.scannedAfterName,
    fileCounts: item.fileCounts,
  };
  if (gs1) {
    context.lot = item.lot;
    context.expiry = item.expiry;
    context.serial = item.serial;
  }
  return context;
}

/**
 * The product lines (every category but notFound) as lines of COPY CSV text for
 * `audit_result_lines` (RESULT_LINE_COLUMNS order, `csvField`'s rules, each ending in a line
 * break), category by category in engine order. Written field by field rather than through
 * `copyRows`' arrays of values: at a million lines the per-line arrays and closures were a third
 * of the worker's time. Lines that share one `scanFiles` array (the engine shares them) share its
 * literal. `tally.taggedLines` counts the lines written with at least one tag.
 */
export function* resultLineRows(
  owner: LineOwner,
  lines: CategoryLines,
  productTags: ReadonlyMap<string, readonly string[]>,
  tally: { taggedLines: number } = { taggedLines: 0 },
): Generator<string> {
  const files = new ArrayLiterals();
  for (const category of RESULT_CATEGORIES) {
    if (category === 'notFound') continue;
    const prefix = `${csvField(owner.organizationId)},${csvField(owner.auditId)},${csvField(category)},`;
    let position = 0;
    for (const item of lines(category)) {
      // Most products have no tags, and then no entry (catalogue-snapshot.ts): no array, no literal to make.
      const productTagList = item.productId === null ? undefined : productTags.get(item.productId);
      let tags = NO_TAGS;
      if (productTagList !== undefined && productTagList.length !== 0) {
        const distinct = lineTags(productTagList);
        if (distinct.length !== 0) {
          tags = csvField(distinct);
          tally.taggedLines++;
        }
      }
      yield `${prefix}${position++},${text(item.productId)},${csvField(item.sku)},${text(item.scanValue)},${text(item.matchedSku)},` +
        `${text(item.productName)},${number(item.expectedQuantity)},${item.scannedQuantity},${number(item.difference)},` +
        `${number(item.percentageDifference)},${text(item.costPrice)},${text(item.varianceValue)},${text(item.actualCategory)},` +
        `${text(item.location)},${files.of(item.scanFiles)},${text(item.reason)},${item.badCheckDigit ? 't' : 'f'},${tags},` +
        `${csvField(lineContext(item))}\n`;
    }
  }
}

/**
 * The columns of `audit_not_found_lines` (docs/decisions/0075), in COPY order: `notFoundLineRows`
 * writes one field per entry, in this order.
 */
export const NOT_FOUND_LINE_COLUMNS: readonly string[] = ['audit_id', 'position', 'value', 'scanned_quantity', 'scan_files', 'reason', 'context'];

/** The reason most notFound lines have: stored as NULL (`audit_not_found_lines.reason`). */
export const USUAL_NOT_FOUND_REASON = 'unknown';

/**
 * The notFound lines as lines of COPY CSV text for `audit_not_found_lines` (NOT_FOUND_LINE_COLUMNS
 * order), in engine order: only what such a line can hold, so a million of them cost COPY as few
 * bytes as possible. The usual reason and a context of nulls are written as NULL.
 * @throws Error when a line has product fields or a scanValue other than its sku (the engine
 *   never makes one: `notFoundLine` in domain/reconcile-results.ts), since this table cannot keep them.
 */
export function* notFoundLineRows(auditId: string, lines: Iterable<ResultItem>): Generator<string> {
  const files = new ArrayLiterals();
  const prefix = `${csvField(auditId)},`;
  let position = 0;
  for (const item of lines) {
    if (item.productId !== null || item.scanValue !== item.sku || item.location !== null || item.fileCounts.length > 0) {
      throw new Error(`a notFound line with more than a scanned value cannot be stored: ${item.sku}`);
    }
    const reason = item.reason === USUAL_NOT_FOUND_REASON ? '' : text(item.reason);
    yield `${prefix}${position++},${csvField(item.sku)},${item.scannedQuantity},${files.of(item.scanFiles)},${reason},${csvField(lineContext(item))}\n`;
  }
}

/** Rows per CSV chunk of `csvChunksOf`: one write on the way to COPY (~1 MB of text). */
const CHUNK_LINES = 5000;

/** CSV rows (`resultLineRows`, `notFoundLineRows`) joined into chunks of `CHUNK_LINES` lines, for `copyCsvText`. */
export function* csvChunksOf(rows: Iterable<string>): Generator<string> {
  let chunk = '';
  let n = 0;
  for (const row of rows) {
    chunk += row;
    if (++n === CHUNK_LINES) {
      yield chunk;
      chunk = '';
      n = 0;
    }
  }
  if (chunk) yield chunk;
}

const NO_TAGS = csvField([]);
const text = (value: string | null): string => (value === null ? '' : csvField(value));
const number = (value: number | null): string => (value === null ? '' : String(value));

/** Array literals by array identity: the engine hands the same `scanFiles` array to many lines. */
class ArrayLiterals {
  private last: readonly string[] | null = null;
  private literal = '';

  of(values: readonly string[]): string {
    if (values !== this.last) {
      this.last = values;
      this.literal = csvField(values);
    }
    return this.literal;
  }
}

/** A line's tags: the product's, each once, blanks left out (tag analytics count per tag). */
export function lineTags(tags: readonly string[] | undefined): string[] {
  return tags ? [...new Set(tags.filter((t) => t !== ''))] : [];
}

/** The two CSV files of a run's lines: product lines and notFound lines (docs/decisions/0075). */
export interface LineFiles {
  /** Rows of `audit_result_lines` (RESULT_LINE_COLUMNS). */
  lines: string;
  /** Rows of `audit_not_found_lines` (NOT_FOUND_LINE_COLUMNS). */
  notFound: string;
}

/**
 * Writes the product lines (`resultLineRows`) as the CSV that `copyCsvFile` feeds to COPY into
 * `file` (created or replaced), with back-pressure: memory holds one buffer of lines at a time.
 * Calls `onWritten` with the file's size each time a buffer is in the file, so that COPY can read
 * it while it grows (docs/decisions/0150). Answers the number of lines written and how many of
 * them carry tags (none: tag analytics have nothing to add, DESIGN.md section 11).
 * @throws the file system's error (disk full...).
 */
export async function writeProductLinesCsv(
  file: string,
  owner: LineOwner,
  lines: CategoryLines,
  productTags: ReadonlyMap<string, readonly string[]>,
  onWritten: (bytes: number) => void = () => {},
): Promise<{ lines: number; taggedLines: number }> {
  const tally = { taggedLines: 0 };
  const count = await writeCsvRows(file, resultLineRows(owner, lines, productTags, tally), onWritten);
  return { lines: count, taggedLines: tally.taggedLines };
}

/**
 * Writes the notFound lines (`notFoundLineRows`) into `file` like `writeProductLinesCsv`, calling
 * `onWritten` with the file's size each time a buffer is in the file, so that COPY can read it
 * while it grows (`GrowingFile`, docs/decisions/0076). Answers the number of lines written.
 * @throws the file system's error; `notFoundLineRows`' error.
 */
export function writeNotFoundLinesCsv(file: string, auditId: string, lines: Iterable<ResultItem>, onWritten: (bytes: number) => void = () => {}): Promise<number> {
  return writeCsvRows(file, notFoundLineRows(auditId, lines), onWritten);
}

/** Writes `rows` into `file` (created or replaced), reporting its size after each write; answers how many. */
async function writeCsvRows(file: string, rows: Iterable<string>, onWritten: (bytes: number) => void = () => {}): Promise<number> {
  const out = createWriteStream(file);
  // Each line goes straight into a byte buffer and dies young: joining a chunk's lines as one
  // string first kept thousands of pieces alive long enough to reach the old generation.
  let buffer = Buffer.allocUnsafe(WRITE_BUFFER_BYTES);
  let used = 0;
  let count = 0;
  // The stream's bytesWritten counts what reached the file, once a write's callback runs.
  const written = (err?: Error | null) => {
    if (!err) onWritten(out.bytesWritten);
  };
  const flush = async () => {
    if (used === 0) return;
    const full = buffer.subarray(0, used);
    buffer = Buffer.allocUnsafe(WRITE_BUFFER_BYTES);
    used = 0;
    if (!out.write(full, written)) await once(out, 'drain');
  };
  try {
    for (const row of rows) {
      count++;
      // A line of any length fits: the buffer is flushed first, and a line longer than the
      // buffer is written on its own.
      if (used + row.length * 3 > buffer.length) {
        await flush();
        if (row.length * 3 > buffer.length) {
          if (!out.write(row, written)) await once(out, 'drain');
          continue;
        }
      }
      used += buffer.write(row, used, 'utf8');
    }
    await flush();
  } finally {
    out.end();
    await once(out, 'close');
  }
  return count;
}

/** Bytes gathered before a write to the lines file. */
const WRITE_BUFFER_BYTES = 1024 * 1024;
