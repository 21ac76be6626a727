/**
 * Streams the rows of the first worksheet of an .xlsx file with ExcelJS's streaming reader
 * (`ExcelJS.stream.xlsx.WorkbookReader`), so a large sheet is never held whole in memory
 * (shared strings are: that is how the format works). DESIGN.md sections 1a and 6.
 *
 * ExcelJS is given a trimmed copy of the package (xlsx-package.ts: the one worksheet and the
 * parts it needs, in a safe order), not the file itself. Row numbers are the sheet's own
 * (`line` = Excel row number); cells are turned into text by `excelCellText`.
 */
import { stat } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { FileError } from '../errors.js';
import { excelCellText } from './excel-cell-text.js';
import { FILE_ERROR } from './file-error-codes.js';
import { isBlankRow, type TableRow } from './table.js';
import { firstWorksheetPackage, locateFirstWorksheet, XlsxPackageError } from './xlsx-package.js';

/** Rows per yielded batch. */
const BATCH_ROWS = 1000;

/** What the reader found out about the workbook while streaming it. */
export interface XlsxSheetInfo {
  /** Name of the worksheet read; undefined until it is reached. */
  sheetName?: string;
  /** True once a worksheet was found at all. */
  found: boolean;
}

/**
 * Yields the non-blank rows (header row included) of the first worksheet, in batches.
 * Stopping early closes the file.
 * @throws FileError FILE_INVALID_EXCEL when the zip or its XML cannot be read, or the
 *   workbook holds no worksheet.
 */
export async function* readXlsxRows(filePath: string, fileName: string, info: XlsxSheetInfo): AsyncGenerator<TableRow[]> {
  const invalid = (cause: unknown, detail = 'it could not be read') =>
    Object.assign(new FileError(FILE_ERROR.INVALID_EXCEL, fileName, `is not a valid Excel file (${detail})`), { cause });
  let input;
  try {
    const parts = await locateFirstWorksheet(filePath, (await stat(filePath)).size);
    info.found = true;
    info.sheetName = parts.sheetName;
    input = firstWorksheetPackage(filePath, parts);
  } catch (error) {
    if (!(error instanceof XlsxPackageError)) throw error;
    if (error.kind === 'too-large') {
      throw new FileError(FILE_ERROR.TOO_COMPLEX, fileName, 'holds too much text to read: split it or save it as CSV', undefined, 422);
    }
    throw invalid(error, error.message === 'no worksheet' ? 'it holds no worksheet' : 'it could not be read');
  }
  // A read error of the package stream must not become an unhandled 'error' event.
  input.on('error', () => undefined);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache', // needed to tell dates from numbers, and for zero-padding number formats
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  try {
    for await (const worksheet of reader) {
      let batch: TableRow[] = [];
      for await (const row of worksheet) {
        const cells = rowCells(row);
        if (isBlankRow(cells)) continue;
        batch.push({ line: row.number, cells });
        if (batch.length >= BATCH_ROWS) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length > 0) yield batch;
      return; // the package holds one worksheet
    }
  } catch (error) {
    if (error instanceof FileError) throw error;
    throw invalid(error);
  } finally {
    input.destroy();
  }
}

function rowCells(row: ExcelJS.Row): string[] {
  const cells: string[] = [];
  row.eachCell({ includeEmpty: false }, (cell, col) => {
    while (cells.length < col - 1) cells.push('');
    cells.push(excelCellText(cell.value, cell.numFmt));
  });
  return cells;
}
