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

/** One scan file of the audit, in upload order. */
export interface ScanFileMeta {
  fileName: string;
  teamName: string | null;
  scannerId: string | null;
}

/** `firstFile` of a product never scanned. */
export const NEVER = 0x7fffffff;

/** A value that matched no product, summed over all files (one per `notFoundKey`). */
export interface NotFoundEntry {
  /** Normalised value, reason and shelf context of the first occurrence. */
  value: string;
  reason: string;
  quantity: number;
  /** File indexes the value appeared in (insertion order; sorted on output). */
  files: number[];
  /** File of the latest row (saves a search of `files` for runs of rows of one file). */
  lastFile: number;
  firstFile: number;
  firstRow: number;
  /** Product index of the nearest matched row before / after the first occurrence, or -1. */
  before: number;
  after: number;
}

/** Layout of a file's tally: TALLY_STRIDE numbers per product p, starting at p * TALLY_STRIDE. */
export const TALLY_STRIDE = 4;
/** Units of the product in the file (sum of quantities). */
export const TALLY_UNITS = 0;
/** 0 while the product has no row in the file, else `levelCode` of its first row there. */
export const TALLY_LEVEL = 1;
/** 1 when the product is in the audit's scope (copied into each file's tally). */
export const TALLY_IN_SCOPE = 2;

const LEVELS: readonly MatchLevel[] = ['sku', 'upc', 'otherIdentifier'];

/** 1, 2, 3 for a match at the SKU, UPC, other identifier level. */
export function levelCode(level: MatchLevel): number {
  return LEVELS.indexOf(level) + 1;
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
  notFound: readonly NotFoundEntry[];
}

/** Build the whole result (every line; `processingTime` 0). Pure; does not modify `tally`. */
export function buildEnhancedResults(tally: ScanTally): EnhancedResults {
  const { auditType, mode, catalogue, files, fileTallies, fileFirstValues, fileTotal, fileMatched, notFound } = tally;
  const scope = tally.inScope;
  const nProducts = catalogue.length;
  const nFiles = files.length;
  const inScope = (p: number) => scope[p] === 1;
  const units = (f: number, p: number) => fileTallies[f]?.[p * TALLY_STRIDE + TALLY_UNITS] ?? 0;
  const levelIn = (f: number, p: number) => fileTallies[f]?.[p * TALLY_STRIDE + TALLY_LEVEL] ?? 0;
  /** The first file the product was scanned in (upload order), or NEVER. */
  const firstFile = (p: number): number => {
    for (let f = 0; f < nFiles; f++) if (levelIn(f, p) !== 0) return f;
    return NEVER;
  };
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
    const scanFiles: string[] = [];
    if (wasScanned) {
      for (let f = 0; f < nFiles; f++) if (levelIn(f, p) !== 0) scanFiles.push(files[f]!.fileName);
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
    const line = productLine(p, scanned, true, []);
    const d = line.difference!;
    (d === 0 ? categories.quantityCorrect : d > 0 ? categories.quantityAbove : categories.quantityBelow).push(line);
  };

  for (const p of listed) {
    let sum = 0;
    for (let f = 0; f < nFiles; f++) sum += units(f, p);
    if (!inScope(p)) {
      categories.scannedNotExpected.push(productLine(p, sum, false, []));
    } else if (!scannedAtAll(p)) {
      categories.zeroSheetItems.push(productLine(p, 0, true, []));
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

  const order = notFound.map((_, i) => i);
  order.sort((a, b) => notFound[a]!.firstFile - notFound[b]!.firstFile || notFound[a]!.firstRow - notFound[b]!.firstRow);
  for (const i of order) categories.notFound.push(notFoundLine(notFound[i]!, catalogue, files));

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
      notFound: categories.notFound.length,
      scannedNotExpected: categories.scannedNotExpected.length,
      zeroSheetItems: categories.zeroSheetItems.length,
    },
    categories,
  };
}

function notFoundLine(
  e: NotFoundEntry,
  catalogue: readonly CatalogueProduct[],
  files: readonly ScanFileMeta[],
): ResultItem {
  const before = e.before >= 0 ? catalogue[e.before]! : null;
  const after = e.after >= 0 ? catalogue[e.after]! : null;
  return {
    sku: e.value,
    scanValue: e.value,
    matchedSku: null,
    productId: null,
    productName: null,
    expectedQuantity: null,
    scannedQuantity: e.quantity,
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
    scanFiles: [...e.files].sort((a, b) => a - b).map((f) => files[f]!.fileName),
    reason: e.reason,
    fileCounts: [],
    badCheckDigit: hasBadCheckDigit(e.value),
  };
}


function rate(part: number, whole: number): number {
  return whole === 0 ? 0 : part / whole;
}
