/**
 * Reconciliation results: the shape of `GET /api/audits/{id}/results-enhanced`, of the CLI's
 * `--json` output and of the engine's output (spec part 1 section 3 "Enhanced results" and
 * "Result item"; DESIGN.md section 5).
 *
 * Quantities are whole units; money is a decimal string ("12.50"); rates are 0-1 fractions;
 * times are milliseconds.
 */
import { z } from 'zod';
import { quantitySchema } from './quantity.js';

/** The seven result categories, in the order the results screen and the exports show them. */
export const RESULT_CATEGORIES = [
  'quantityCorrect',
  'quantityAbove',
  'quantityBelow',
  'crossFileDiscrepancies',
  'notFound',
  'scannedNotExpected',
  'zeroSheetItems',
] as const;
export const resultCategorySchema = z.enum(RESULT_CATEGORIES);
export type ResultCategory = z.infer<typeof resultCategorySchema>;

export const auditTypeSchema = z.enum(['cycle-count', 'product-audit']);
export type AuditType = z.infer<typeof auditTypeSchema>;

export const auditModeSchema = z.enum(['standard', 'cross-validation']);
export type AuditMode = z.infer<typeof auditModeSchema>;

/** One file's count of a product, for cross-validation lines. */
export const fileCountSchema = z.object({
  fileName: z.string(),
  teamName: z.string().nullable(),
  quantity: quantitySchema,
});
export type FileCount = z.infer<typeof fileCountSchema>;

/**
 * One line of a result category. Product lines (correct, above, below, cross-file, not expected,
 * zero sheet) carry the product; notFound lines carry the scan value and its shelf context.
 */
export const resultItemSchema = z.object({
  /** Catalogue SKU of the matched product; for notFound, the normalised scan value. */
  sku: z.string(),
  /** The value as first scanned (normalised: trimmed, unquoted); null for zero-sheet lines. */
  scanValue: z.string().nullable(),
  /** SKU of the matched product, null when nothing matched. */
  matchedSku: z.string().nullable(),
  productId: z.string().nullable(),
  productName: z.string().nullable(),
  expectedQuantity: quantitySchema.nullable(),
  scannedQuantity: quantitySchema,
  /** scanned - expected; null when there is no expectation (notFound). */
  difference: quantitySchema.nullable(),
  /** difference / expected * 100; null when expected is 0 or absent. */
  percentageDifference: z.number().nullable(),
  /** Cost price of the product as a decimal string, or null. */
  costPrice: z.string().nullable(),
  /** difference * costPrice as a decimal string with 2 places, or null. */
  varianceValue: z.string().nullable(),
  scannedBefore: z.string().nullable(),
  scannedBeforeName: z.string().nullable(),
  scannedAfter: z.string().nullable(),
  scannedAfterName: z.string().nullable(),
  /** The product's own category (scannedNotExpected lines; also filled for product lines). */
  actualCategory: z.string().nullable(),
  location: z.string().nullable(),
  /** File names the value or product was scanned in, in upload order. */
  scanFiles: z.array(z.string()),
  /** Why a notFound line matched nothing: 'unknown', 'scientific notation: ...', 'ambiguous: A, B'. */
  reason: z.string().nullable(),
  /** Each file's count (cross-validation lines only; empty otherwise). */
  fileCounts: z.array(fileCountSchema),
  /** True when the value is a GTIN-shaped code whose check digit is wrong. */
  badCheckDigit: z.boolean(),
  /** GS1 (10) batch/lot of the line's first GS1 read that carried a lot, expiry or serial; else null. */
  lot: z.string().nullable(),
  /** GS1 (17) expiry date of that read, `YYYY-MM-DD`, or null. */
  expiry: z.string().nullable(),
  /** GS1 (21) serial number of that read, or null. */
  serial: z.string().nullable(),
});
export type ResultItem = z.infer<typeof resultItemSchema>;

export const scanFileBreakdownSchema = z.object({
  fileName: z.string(),
  teamName: z.string().nullable(),
  scannerId: z.string().nullable(),
  /** Scanned units in this file (sum of quantities). */
  totalItems: quantitySchema,
  /** Units of this file that matched an in-scope product / totalItems (0-1). */
  matchRate: z.number(),
});
export type ScanFileBreakdown = z.infer<typeof scanFileBreakdownSchema>;

export const categoriesSchema = z.object({
  quantityCorrect: z.array(resultItemSchema),
  quantityAbove: z.array(resultItemSchema),
  quantityBelow: z.array(resultItemSchema),
  crossFileDiscrepancies: z.array(resultItemSchema),
  notFound: z.array(resultItemSchema),
  scannedNotExpected: z.array(resultItemSchema),
  zeroSheetItems: z.array(resultItemSchema),
});
export type Categories = z.infer<typeof categoriesSchema>;

export const categoryCountsSchema = z.object({
  quantityCorrect: z.number().int(),
  quantityAbove: z.number().int(),
  quantityBelow: z.number().int(),
  crossFileDiscrepancies: z.number().int(),
  notFound: z.number().int(),
  scannedNotExpected: z.number().int(),
  zeroSheetItems: z.number().int(),
});
export type CategoryCounts = z.infer<typeof categoryCountsSchema>;

export const resultsSummarySchema = z.object({
  /** All scanned units over all files (sum of quantities). */
  totalScanned: quantitySchema,
  /** Units that matched an in-scope product. */
  matchedScanned: quantitySchema,
  /** matchedScanned / totalScanned, 0-1. */
  matchRate: z.number(),
  /** Wall time of processing in ms (0 from the pure engine; set by the caller). */
  processingTime: z.number(),
  scanFileBreakdown: z.array(scanFileBreakdownSchema),
  /** In-scope products counted correctly / in-scope products counted, 0-1; null when none counted. */
  accuracy: z.number().nullable(),
  /** Sum of differences over product lines, in units. */
  varianceUnits: quantitySchema,
  /** Sum of variance values over product lines, decimal string. */
  varianceValue: z.string(),
  mode: z.enum(['standard', 'cross-validation']),
});
export type ResultsSummary = z.infer<typeof resultsSummarySchema>;

/**
 * A serialised item, GS1 (01) + (21), read again after its first read (DESIGN.md section 5 rule 1):
 * not counted, listed with where it was and where the item was first read. `line` is the line of
 * the scan file (1 = the file's first line).
 */
export const repeatedReadSchema = z.object({
  fileName: z.string(),
  line: z.number().int(),
  /** The value as scanned (normalised). */
  scanValue: z.string(),
  /** SKU and name of the product the GTIN matched; null when it matched none. */
  sku: z.string().nullable(),
  productName: z.string().nullable(),
  /** GTIN-14 and serial number of the item. */
  gtin: z.string(),
  serial: z.string(),
  /** Where the item was first read (the read that counted). */
  firstFileName: z.string(),
  firstLine: z.number().int(),
});
export type RepeatedRead = z.infer<typeof repeatedReadSchema>;

/** The whole result of a reconciliation, every line (engine output, CLI --json). */
export const enhancedResultsSchema = z.object({
  auditType: auditTypeSchema,
  /** Number of in-scope products (product audits); null for cycle counts. */
  totalProductsInFilter: z.number().int().nullable(),
  summary: resultsSummarySchema,
  counts: categoryCountsSchema,
  categories: categoriesSchema,
  /** Serialised items read again, in reading order (file, then line); not counted anywhere. */
  repeatedReads: z.array(repeatedReadSchema),
});
export type EnhancedResults = z.infer<typeof enhancedResultsSchema>;

/** Page size choices of the results screen (spec part 1 section 9). */
export const RESULT_PAGE_SIZES = [10, 25, 50, 100] as const;

/**
 * Query of `GET /api/audits/{id}/results-enhanced`. Paging is per category:
 * `pageSize` applies to all, `page.<category>` (or `<category>Page`) picks each page (1-based).
 * Without any paging parameter the default page size 25 applies; `all=true` returns every line.
 */
/** Orders a category's lines can be read in; `position` is the engine's order (SKU, then first seen). */
export const RESULT_SORTS = ['position', 'difference', 'varianceValue', 'sku', 'productName'] as const;
export const resultSortSchema = z.enum(RESULT_SORTS);
export type ResultSort = z.infer<typeof resultSortSchema>;

export const resultsQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  /** Sort key for every category's page; lines without the value (e.g. no cost price) come last. */
  sort: resultSortSchema.default('position'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  pageSize: z.coerce.number().int().min(1).max(1000).default(25),
  all: z.enum(['true', 'false']).optional(),
  quantityCorrectPage: z.coerce.number().int().min(1).default(1),
  quantityAbovePage: z.coerce.number().int().min(1).default(1),
  quantityBelowPage: z.coerce.number().int().min(1).default(1),
  crossFileDiscrepanciesPage: z.coerce.number().int().min(1).default(1),
  notFoundPage: z.coerce.number().int().min(1).default(1),
  scannedNotExpectedPage: z.coerce.number().int().min(1).default(1),
  zeroSheetItemsPage: z.coerce.number().int().min(1).default(1),
});
export type ResultsQuery = z.infer<typeof resultsQuerySchema>;

/**
 * Answer of `GET /api/audits/{id}/results-enhanced`: the spec's shape, with each category holding
 * one page of lines; `totals` counts the lines matching `search` per category (what paging and the
 * tab badges use) and `counts` the lines regardless of search.
 */
/**
 * What the count found in money and units, over the in-scope lines that have a difference
 * (correct, above, below, zero sheet). Units are quantities >= 0 (at most 3 decimals); values are decimal strings
 * with 2 places (difference x cost price). `netShrinkageValue` = valueShort - valueOver: positive
 * when stock worth that much is missing, negative when more was found than the books hold.
 * `linesWithoutCost` counts lines with a difference but no cost price (not in the values).
 */
export const moneySummarySchema = z.object({
  unitsShort: quantitySchema,
  valueShort: z.string(),
  unitsOver: quantitySchema,
  valueOver: z.string(),
  netShrinkageValue: z.string(),
  linesWithoutCost: z.number().int(),
});
export type MoneySummary = z.infer<typeof moneySummarySchema>;

/** The results screen gets at most this many repeated reads; the exports list them all. */
export const REPEATED_READS_SHOWN = 1000;

export const pagedResultsSchema = enhancedResultsSchema.extend({
  money: moneySummarySchema,
  /** All repeated reads of the audit (`repeatedReads` holds the first REPEATED_READS_SHOWN). */
  repeatedReadsTotal: z.number().int(),
  totals: categoryCountsSchema,
  pages: z.record(resultCategorySchema, z.object({ page: z.number().int(), pageSize: z.number().int() })),
});
export type PagedResults = z.infer<typeof pagedResultsSchema>;
