/**
 * Streams the rows of the first worksheet of an .xlsx file within a fixed memory budget
 * (DESIGN.md sections 1a and 6; docs/decisions/0050-xlsx-reader-bounded-memory.md): yauzl reads
 * the zip and counts inflated bytes, xlsx-package.ts finds the parts, shared-strings.ts keeps the
 * shared strings compactly and bounded, xlsx-sheet.ts turns the worksheet's XML into rows.
 * Row numbers are the sheet's own (`line` = Excel row number); cells are turned into text as
 * excel-cell-text.ts says.
 */
import { FileError } from '../errors.js';
import { FILE_ERROR } from './file-error-codes.js';
import { readLimits } from './read-limits.js';
import { readSharedStrings, SharedStringsLimitError } from './shared-strings.js';
import type { TableRow } from './table.js';
import { locateWorkbookParts, XlsxPackageError } from './xlsx-package.js';
import { SheetRows } from './xlsx-sheet.js';
import { XmlLimitError, XmlSyntaxError } from './xml-scanner.js';
import { openZipArchive, ZipFormatError, ZipLimitError, type ZipArchive } from './zip-archive.js';

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
 * @throws FileError, naming the file and, where one is at fault, the part:
 *   FILE_INVALID_EXCEL (400) when the zip or its XML cannot be read, a part holds more than its
 *   archive declares, or the workbook holds no worksheet; FILE_TOO_COMPLEX (422) when a part
 *   inflates past `maxPartBytes` or the shared strings pass their bounds (read-limits.ts).
 */
export async function* readXlsxRows(filePath: string, fileName: string, info: XlsxSheetInfo): AsyncGenerator<TableRow[]> {
  const limits = readLimits();
  let zip: ZipArchive;
  let part = 'the archive';
  try {
    zip = await openZipArchive(filePath, limits.maxZipEntries);
  } catch (error) {
    throw fileError(error, fileName, part);
  }
  let chunks: AsyncGenerator<Buffer> | undefined;
  try {
    let sheet: SheetRows;
    let worksheet;
    try {
      const parts = await locateWorkbookParts(zip, limits);
      info.found = true;
      info.sheetName = parts.sheetName;
      part = parts.sharedStrings?.fileName ?? part;
      const strings = await readSharedStrings(zip, parts.sharedStrings, limits);
      worksheet = parts.worksheet;
      part = worksheet.fileName;
      sheet = new SheetRows(parts, strings, limits);
    } catch (error) {
      throw fileError(error, fileName, part);
    }
    chunks = zip.chunks(worksheet, limits.maxPartBytes);
    const decoder = new TextDecoder('utf-8');
    for (;;) {
      let rows: TableRow[] | null = null;
      try {
        const next = await chunks.next();
        if (next.done) {
          sheet.push(decoder.decode());
          sheet.end();
        } else {
          sheet.push(decoder.decode(next.value, { stream: true }));
          if (!sheet.ready && !sheet.done) continue;
        }
        rows = sheet.take();
        if (next.done || sheet.done) {
          if (rows.length > 0) yield rows;
          return;
        }
      } catch (error) {
        throw fileError(error, fileName, part);
      }
      yield rows;
    }
  } finally {
    await chunks?.return(undefined);
    zip.close();
  }
}

/** A reader error as the FileError the user sees. */
function fileError(error: unknown, fileName: string, part: string): unknown {
  if (error instanceof FileError) return error;
  const tooComplex = (detail: string) =>
    Object.assign(new FileError(FILE_ERROR.TOO_COMPLEX, fileName, `holds too much to read (${detail}): split it or save it as CSV`, undefined, 422), { cause: error });
  const invalid = (detail: string) => Object.assign(new FileError(FILE_ERROR.INVALID_EXCEL, fileName, `is not a valid Excel file (${detail})`), { cause: error });
  if (error instanceof ZipLimitError) {
    if (error.lied) return invalid(`${error.part} holds more data than the archive declares`);
    return tooComplex(`${error.part} is larger than ${megabytes(error.limit)} MB unpacked`);
  }
  if (error instanceof SharedStringsLimitError) return tooComplex(`${part}: ${error.message}`);
  if (error instanceof XmlLimitError) return tooComplex(`${part}: ${error.message}`);
  if (error instanceof XmlSyntaxError) return invalid(`${part}: ${error.message}`);
  if (error instanceof XlsxPackageError) return invalid(error.message === 'no worksheet' ? 'it holds no worksheet' : 'it could not be read');
  if (error instanceof ZipFormatError) return invalid('it could not be read');
  return error;
}

function megabytes(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '');
}
