/**
 * Result lines as the rows of `audit_result_lines` (docs/decisions/0055, 0051): which columns
 * processing writes, how each is read from an engine line, and the CSV that COPY reads. Used in
 * the processing worker thread, which writes the lines of a run to a CSV file as the engine makes
 * them (a million notFound lines never exist as objects at once), and by `storeResults` for
 * results held in memory.
 *
 *   await writeResultLinesCsv(file, { organizationId, auditId }, lines, productTags);
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { RESULT_CATEGORIES, type ResultCategory, type ResultItem } from '../../../contracts/results.js';
import { csvChunks, type CopyValue } from '../../db/bulk-copy.js';

/** The audit the lines belong to. */
export interface LineOwner {
  organizationId: string;
  auditId: string;
}

/** The lines of one category, in engine order (an array, or a generator that makes them). */
export type CategoryLines = (category: ResultCategory) => Iterable<ResultItem>;

/** One result line as the engine produced it, with its category and place in that category. */
interface LineInput {
  owner: LineOwner;
  category: ResultCategory;
  position: number;
  item: ResultItem;
  /** The product's tags when the audit ran (none for a value that matched no product). */
  tags: string[];
}

/** The jsonb `context` column: shelf context and cross-validation file counts. */
export interface LineContext {
  scannedBefore: string | null;
  scannedBeforeName: string | null;
  scannedAfter: string | null;
  scannedAfterName: string | null;
  fileCounts: ResultItem['fileCounts'];
}

/**
 * The columns of `audit_result_lines` that processing writes, each with how its value is read
 * from a line, in COPY order (a column added to result lines is one entry here).
 */
const LINE_COLUMNS: ReadonlyArray<readonly [string, (line: LineInput) => CopyValue]> = [
  ['organization_id', (l) => l.owner.organizationId],
  ['audit_id', (l) => l.owner.auditId],
  ['category', (l) => l.category],
  ['position', (l) => l.position],
  ['product_id', (l) => l.item.productId],
  ['sku', (l) => l.item.sku],
  ['scan_value', (l) => l.item.scanValue],
  ['matched_sku', (l) => l.item.matchedSku],
  ['product_name', (l) => l.item.productName],
  ['expected_quantity', (l) => l.item.expectedQuantity],
  ['scanned_quantity', (l) => l.item.scannedQuantity],
  ['difference', (l) => l.item.difference],
  ['percentage_difference', (l) => l.item.percentageDifference],
  ['cost_price', (l) => l.item.costPrice],
  ['variance_value', (l) => l.item.varianceValue],
  ['actual_category', (l) => l.item.actualCategory],
  ['location', (l) => l.item.location],
  ['scan_files', (l) => l.item.scanFiles],
  ['reason', (l) => l.item.reason],
  ['bad_check_digit', (l) => l.item.badCheckDigit],
  ['tags', (l) => l.tags],
  ['context', (l) => lineContext(l.item)],
];

/** The column names, in the order of the values `lineValues` yields. */
export const RESULT_LINE_COLUMNS: readonly string[] = LINE_COLUMNS.map(([column]) => column);

/**
 * A line's context, or null when it has none (no shelf context, no file counts): a million
 * notFound lines without neighbours then cost COPY no JSON at all. Read back by `toResultItem`,
 * which gives a null context nulls and no file counts, as before.
 */
function lineContext(item: ResultItem): LineContext | null {
  if (item.scannedBefore === null && item.scannedAfter === null && item.fileCounts.length === 0) return null;
  return {
    scannedBefore: item.scannedBefore,
    scannedBeforeName: item.scannedBeforeName,
    scannedAfter: item.scannedAfter,
    scannedAfterName: item.scannedAfterName,
    fileCounts: item.fileCounts,
  };
}

/** Every line as COPY values (RESULT_LINE_COLUMNS order), category by category in engine order. */
export function* lineValues(owner: LineOwner, lines: CategoryLines, productTags: ReadonlyMap<string, readonly string[]>): Generator<CopyValue[]> {
  for (const category of RESULT_CATEGORIES) {
    let position = 0;
    for (const item of lines(category)) {
      const tags = lineTags(item.productId === null ? undefined : productTags.get(item.productId));
      const line: LineInput = { owner, category, position: position++, item, tags };
      yield LINE_COLUMNS.map(([, read]) => read(line));
    }
  }
}

/** A line's tags: the product's, each once, blanks left out (tag analytics count per tag). */
export function lineTags(tags: readonly string[] | undefined): string[] {
  return tags ? [...new Set(tags.filter((t) => t !== ''))] : [];
}

/**
 * Writes every line as the CSV that `copyCsvFile` feeds to COPY, into `file` (created or
 * replaced), with back-pressure: memory holds one chunk of lines at a time. Answers the number of
 * lines written. @throws the file system's error (disk full...).
 */
export async function writeResultLinesCsv(
  file: string,
  owner: LineOwner,
  lines: CategoryLines,
  productTags: ReadonlyMap<string, readonly string[]>,
): Promise<number> {
  const out = createWriteStream(file);
  let count = 0;
  const counted = (function* () {
    for (const values of lineValues(owner, lines, productTags)) {
      count++;
      yield values;
    }
  })();
  try {
    for (const chunk of csvChunks(counted)) if (!out.write(chunk)) await once(out, 'drain');
  } finally {
    out.end();
    await once(out, 'close');
  }
  return count;
}
