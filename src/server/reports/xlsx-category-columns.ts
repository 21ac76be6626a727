/**
 * The columns of each category sheet of the XLSX report (spec part 1 section 2 "Audit detail"
 * tables, extended with the money and file columns a full report needs).
 *
 * Quantities are numbers (whole ones without decimals, fractions with up to 3), money is a number with two decimals, % Difference is a fraction with
 * a percent format, so that every numeric column sorts, filters and sums as numbers.
 */
import type { MisplacedItem } from '../../contracts/misplaced-stock.js';
import type { RepeatedRead, ResultCategory, ResultItem, ScanFileBreakdown } from '../../contracts/results.js';
import { moveText, noMoveReason } from '../../domain/misplaced-stock.js';
import { fileCountsText, joinedScanFiles, moneyValue, percentFraction } from './line-values.js';
import type { TableColumn } from './xlsx-table-sheet.js';
import { CELL_STYLES } from './xlsx-styles.js';

type Column = TableColumn<ResultItem>;

const sku = (header: string): Column => ({
  header,
  width: 20,
  style: CELL_STYLES.text,
  value: (item) => (item.sku !== '' ? item.sku : item.scanValue),
});
const productName: Column = { header: 'Product Name', width: 42, style: CELL_STYLES.text, value: (item) => item.productName };
const QUANTITY = { style: CELL_STYLES.integer, fractionStyle: CELL_STYLES.quantityFraction };
const expected: Column = { header: 'Expected', width: 11, ...QUANTITY, value: (item) => item.expectedQuantity };
const scanned = (header: string): Column => ({
  header,
  width: 11,
  ...QUANTITY,
  value: (item) => item.scannedQuantity,
});
const difference: Column = {
  header: 'Difference',
  width: 12,
  style: CELL_STYLES.signedInteger,
  fractionStyle: CELL_STYLES.signedQuantityFraction,
  value: (item) => item.difference,
};
const percentDifference: Column = {
  header: '% Difference',
  width: 13,
  style: CELL_STYLES.signedPercent,
  value: (item) => percentFraction(item.percentageDifference),
};
const varianceValue: Column = { header: 'Variance Value', width: 15, style: CELL_STYLES.money, value: (item) => moneyValue(item.varianceValue) };
const costPrice: Column = { header: 'Cost Price', width: 12, style: CELL_STYLES.money, value: (item) => moneyValue(item.costPrice) };
const scanFiles: Column = { header: 'Scan Files', width: 36, style: CELL_STYLES.text, value: (item) => joinedScanFiles(item.scanFiles) };
const location: Column = { header: 'Location', width: 18, style: CELL_STYLES.text, value: (item) => item.location };
const text = (header: string, width: number, value: (item: ResultItem) => string | null): Column => ({
  header,
  width,
  style: CELL_STYLES.text,
  value,
});

/** GS1 details of a line's first GS1 read (DESIGN.md section 5 rule 1): batch/lot, expiry, serial. */
const GS1_COLUMNS: readonly Column[] = [
  text('Lot', 16, (item) => item.lot),
  text('Expiry', 12, (item) => item.expiry),
  text('Serial', 20, (item) => item.serial),
];

/** Correct, Above and Below share one layout. */
const QUANTITY_COLUMNS: readonly Column[] = [
  sku('SKU/Scan Value'),
  productName,
  expected,
  scanned('Scanned'),
  difference,
  percentDifference,
  varianceValue,
  scanFiles,
  ...GS1_COLUMNS,
];

const NOT_FOUND_COLUMNS: readonly Column[] = [
  text('Scan Value', 24, (item) => item.scanValue ?? item.sku),
  scanned('Quantity'),
  text('Scanned Before', 20, (item) => item.scannedBefore),
  text('Scanned Before Name', 32, (item) => item.scannedBeforeName),
  text('Scanned After', 20, (item) => item.scannedAfter),
  text('Scanned After Name', 32, (item) => item.scannedAfterName),
  scanFiles,
  text('Reason', 32, (item) => item.reason),
  ...GS1_COLUMNS,
];

const NOT_EXPECTED_COLUMNS: readonly Column[] = [
  sku('SKU'),
  productName,
  text('Actual Category', 22, (item) => item.actualCategory),
  scanned('Quantity'),
  location,
  scanFiles,
  ...GS1_COLUMNS,
];

const ZERO_SHEET_COLUMNS: readonly Column[] = [sku('SKU'), productName, expected, location, costPrice, varianceValue];

/**
 * Cross-file lines: one numeric column per scan file of the audit (header `file (team)`), then
 * every file's count as text, `file: n; file: n`, which also holds any count whose file is not
 * in the audit's file list.
 */
function crossFileColumns(files: readonly ScanFileBreakdown[]): Column[] {
  const perFile = files.map(
    (file, index): Column => ({
      header: file.teamName ? `${file.fileName} (${file.teamName})` : file.fileName,
      width: Math.min(Math.max(12, file.fileName.length + 4), 30),
      ...QUANTITY,
      value: (item) => countOf(item, file, index),
    }),
  );
  return [sku('SKU'), productName, expected, ...perFile, text('File Counts', 40, (item) => fileCountsText(item.fileCounts))];
}

/** The file's count in a line: same position and name first (the usual case), else by name. */
function countOf(item: ResultItem, file: ScanFileBreakdown, index: number): number | null {
  const sameName = (count: ResultItem['fileCounts'][number]) =>
    count.fileName === file.fileName && (count.teamName === file.teamName || count.teamName === null || file.teamName === null);
  const atIndex = item.fileCounts[index];
  if (atIndex !== undefined && sameName(atIndex)) return atIndex.quantity;
  return item.fileCounts.find(sameName)?.quantity ?? null;
}

/** The columns of the Repeated Reads sheet. */
export const REPEATED_READ_COLUMNS: readonly TableColumn<RepeatedRead>[] = [
  { header: 'File', width: 28, style: CELL_STYLES.text, value: (read) => read.fileName },
  { header: 'Line', width: 8, style: CELL_STYLES.integer, value: (read) => read.line },
  { header: 'Scan Value', width: 40, style: CELL_STYLES.text, value: (read) => read.scanValue },
  { header: 'SKU', width: 20, style: CELL_STYLES.text, value: (read) => read.sku },
  { header: 'Product Name', width: 36, style: CELL_STYLES.text, value: (read) => read.productName },
  { header: 'GTIN', width: 16, style: CELL_STYLES.text, value: (read) => read.gtin },
  { header: 'Serial', width: 20, style: CELL_STYLES.text, value: (read) => read.serial },
  { header: 'First Read File', width: 28, style: CELL_STYLES.text, value: (read) => read.firstFileName },
  { header: 'First Read Line', width: 15, style: CELL_STYLES.integer, value: (read) => read.firstLine },
];

/** The columns of the Misplaced Stock sheet (DESIGN.md section 13). */
export const MISPLACED_STOCK_COLUMNS: readonly TableColumn<MisplacedItem>[] = [
  { header: 'SKU', width: 20, style: CELL_STYLES.text, value: (item) => item.sku },
  { header: 'Product Name', width: 36, style: CELL_STYLES.text, value: (item) => item.productName },
  { header: 'Found In', width: 18, style: CELL_STYLES.text, value: (item) => item.foundIn },
  { header: 'Found', width: 10, ...QUANTITY, value: (item) => item.foundQuantity },
  { header: 'Belongs In', width: 18, style: CELL_STYLES.text, value: (item) => item.belongsIn },
  { header: 'Home Audit', width: 28, style: CELL_STYLES.text, value: (item) => item.homeAudit?.name ?? null },
  { header: 'Short There', width: 12, ...QUANTITY, value: (item) => item.shortInHome },
  { header: 'Move Quantity', width: 14, ...QUANTITY, value: (item) => item.moveQuantity },
  { header: 'Proposed Move', width: 40, style: CELL_STYLES.text, value: (item) => moveText(item) ?? noMoveReason(item) },
];

/** The columns of `category`'s sheet; `files` are the audit's scan files in upload order. */
export function categoryColumns(category: ResultCategory, files: readonly ScanFileBreakdown[]): readonly Column[] {
  switch (category) {
    case 'quantityCorrect':
    case 'quantityAbove':
    case 'quantityBelow':
      return QUANTITY_COLUMNS;
    case 'crossFileDiscrepancies':
      return crossFileColumns(files);
    case 'notFound':
      return NOT_FOUND_COLUMNS;
    case 'scannedNotExpected':
      return NOT_EXPECTED_COLUMNS;
    case 'zeroSheetItems':
      return ZERO_SHEET_COLUMNS;
  }
}
