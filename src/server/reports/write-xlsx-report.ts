/**
 * The Professional XLSX report of a completed audit (spec part 1 section 2 export dialog,
 * section 7 `GET /api/audits/{id}/export-xlsx`; DESIGN.md sections 6 and 7).
 */
import type { Stream } from 'node:stream';
import type { ReportInput } from './report-input.js';
import { MISPLACED_STOCK_SECTION, REPEATED_READS_SECTION, reportSections } from './report-sections.js';
import { abandonStream } from './stream-pacing.js';
import { categoryColumns, MISPLACED_STOCK_COLUMNS, REPEATED_READ_COLUMNS } from './xlsx-category-columns.js';
import { writeInstructionsSheet } from './xlsx-instructions-sheet.js';
import { CATEGORY_COLOURS, MISPLACED_STOCK_COLOURS, REPEATED_READS_COLOURS } from './xlsx-styles.js';
import { writeSummarySheet } from './xlsx-summary-sheet.js';
import { writeTableSheet } from './xlsx-table-sheet.js';

/**
 * Streams the workbook into `out` and ends it; resolves once `out` has flushed everything.
 *
 * Sheets, in order: 'Instructions', 'Executive Summary', then one per category of the results
 * screen, each with a header row and one row per line: 'Correct', 'Above', 'Below',
 * 'Cross-File Discrepancies' (cross-validation audits), 'Not Found', 'Not Expected',
 * 'Zero Sheet', 'Repeated Reads' when serialised items were read again (file, line, value,
 * product, GTIN, serial, where first read), and 'Misplaced Stock' when the audit of a location
 * found products belonging in another (found in, belongs in, the home audit, the proposed move).
 * Category sheets have a coloured tab and header, a frozen header row and a filter over all rows; quantities are integers, money has two decimals, percentages a % format.
 * Text is stored in string cells exactly as scanned, so nothing is ever run as a formula.
 *
 * Memory is bounded: table rows are written as XML text into ExcelJS's streaming writer a batch
 * at a time (xlsx-table-sheet.ts), and writing pauses whenever `out` is full (see
 * bench/export-xlsx.ts).
 *
 * @throws whatever `input.lines` throws, or AppError EXPORT_ABORTED when `out` closed early;
 *   `out` is then destroyed, so the reader gets a failed download rather than a truncated file.
 */
export async function writeXlsxReport(input: ReportInput, out: NodeJS.WritableStream): Promise<void> {
  // Loaded on the first export, not at start (idle memory, DESIGN.md section 7).
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    // ExcelJS types the option as a Stream; any writable works (it only pipes into it).
    stream: out as unknown as Stream,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'StockTally';
  workbook.lastModifiedBy = 'StockTally';
  workbook.title = `Audit report: ${input.audit.name}`;
  try {
    const sections = reportSections(input);
    writeInstructionsSheet(workbook, input, sections, new Date());
    writeSummarySheet(workbook, input, sections);
    for (const section of sections) {
      await writeTableSheet(
        workbook,
        out,
        {
          name: section.title,
          colours: CATEGORY_COLOURS[section.category],
          columns: categoryColumns(section.category, input.summary.scanFileBreakdown),
        },
        input.lines(section.category),
      );
    }
    if (input.repeatedReads.length > 0) {
      await writeTableSheet(
        workbook,
        out,
        { name: REPEATED_READS_SECTION.title, colours: REPEATED_READS_COLOURS, columns: REPEATED_READ_COLUMNS },
        asyncOf(input.repeatedReads),
      );
    }
    if (input.misplacedStock !== undefined && input.misplacedStock.length > 0) {
      await writeTableSheet(
        workbook,
        out,
        { name: MISPLACED_STOCK_SECTION.title, colours: MISPLACED_STOCK_COLOURS, columns: MISPLACED_STOCK_COLUMNS },
        asyncOf(input.misplacedStock),
      );
    }
    await workbook.commit();
  } catch (error) {
    abandonStream(out);
    throw error;
  }
}

/** An array as the async source `writeTableSheet` reads. */
async function* asyncOf<T>(items: readonly T[]): AsyncGenerator<T> {
  for (const item of items) yield item;
}
