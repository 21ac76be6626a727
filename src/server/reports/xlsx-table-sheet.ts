/**
 * One streamed table sheet of the XLSX report: a coloured, bold, frozen header row with filter
 * buttons, then one row per item read from an async source (spec part 1 section 2 export
 * dialog: "multi-tab ... colour-coded categories").
 */
import type { stream, Worksheet } from 'exceljs';
import { commitRow, type CellValue } from './xlsx-rows.js';
import { headerStyle, type CellStyle, type SheetColours } from './xlsx-styles.js';
import { keepPace, type UpstreamStage } from './stream-pacing.js';
import { tableRowXml, type StyleRegistry } from './xlsx-row-xml.js';

/** One column of a table sheet. */
export interface TableColumn<T> {
  header: string;
  /** Width in Excel's character units. */
  width: number;
  /** Shared style of the column's data cells (number format, alignment). */
  style: CellStyle;
  /** Style of the cells whose value is a number with a fraction, when it differs (quantities). */
  fractionStyle?: CellStyle;
  value(item: T): CellValue;
}

export interface TableSheet<T> {
  /** Sheet name: at most 31 characters, none of : \ / ? * [ ] (Excel's rules). */
  name: string;
  colours: SheetColours;
  columns: readonly TableColumn<T>[];
}

/** What a readable-stream 2.x or Node writable exposes of its buffer. */
interface BufferedWritable {
  writableLength?: number;
  _writableState?: { length?: number };
  on: NodeJS.EventEmitter['on'];
  removeListener: NodeJS.EventEmitter['removeListener'];
}

/** What of ExcelJS 4.4's WorksheetWriter the table sheet uses beyond its typed API. */
interface SheetInternals {
  /** The sheet's XML part: writes go into the zip, in order. */
  stream?: { write(xml: string): unknown; pipes?: unknown };
  /** Set once the header row opened `<sheetData>`: rows may follow. */
  startedData?: boolean;
}

interface WorkbookInternals {
  styles?: StyleRegistry;
}

function internals(worksheet: Worksheet): SheetInternals {
  return worksheet as unknown as SheetInternals;
}

/**
 * The stream into which ExcelJS pushes a sheet's XML: the zip's input for the sheet, a
 * readable-stream 2.x PassThrough that ExcelJS writes 64 KB chunks into without backpressure,
 * so it is where an unpaced writer's memory piles up (measured: +3 MB every 50,000 rows,
 * without end). ExcelJS 4.4 keeps it in the internal `stream.pipes` of its WorksheetWriter; a
 * test pins this, so an upgrade that moves it fails loudly instead of silently unbounding
 * memory.
 */
export function sheetUpstream(worksheet: Worksheet): UpstreamStage[] {
  const pipes = internals(worksheet).stream?.pipes;
  if (!Array.isArray(pipes)) return [];
  return (pipes as BufferedWritable[]).map((pipe) => ({
    stream: pipe,
    bufferedBytes: () => pipe.writableLength ?? pipe._writableState?.length ?? 0,
  }));
}

/**
 * Where a table sheet's data rows go as XML text (docs/decisions/0077): ExcelJS 4.4's stream of
 * the sheet once the header row is committed, and the workbook's style registry. A test pins
 * both, so an upgrade that moves them fails loudly.
 * @throws Error when ExcelJS no longer has them, or the sheet's data was not started.
 */
export function sheetRowSink(workbook: stream.xlsx.WorkbookWriter, worksheet: Worksheet): { write(xml: string): void; styles: StyleRegistry } {
  const sheet = internals(worksheet);
  const { styles } = workbook as unknown as WorkbookInternals;
  const xmlStream = sheet.stream;
  if (sheet.startedData !== true || typeof xmlStream?.write !== 'function' || typeof styles?.addStyleModel !== 'function') {
    throw new Error('ExcelJS streaming writer internals changed: the sheet stream or style registry is missing');
  }
  return { write: (xml) => void xmlStream.write(xml), styles };
}

/** Rows handed to the sheet's stream at once, between two pauses for the output to catch up (see stream-pacing.ts). */
const ROWS_PER_BATCH = 200;
const HEADER_HEIGHT = 22;

/**
 * Adds `sheet` to `workbook`, writes the header row through ExcelJS and then one row per item of
 * `items` as XML text (`tableRowXml`), and commits the sheet. Memory holds one batch of rows at
 * a time. The filter range covers the header and every data row.
 *
 * @returns the number of data rows written (the sheet has one more: the header).
 * @throws whatever `items` throws; AppError EXPORT_ABORTED when `out` was closed.
 */
export async function writeTableSheet<T>(
  workbook: stream.xlsx.WorkbookWriter,
  out: NodeJS.WritableStream,
  sheet: TableSheet<T>,
  items: AsyncIterable<T>,
): Promise<number> {
  const worksheet: Worksheet = workbook.addWorksheet(sheet.name, {
    properties: { tabColor: { argb: sheet.colours.fill } },
    views: [{ state: 'frozen', xSplit: 0, ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }],
    pageSetup: { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  const { columns } = sheet;
  worksheet.columns = columns.map((column) => ({ width: column.width, style: column.style }));
  commitRow(worksheet, columns.map((column) => column.header), headerStyle(sheet.colours), HEADER_HEIGHT);
  const sink = sheetRowSink(workbook, worksheet);

  const rowXml = tableRowXml(columns.map((column) => column.style), sink.styles, columns.map((column) => column.fractionStyle));
  const upstream = sheetUpstream(worksheet);
  let written = 0;
  let batch = '';
  for await (const item of items) {
    written += 1;
    // Row 1 is the header.
    batch += rowXml(written + 1, columns.map((column) => column.value(item)));
    if (written % ROWS_PER_BATCH === 0) {
      sink.write(batch);
      batch = '';
      await keepPace(out, upstream);
    }
  }
  if (batch !== '') sink.write(batch);

  worksheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: written + 1, column: columns.length } };
  worksheet.commit();
  return written;
}
