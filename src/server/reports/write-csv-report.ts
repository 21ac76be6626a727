/**
 * The Simple CSV (Legacy) report of a completed audit: every line of every category in one
 * table (spec part 1 section 2 export dialog, section 7 `GET /api/audits/{id}/export`;
 * DESIGN.md section 6 on formula escaping).
 */
import Papa from 'papaparse';
import type { MisplacedItem } from '../../contracts/misplaced-stock.js';
import type { RepeatedRead, ResultCategory, ResultItem } from '../../contracts/results.js';
import { misplacedText, moveText, noMoveReason } from '../../domain/misplaced-stock.js';
import type { ReportInput } from './report-input.js';
import { MISPLACED_STOCK_SECTION, REPEATED_READS_SECTION, reportSections } from './report-sections.js';
import { fileCountsText, joinedScanFiles, roundedPercent, scanWithName } from './line-values.js';
import { spreadsheetSafe } from './spreadsheet-safe.js';
import { abandonStream, endStream, writeChunk } from './stream-pacing.js';
import { auditPercent } from '../../domain/audit-figures.js';

export const CSV_COLUMNS = [
  'Category',
  'SKU',
  'Scan Value',
  'Product Name',
  'Expected',
  'Scanned',
  'Difference',
  '% Difference',
  'Variance Value',
  'Actual Category',
  'Location',
  'Scanned Before',
  'Scanned After',
  'Scan Files',
  'Reason',
  'Lot',
  'Expiry',
  'Serial',
] as const;

/** Excel reads a UTF-8 CSV as UTF-8 only when it starts with a byte order mark. */
const BOM = '\uFEFF';
const NEWLINE = '\r\n';
/** Rows per `write`: large enough to be cheap, small enough to stay a few hundred KB. */
const ROWS_PER_CHUNK = 1000;
/** A decimal string as the database gives money: passed through unchanged (never guarded). */
const DECIMAL = /^-?\d+(?:\.\d+)?$/;

type CsvValue = string | number | null;

/** Text cell: formula-guarded; null stays empty. */
function textCell(text: string | null): CsvValue {
  return text === null ? null : spreadsheetSafe(text);
}

/**
 * One CSV row. Neighbouring scans carry their product name in brackets (`SKU-1 (Blue Widget)`);
 * a cross-file line lists each file's count in Scan Files (`a.csv: 5; b.csv: 7`) since the
 * legacy layout has no column per file.
 */
function csvRow(title: string, category: ResultCategory, item: ResultItem): CsvValue[] {
  const files =
    category === 'crossFileDiscrepancies' && item.fileCounts.length > 0
      ? fileCountsText(item.fileCounts)
      : joinedScanFiles(item.scanFiles);
  const variance = item.varianceValue === null || DECIMAL.test(item.varianceValue) ? item.varianceValue : spreadsheetSafe(item.varianceValue);
  return [
    textCell(title),
    textCell(item.sku),
    textCell(item.scanValue),
    textCell(item.productName),
    item.expectedQuantity,
    item.scannedQuantity,
    item.difference,
    roundedPercent(item.percentageDifference),
    variance,
    textCell(item.actualCategory),
    textCell(item.location),
    textCell(scanWithName(item.scannedBefore, item.scannedBeforeName)),
    textCell(scanWithName(item.scannedAfter, item.scannedAfterName)),
    textCell(files),
    textCell(item.reason),
    textCell(item.lot),
    textCell(item.expiry),
    textCell(item.serial),
  ];
}

/**
 * A repeated read as a row of the one table: nothing counted (quantities empty), Scan Files the
 * file and line of the repeat, Reason where the item was first read.
 */
function repeatedReadRow(read: RepeatedRead): CsvValue[] {
  return [
    textCell(REPEATED_READS_SECTION.title),
    textCell(read.sku ?? read.scanValue),
    textCell(read.scanValue),
    textCell(read.productName),
    null,
    null,
    null,
    null,
    null,
    null,
    null,
    null,
    null,
    textCell(`${read.fileName} line ${read.line}`),
    textCell(`repeated read: first read in ${read.firstFileName} line ${read.firstLine}`),
    null,
    null,
    textCell(read.serial),
  ];
}

/**
 * A misplaced product as a row of the one table: Scanned what was found in the audited location,
 * Location its home, Reason 'found in A, belongs in B' and the proposed move ('Move N from A to
 * B') or why there is none.
 */
function misplacedRow(item: MisplacedItem): CsvValue[] {
  return CSV_COLUMNS.map((column): CsvValue => {
    switch (column) {
      case 'Category':
        return textCell(MISPLACED_STOCK_SECTION.title);
      case 'SKU':
        return textCell(item.sku);
      case 'Product Name':
        return textCell(item.productName);
      case 'Scanned':
        return item.foundQuantity;
      case 'Location':
        return textCell(item.belongsIn);
      case 'Reason':
        return textCell(`${misplacedText(item)}; ${moveText(item) ?? noMoveReason(item)}`);
      default:
        return null;
    }
  });
}

/** Category of the rows that carry the audit's headline figures. */
export const CSV_SUMMARY_CATEGORY = 'Summary';

/**
 * The audit's Match Rate and Accuracy (DESIGN.md section 5 rule 6), one row each after the lines:
 * Category 'Summary', the figure's name in Product Name, its value in % Difference (a percentage
 * with one decimal, as the screens round it; empty when there is none). Docs/decisions/0117.
 */
function summaryRows(input: ReportInput): CsvValue[][] {
  const row = (name: string, fraction: number | null): CsvValue[] =>
    CSV_COLUMNS.map((column) => {
      if (column === 'Category') return CSV_SUMMARY_CATEGORY;
      if (column === 'Product Name') return name;
      if (column === '% Difference') return auditPercent(fraction);
      return null;
    });
  return [row('Match Rate', input.summary.matchRate), row('Accuracy', input.summary.accuracy)];
}

function csvText(rows: CsvValue[][]): string {
  return Papa.unparse(rows, { newline: NEWLINE, header: false }) + NEWLINE;
}

/**
 * Streams the CSV into `out` and ends it; resolves once `out` has flushed everything.
 *
 * UTF-8 with a BOM, CRLF line ends, quoted per RFC 4180 by papaparse. One header row
 * (`CSV_COLUMNS`), then one row per line over all categories in the order of the results screen
 * (Category holds the sheet title: Correct, Above, Below, Cross-File Discrepancies, Not Found,
 * Not Expected, Zero Sheet), then the repeated reads of serialised items (Category 'Repeated
 * Reads', nothing counted, Scan Files `file line N`, Reason where the item was first read), then
 * misplaced stock (Category 'Misplaced Stock', Scanned the units found, Location their home,
 * Reason 'found in A, belongs in B; Move N from A to B' or why no move), then the two Summary
 * rows (Match Rate, Accuracy). Lot, Expiry and Serial are the GS1 details of a line's first GS1
 * read. Numbers are plain (`-3`, `12.5`), % Difference is in percent with at
 * most 2 decimals, Variance Value is the exact decimal, Scan Files are joined with '; '. Every
 * text cell goes through `spreadsheetSafe`.
 *
 * @throws whatever `input.lines` throws, or AppError EXPORT_ABORTED when `out` closed early;
 *   `out` is then destroyed, so the reader gets a failed download rather than a short file.
 */
export async function writeCsvReport(input: ReportInput, out: NodeJS.WritableStream): Promise<void> {
  try {
    await writeChunk(out, BOM + csvText([[...CSV_COLUMNS]]));
    for (const section of reportSections(input)) {
      let rows: CsvValue[][] = [];
      for await (const item of input.lines(section.category)) {
        rows.push(csvRow(section.title, section.category, item));
        if (rows.length === ROWS_PER_CHUNK) {
          await writeChunk(out, csvText(rows));
          rows = [];
        }
      }
      if (rows.length > 0) await writeChunk(out, csvText(rows));
    }
    for (let start = 0; start < input.repeatedReads.length; start += ROWS_PER_CHUNK) {
      await writeChunk(out, csvText(input.repeatedReads.slice(start, start + ROWS_PER_CHUNK).map(repeatedReadRow)));
    }
    if (input.misplacedStock !== undefined && input.misplacedStock.length > 0) await writeChunk(out, csvText(input.misplacedStock.map(misplacedRow)));
    await writeChunk(out, csvText(summaryRows(input)));
    await endStream(out);
  } catch (error) {
    abandonStream(out);
    throw error;
  }
}
