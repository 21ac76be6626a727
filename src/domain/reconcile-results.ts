/**
 * From a tally of scan rows to the categorised reconciliation result: DESIGN.md section 5 rules
 * 3-6, spec part 1 section 3 ("Enhanced results", "Result item"). Called by
 * `Reconciler.finish()` and `finishStreamed()`; the semantics it fixes are listed in reconcile.ts.
 *
 * Two passes: `planProductLines` decides each product line's category, quantity and the summary's
 * variance in typed arrays, with no object per line; the lines are then made from that plan, all
 * at once (`buildEnhancedResults`) or one at a time as a writer wants them
 * (`buildResultsWithLinesOnDemand`, docs/decisions/0084).
 *
 * Order is deterministic: product lines by SKU (UTF-16 code units, then catalogue position),
 * notFound lines by first occurrence (file index, then row), files in upload order.
 * Money is exact (integer cents, money-cents.ts); quantities too (integer thousandths in the
 * tallies and the plan, quantity-thousandths.ts), turned into units only on the lines.
 */
import type { AuditMode, AuditType, EnhancedResults, FileCount, RepeatedRead, ResultCategory, ResultItem, ScanFileBreakdown } from '../contracts/results.js';
import type { Gs1Details } from './gs1/gs1-scan.js';
import type { RepeatedReads } from './reconcile-repeated-reads.js';
import { compareCodeUnits, flagsBadCheckDigit, type CatalogueProduct, type MatchLevel } from './catalogue-index.js';
import { hasBadCheckDigit } from './gtin.js';
import { addCents, formatCents, multiplyCentsByThousandths, parseCents, type Cents } from './money-cents.js';
import { fromThousandths, toThousandths } from './quantity-thousandths.js';
import type { NotFoundTally } from './reconcile-not-found.js';

/** One scan file of the audit, in upload order. */
export interface ScanFileMeta {
  fileName: string;
  teamName: string | null;
  scannerId: string | null;
}

/** `firstFile` of a product never scanned. */
export const NEVER = 0x7fffffff;

/**
 * Layout of a file's tally: TALLY_STRIDE numbers per product p, starting at p * TALLY_STRIDE.
 * Two numbers (16 bytes) so that a row touches one cache line and a 100,000-product tally
 * (1.6 MB) stays small enough for the caches (docs/decisions/0082).
 */
export const TALLY_STRIDE = 2;
/** Units of the product in the file (sum of quantities), in thousandths. */
export const TALLY_UNITS = 0;
/**
 * TALLY_IN_SCOPE when the product is in the audit's scope (copied into each file's tally), plus
 * TALLY_LEVEL times the `levelCode` of its first row in the file (0 while it has none there).
 */
export const TALLY_STATE = 1;
export const TALLY_IN_SCOPE = 1;
export const TALLY_LEVEL = 2;

/** The `levelCode` of a tally state, 0 while the product has no row in the file. */
export function stateLevel(state: number): number {
  return state >> 1;
}

const LEVELS: readonly MatchLevel[] = ['sku', 'upc', 'otherIdentifier'];

/** 1, 2, 3 for a match at the SKU, UPC, other identifier level. */
export function levelCode(level: MatchLevel): number {
  return level === 'sku' ? 1 : level === 'upc' ? 2 : 3;
}

/** What the reconciler accumulated from the rows. Arrays are indexed by product or file. */
export interface ScanTally {
  auditType: AuditType;
  mode: AuditMode;
  catalogue: readonly CatalogueProduct[];
  files: readonly ScanFileMeta[];
  /** Per product: 1 when in the audit's scope, as it was when the reconciliation started. */
  inScope: Float64Array;
  /** Per file (undefined for a file without a matched row): see TALLY_STRIDE. */
  fileTallies: readonly (Float64Array | undefined)[];
  /** The normalised value of product `product`'s first row in file `file` (a file where it was matched). */
  firstValue: (file: number, product: number) => string;
  /** Units per file (thousandths), all rows / rows matched to an in-scope product. */
  fileTotal: Float64Array;
  fileMatched: Float64Array;
  notFound: NotFoundTally;
  /** A product's first GS1 read with a lot, expiry or serial (by product index), or null. */
  productGs1: (product: number) => Gs1Details | null;
  /** The same for a notFound entry's first occurrence. */
  notFoundGs1: (entry: number) => Gs1Details | null;
  repeatedReads: RepeatedReads;
}

/** Build the whole result (every line; `processingTime` 0). Pure; does not modify `tally`. */
export function buildEnhancedResults(tally: ScanTally): EnhancedResults {
  const plan = planProductLines(tally);
  const results = resultsWithoutLines(tally, plan);
  const byCode = PRODUCT_CATEGORIES.map((category) => results.categories[category]);
  const singleFile = singleFileOf(tally.files);
  // One pass in SKU order, each line into its category (a generator per category costs more).
  for (let i = 0; i < plan.listed.length; i++) byCode[plan.category[i]!]!.push(productLine(tally, plan, i, singleFile));
  for (const line of notFoundLines(tally)) results.categories.notFound.push(line);
  return results;
}

/**
 * The result without its lines, and the lines made on demand: `results.categories` is empty
 * while `results.counts` and `results.summary` are complete; `lines(category)` makes that
 * category's lines one at a time, in `buildEnhancedResults`' order (each call starts again from
 * the first). A caller that stores lines as they come (the processing worker writes them as CSV)
 * then never holds them all as objects: a line lives until it is written, so a run's ~100,000
 * product lines no longer survive to be copied by the garbage collector (docs/decisions/0084),
 * and a file of a million distinct unknown codes is never a million line objects at once.
 * Pure; does not modify `tally`.
 */
export function buildResultsWithLinesOnDemand(tally: ScanTally): { results: EnhancedResults; lines: (category: ResultCategory) => Iterable<ResultItem> } {
  const plan = planProductLines(tally);
  return {
    results: resultsWithoutLines(tally, plan),
    lines: (category) => (category === 'notFound' ? notFoundLines(tally) : productLines(tally, plan, category)),
  };
}

/** The product line categories by code (`ProductLinePlan.category`). */
const PRODUCT_CATEGORIES = ['quantityCorrect', 'quantityAbove', 'quantityBelow', 'crossFileDiscrepancies', 'scannedNotExpected', 'zeroSheetItems'] as const;
type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];
const CORRECT = 0;
const ABOVE = 1;
const BELOW = 2;
const CROSS_FILE = 3;
const NOT_EXPECTED = 4;
const ZERO_SHEET = 5;

/**
 * Which products get a line, in which category, with what scanned quantity, and the summary's
 * variance: everything about the product lines but the lines themselves (typed arrays, no
 * object per line), so that the lines can be made later, each when it is wanted.
 */
interface ProductLinePlan {
  /** Products with a line, in SKU order (UTF-16 code units, then catalogue position). */
  listed: Int32Array;
  /** Per listed product: its category's index in PRODUCT_CATEGORIES. */
  category: Uint8Array;
  /** Per listed product: the line's `scannedQuantity`, in thousandths. */
  scanned: Float64Array;
  /** Per product: its expected quantity in thousandths. */
  expected: Float64Array;
  /**
   * Per listed product with a difference: its cost price in cents, parsed once for the summary
   * and reused by its line; NaN when it has none, or when only a bigint holds it (the line
   * parses it again).
   */
  costCents: Float64Array;
  /** Lines per category, PRODUCT_CATEGORIES order. */
  counts: number[];
  /** In thousandths. */
  varianceUnits: number;
  varianceValue: Cents;
  /** Per product: the first file it was scanned in (upload order), or NEVER. */
  firstFileOf: Int32Array;
}

function planProductLines(tally: ScanTally): ProductLinePlan {
  const { mode, catalogue, files, fileTallies } = tally;
  const scope = tally.inScope;
  const nProducts = catalogue.length;
  const nFiles = files.length;
  // The first file each product was scanned in (upload order), or NEVER: one pass over the tallies.
  const firstFileOf = new Int32Array(nProducts).fill(NEVER);
  for (let f = nFiles - 1; f >= 0; f--) {
    const fileTally = fileTallies[f];
    if (fileTally === undefined) continue;
    for (let p = 0; p < nProducts; p++) if (fileTally[p * TALLY_STRIDE + TALLY_STATE]! >= TALLY_LEVEL) firstFileOf[p] = f;
  }
  const expected = new Float64Array(nProducts);
  for (let p = 0; p < nProducts; p++) expected[p] = expectedThousandths(catalogue[p]!);
  const listedProducts: number[] = [];
  for (let p = 0; p < nProducts; p++) {
    if (firstFileOf[p] !== NEVER || (scope[p] === 1 && catalogue[p]!.expectedQuantity !== 0)) listedProducts.push(p);
  }
  listedProducts.sort((a, b) => compareCodeUnits(catalogue[a]!.sku, catalogue[b]!.sku) || a - b);
  const n = listedProducts.length;
  const listed = Int32Array.from(listedProducts);
  const category = new Uint8Array(n);
  const scanned = new Float64Array(n);
  const costCents = new Float64Array(n).fill(NaN);
  // Made the same way in every call (an array from `map` can take another elements kind once this
  // function is optimised, and each call would then leave the optimised code at `counts[code]++`).
  const counts: number[] = new Array<number>(PRODUCT_CATEGORIES.length).fill(0);
  const crossValidate = mode === 'cross-validation' && nFiles > 1;
  let varianceUnits = 0;
  let varianceValue: Cents = 0;
  for (let i = 0; i < n; i++) {
    const p = listed[i]!;
    let sum = 0;
    for (let f = 0; f < nFiles; f++) sum += units(fileTallies, f, p);
    let code: number;
    let quantity = sum;
    if (scope[p] !== 1) code = NOT_EXPECTED;
    else if (firstFileOf[p] === NEVER) code = ZERO_SHEET;
    else if (crossValidate) {
      quantity = units(fileTallies, 0, p);
      let agree = true;
      for (let f = 1; f < nFiles && agree; f++) agree = units(fileTallies, f, p) === quantity;
      if (!agree) quantity = sum;
      code = agree ? CORRECT : CROSS_FILE;
    } else code = CORRECT;
    if (code === CORRECT) {
      const d = quantity - expected[p]!;
      code = d === 0 ? CORRECT : d > 0 ? ABOVE : BELOW;
    }
    category[i] = code;
    scanned[i] = quantity;
    counts[code]!++;
    // Summary variance: the in-scope lines that have a difference (not notExpected, not crossFile).
    if (code !== NOT_EXPECTED && code !== CROSS_FILE) {
      const product = catalogue[p]!;
      const difference = quantity - expected[p]!;
      varianceUnits += difference;
      const cost = product.costPrice === null ? null : parseCents(product.costPrice);
      if (cost !== null) varianceValue = addCents(varianceValue, multiplyCentsByThousandths(cost, difference));
      if (typeof cost === 'number') costCents[i] = cost;
    }
  }
  return { listed, category, scanned, expected, costCents, counts, varianceUnits, varianceValue, firstFileOf };
}

/** A product's expected quantity in thousandths; RangeError when it is not a quantity (more than 3 decimals). */
function expectedThousandths(product: CatalogueProduct): number {
  const thousandths = toThousandths(product.expectedQuantity);
  if (thousandths !== thousandths) {
    throw new RangeError(`product ${product.sku}: expected quantity ${String(product.expectedQuantity)} is not a number of at most 3 decimal places`);
  }
  return thousandths;
}

function units(fileTallies: ScanTally['fileTallies'], f: number, p: number): number {
  return fileTallies[f]?.[p * TALLY_STRIDE + TALLY_UNITS] ?? 0;
}

function levelIn(fileTallies: ScanTally['fileTallies'], f: number, p: number): number {
  return stateLevel(fileTallies[f]?.[p * TALLY_STRIDE + TALLY_STATE] ?? 0);
}

/** The result with empty categories: counts, summary and file breakdown complete. */
function resultsWithoutLines(tally: ScanTally, plan: ProductLinePlan): EnhancedResults {
  const { auditType, mode, files, fileTotal, fileMatched, notFound } = tally;
  const scope = tally.inScope;
  const nFiles = files.length;
  const scanFileBreakdown: ScanFileBreakdown[] = files.map((file, f) => ({
    fileName: file.fileName,
    teamName: file.teamName,
    scannerId: file.scannerId,
    totalItems: fromThousandths(fileTotal[f]!),
    matchRate: rate(fileMatched[f]!, fileTotal[f]!),
  }));
  let totalScanned = 0;
  let matchedScanned = 0;
  for (let f = 0; f < nFiles; f++) {
    totalScanned += fileTotal[f]!;
    matchedScanned += fileMatched[f]!;
  }
  const [correct, above, below, crossFile, notExpected, zeroSheet] = plan.counts as [number, number, number, number, number, number];
  const counted = correct + above + below;
  let inScopeCount = 0;
  for (let p = 0; p < scope.length; p++) if (scope[p] === 1) inScopeCount++;

  return {
    auditType,
    totalProductsInFilter: auditType === 'product-audit' ? inScopeCount : null,
    summary: {
      totalScanned: fromThousandths(totalScanned),
      matchedScanned: fromThousandths(matchedScanned),
      matchRate: rate(matchedScanned, totalScanned),
      processingTime: 0,
      scanFileBreakdown,
      accuracy: counted === 0 ? null : correct / counted,
      varianceUnits: fromThousandths(plan.varianceUnits),
      varianceValue: formatCents(plan.varianceValue),
      mode,
    },
    counts: {
      quantityCorrect: correct,
      quantityAbove: above,
      quantityBelow: below,
      crossFileDiscrepancies: crossFile,
      notFound: notFound.size,
      scannedNotExpected: notExpected,
      zeroSheetItems: zeroSheet,
    },
    categories: {
      quantityCorrect: [],
      quantityAbove: [],
      quantityBelow: [],
      crossFileDiscrepancies: [],
      notFound: [],
      scannedNotExpected: [],
      zeroSheetItems: [],
    },
    repeatedReads: repeatedReadsOf(tally),
  };
}

/** The repeated reads of `tally` with file and product names, in reading order. */
function repeatedReadsOf(tally: ScanTally): RepeatedRead[] {
  const { catalogue, files } = tally;
  return tally.repeatedReads.inOrder().map((r) => {
    const product = r.product >= 0 ? catalogue[r.product]! : null;
    return {
      fileName: files[r.file]!.fileName,
      line: r.line,
      scanValue: r.value,
      sku: product?.sku ?? null,
      productName: product?.name ?? null,
      gtin: r.gtin,
      serial: r.serial,
      firstFileName: files[r.firstFile]!.fileName,
      firstLine: r.firstLine,
    };
  });
}

/** The lines of one product category, in SKU order, made one at a time. */
function* productLines(tally: ScanTally, plan: ProductLinePlan, name: ProductCategory): Generator<ResultItem> {
  const code = PRODUCT_CATEGORIES.indexOf(name);
  const { category } = plan;
  const singleFile = singleFileOf(tally.files);
  for (let i = 0; i < category.length; i++) if (category[i] === code) yield productLine(tally, plan, i, singleFile);
}

/** With one scan file, the `scanFiles` array every scanned line shares (a million lines, not a million arrays). */
function singleFileOf(files: readonly ScanFileMeta[]): string[] {
  return files.length === 1 ? [files[0]!.fileName] : NO_FILES;
}

/** The line of `plan.listed[i]`. */
function productLine(tally: ScanTally, plan: ProductLinePlan, i: number, singleFile: string[]): ResultItem {
  const { catalogue, files, fileTallies } = tally;
  const code = plan.category[i]!;
  const p = plan.listed[i]!;
  const product = catalogue[p]!;
  const expected = product.expectedQuantity;
  const scannedThousandths = plan.scanned[i]!;
  const quantity = fromThousandths(scannedThousandths);
  const first = plan.firstFileOf[p]!;
  const wasScanned = first !== NEVER;
  const firstValue = wasScanned ? tally.firstValue(first, p) : null;
  const gs1 = wasScanned ? tally.productGs1(p) : null;
  const differenceThousandths = code !== NOT_EXPECTED && code !== CROSS_FILE ? scannedThousandths - plan.expected[p]! : null;
  const difference = differenceThousandths === null ? null : fromThousandths(differenceThousandths);
  let variance: string | null = null;
  if (differenceThousandths !== null && product.costPrice !== null) {
    const parsed = plan.costCents[i]!;
    const cost = Number.isNaN(parsed) ? parseCents(product.costPrice) : parsed;
    if (cost !== null) variance = formatCents(multiplyCentsByThousandths(cost, differenceThousandths));
  }
  let scanFiles: string[] = NO_FILES;
  if (wasScanned) {
    if (files.length === 1) scanFiles = singleFile;
    else {
      scanFiles = [];
      for (let f = 0; f < files.length; f++) if (levelIn(fileTallies, f, p) !== 0) scanFiles.push(files[f]!.fileName);
    }
  }
  const fileCounts: FileCount[] =
    code !== CROSS_FILE
      ? NO_FILE_COUNTS
      : files.map((file, f) => ({ fileName: file.fileName, teamName: file.teamName, quantity: fromThousandths(units(fileTallies, f, p)) }));
  return {
    sku: product.sku,
    scanValue: firstValue,
    matchedSku: product.sku,
    productId: product.id,
    productName: product.name,
    expectedQuantity: expected,
    scannedQuantity: quantity,
    difference,
    percentageDifference: differenceThousandths === null || expected === 0 ? null : (differenceThousandths / plan.expected[p]!) * 100,
    costPrice: product.costPrice,
    varianceValue: variance,
    scannedBefore: null,
    scannedBeforeName: null,
    scannedAfter: null,
    scannedAfterName: null,
    actualCategory: product.category,
    location: product.location,
    scanFiles,
    reason: null,
    fileCounts,
    badCheckDigit: firstValue !== null && flagsBadCheckDigit(firstValue, LEVELS[levelIn(fileTallies, first, p) - 1]!),
    lot: gs1?.lot ?? null,
    expiry: gs1?.expiry ?? null,
    serial: gs1?.serial ?? null,
  };
}



/**
 * The notFound lines of `tally` in result order (first occurrence: file, then row), made one at
 * a time as the caller pulls them: the same lines `buildEnhancedResults` puts in
 * `categories.notFound`. Pure; does not modify `tally`.
 */
export function* notFoundLines(tally: Pick<ScanTally, 'catalogue' | 'files' | 'notFound' | 'notFoundGs1'>): Generator<ResultItem> {
  const { catalogue, files, notFound } = tally;
  const singleFile = files.map((file) => [file.fileName]);
  for (const e of notFound.order()) yield notFoundLine(notFound, e, catalogue, files, singleFile, tally.notFoundGs1(e));
}

/** No file counts / no files: one empty array shared by every line without them. */
const NO_FILE_COUNTS: FileCount[] = [];
const NO_FILES: string[] = [];

function notFoundLine(
  notFound: NotFoundTally,
  e: number,
  catalogue: readonly CatalogueProduct[],
  files: readonly ScanFileMeta[],
  singleFile: readonly string[][],
  gs1: Gs1Details | null,
): ResultItem {
  const before = notFound.before[e]! >= 0 ? catalogue[notFound.before[e]!]! : null;
  const after = notFound.after[e]! >= 0 ? catalogue[notFound.after[e]!]! : null;
  const value = notFound.values[e]!;
  const inFiles = notFound.files(e);
  return {
    sku: value,
    scanValue: value,
    matchedSku: null,
    productId: null,
    productName: null,
    expectedQuantity: null,
    scannedQuantity: fromThousandths(notFound.quantity[e]!),
    difference: null,
    percentageDifference: null,
    costPrice: null,
    varianceValue: null,
    scannedBefore: before?.sku ?? null,
    scannedBeforeName: before?.name ?? null,
    scannedAfter: after?.sku ?? null,
    scannedAfterName: after?.name ?? null,
    actualCategory: null,
    location: null,
    // A line of one file shares that file's array with every other such line.
    scanFiles: inFiles.length === 1 ? singleFile[inFiles[0]!]! : inFiles.map((f) => files[f]!.fileName),
    reason: notFound.reason(e),
    fileCounts: NO_FILE_COUNTS,
    badCheckDigit: hasBadCheckDigit(value),
    lot: gs1?.lot ?? null,
    expiry: gs1?.expiry ?? null,
    serial: gs1?.serial ?? null,
  };
}

function rate(part: number, whole: number): number {
  return whole === 0 ? 0 : part / whole;
}
