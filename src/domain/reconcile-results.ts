/**
 * From a tally of scan rows to the categorised reconciliation result: DESIGN.md section 5 rules
 * 3-6, spec part 1 section 3 ("Enhanced results", "Result item"). Called once by
 * `Reconciler.finish()`; the semantics it fixes are listed in reconcile.ts.
 *
 * Order is deterministic: product lines by SKU (UTF-16 code units, then catalogue position),
 * notFound lines by first occurrence (file index, then row), files in upload order.
 * Money is exact (integer cents, money-cents.ts).
 */
import type { AuditMode, AuditType, EnhancedResults, FileCount, ResultItem, ScanFileBreakdown } from '../contracts/results.js';
import { compareCodeUnits, flagsBadCheckDigit, type CatalogueProduct, type MatchLevel } from './catalogue-index.js';
import { hasBadCheckDigit } from './gtin.js';
import { addCents, formatCents, multiplyCents, parseCents, type Cents } from './money-cents.js';
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
/** Units of the product in the file (sum of quantities). */
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
  /** Per file (with its tally), per product: the normalised value of its first row there. */
  fileFirstValues: readonly (readonly string[] | undefined)[];
  /** Units per file, all rows / rows matched to an in-scope product. */
  fileTotal: Float64Array;
  fileMatched: Float64Array;
  notFound: NotFoundTally;
}

/** Build the whole result (every line; `processingTime` 0). Pure; does not modify `tally`. */
export function buildEnhancedResults(tally: ScanTally): EnhancedResults {
  const results = buildResultsWithoutNotFoundLines(tally);
  for (const line of notFoundLines(tally)) results.categories.notFound.push(line);
  return results;
}

/**
 * The result with every line but the notFound ones: `categories.notFound` is empty while
 * `counts.notFound` counts them. Product lines are bounded by the catalogue; notFound lines are
 * not (a file of a million distinct unknown codes), so `notFoundLines` makes those one at a time.
 * Pure; does not modify `tally`.
 */
export function buildResultsWithoutNotFoundLines(tally: ScanTally): EnhancedResults {
  const { auditType, mode, catalogue, files, fileTallies, fileFirstValues, fileTotal, fileMatched, notFound } = tally;
  const scope = tally.inScope;
  const nProducts = catalogue.length;
  const nFiles = files.length;
  const inScope = (p: number) => scope[p] === 1;
  const units = (f: number, p: number) => fileTallies[f]?.[p * TALLY_STRIDE + TALLY_UNITS] ?? 0;
  const levelIn = (f: number, p: number) => stateLevel(fileTallies[f]?.[p * TALLY_STRIDE + TALLY_STATE] ?? 0);
  // The first file each product was scanned in (upload order), or NEVER: one pass over the tallies.
  const firstFileOf = new Int32Array(nProducts).fill(NEVER);
  for (let f = nFiles - 1; f >= 0; f--) {
    const tally = fileTallies[f];
    if (tally === undefined) continue;
    for (let p = 0; p < nProducts; p++) if (tally[p * TALLY_STRIDE + TALLY_STATE]! >= TALLY_LEVEL) firstFileOf[p] = f;
  }
  const firstFile = (p: number): number => firstFileOf[p]!;
  const scannedAtAll = (p: number) => firstFile(p) !== NEVER;
  const categories: EnhancedResults['categories'] = {
    quantityCorrect: [],
    quantityAbove: [],
    quantityBelow: [],
    crossFileDiscrepancies: [],
    notFound: [],
    scannedNotExpected: [],
    zeroSheetItems: [],
  };
  let varianceUnits = 0;
  let varianceValue: Cents = 0;
  const crossValidate = mode === 'cross-validation' && nFiles > 1;
  const singleFile = files.map((file) => [file.fileName]);

  // Products that get a line, in SKU order.
  const listed: number[] = [];
  for (let p = 0; p < nProducts; p++) {
    if (scannedAtAll(p) || (inScope(p) && catalogue[p]!.expectedQuantity !== 0)) listed.push(p);
  }
  listed.sort((a, b) => compareCodeUnits(catalogue[a]!.sku, catalogue[b]!.sku) || a - b);

  const productLine = (p: number, scanned: number, withDifference: boolean, fileCounts: FileCount[]): ResultItem => {
    const product = catalogue[p]!;
    const expected = product.expectedQuantity;
    const first = firstFile(p);
    const wasScanned = first !== NEVER;
    const firstValue = wasScanned ? fileFirstValues[first]![p]! : null;
    const difference = withDifference ? scanned - expected : null;
    let variance: string | null = null;
    if (difference !== null && product.costPrice !== null) {
      const cost = parseCents(product.costPrice);
      if (cost !== null) {
        const cents = multiplyCents(cost, difference);
        variance = formatCents(cents);
        if (inScope(p)) varianceValue = addCents(varianceValue, cents);
      }
    }
    if (difference !== null && inScope(p)) varianceUnits += difference;
    // Lines of one file share that file's array (a million lines, not a million arrays).
    let scanFiles: string[] = NO_FILES;
    if (wasScanned) {
      if (nFiles === 1) scanFiles = singleFile[0]!;
      else {
        scanFiles = [];
        for (let f = 0; f < nFiles; f++) if (levelIn(f, p) !== 0) scanFiles.push(files[f]!.fileName);
      }
    }
    return {
      sku: product.sku,
      scanValue: firstValue,
      matchedSku: product.sku,
      productId: product.id,
      productName: product.name,
      expectedQuantity: expected,
      scannedQuantity: scanned,
      difference,
      percentageDifference: difference === null || expected === 0 ? null : (difference / expected) * 100,
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
      badCheckDigit: firstValue !== null && flagsBadCheckDigit(firstValue, LEVELS[levelIn(first, p) - 1]!),
    };
  };

  const categorise = (p: number, scanned: number): void => {
    const line = productLine(p, scanned, true, NO_FILE_COUNTS);
    const d = line.difference!;
    (d === 0 ? categories.quantityCorrect : d > 0 ? categories.quantityAbove : categories.quantityBelow).push(line);
  };

  for (const p of listed) {
    let sum = 0;
    for (let f = 0; f < nFiles; f++) sum += units(f, p);
    if (!inScope(p)) {
      categories.scannedNotExpected.push(productLine(p, sum, false, NO_FILE_COUNTS));
    } else if (!scannedAtAll(p)) {
      categories.zeroSheetItems.push(productLine(p, 0, true, NO_FILE_COUNTS));
    } else if (crossValidate) {
      const first = units(0, p);
      let agree = true;
      for (let f = 1; f < nFiles && agree; f++) agree = units(f, p) === first;
      if (agree) {
        categorise(p, first);
      } else {
        const fileCounts = files.map((file, f) => ({
          fileName: file.fileName,
          teamName: file.teamName,
          quantity: units(f, p),
        }));
        categories.crossFileDiscrepancies.push(productLine(p, sum, false, fileCounts));
      }
    } else {
      categorise(p, sum);
    }
  }

  const scanFileBreakdown: ScanFileBreakdown[] = files.map((file, f) => ({
    fileName: file.fileName,
    teamName: file.teamName,
    scannerId: file.scannerId,
    totalItems: fileTotal[f]!,
    matchRate: rate(fileMatched[f]!, fileTotal[f]!),
  }));
  let totalScanned = 0;
  let matchedScanned = 0;
  for (let f = 0; f < nFiles; f++) {
    totalScanned += fileTotal[f]!;
    matchedScanned += fileMatched[f]!;
  }
  const correct = categories.quantityCorrect.length;
  const counted = correct + categories.quantityAbove.length + categories.quantityBelow.length;
  let inScopeCount = 0;
  for (let p = 0; p < nProducts; p++) if (inScope(p)) inScopeCount++;

  return {
    auditType,
    totalProductsInFilter: auditType === 'product-audit' ? inScopeCount : null,
    summary: {
      totalScanned,
      matchedScanned,
      matchRate: rate(matchedScanned, totalScanned),
      processingTime: 0,
      scanFileBreakdown,
      accuracy: counted === 0 ? null : correct / counted,
      varianceUnits,
      varianceValue: formatCents(varianceValue),
      mode,
    },
    counts: {
      quantityCorrect: categories.quantityCorrect.length,
      quantityAbove: categories.quantityAbove.length,
      quantityBelow: categories.quantityBelow.length,
      crossFileDiscrepancies: categories.crossFileDiscrepancies.length,
      notFound: notFound.size,
      scannedNotExpected: categories.scannedNotExpected.length,
      zeroSheetItems: categories.zeroSheetItems.length,
    },
    categories,
  };
}

/**
 * The notFound lines of `tally` in result order (first occurrence: file, then row), made one at
 * a time as the caller pulls them: the same lines `buildEnhancedResults` puts in
 * `categories.notFound`. Pure; does not modify `tally`.
 */
export function* notFoundLines(tally: Pick<ScanTally, 'catalogue' | 'files' | 'notFound'>): Generator<ResultItem> {
  const { catalogue, files, notFound } = tally;
  const singleFile = files.map((file) => [file.fileName]);
  for (const e of notFound.order()) yield notFoundLine(notFound, e, catalogue, files, singleFile);
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
    scannedQuantity: notFound.quantity[e]!,
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
  };
}

function rate(part: number, whole: number): number {
  return whole === 0 ? 0 : part / whole;
}
