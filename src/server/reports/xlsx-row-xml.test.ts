import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openZipArchive } from '../files/zip-archive.js';
import { tableRowXml } from './xlsx-row-xml.js';
import { commitRow, type CellValue } from './xlsx-rows.js';
import { CELL_STYLES, headerStyle, REPORT_COLOURS } from './xlsx-styles.js';
import { sheetRowSink } from './xlsx-table-sheet.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'stocktally-row-xml-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const STYLES = [CELL_STYLES.text, CELL_STYLES.integer, CELL_STYLES.money, CELL_STYLES.signedPercent, CELL_STYLES.dateTime, CELL_STYLES.text];
const HEADER = ['SKU', 'Quantity', 'Value', '% Difference', 'When', 'Name'];
const ROWS: CellValue[][] = [
  ['SKU <1> & "2" \'3\'', 12, -3.5, 0.125, new Date('2026-11-21T08:30:00Z'), '=HYPERLINK("http://x.example","x")'],
  ['line\r\nbreak and a GS1 \u001D separator', null, Number.NaN, Number.POSITIVE_INFINITY, null, ''],
  ['00012345', 0, 1e21, -0.5, null, '  spaced  '],
  [null, 7, null, null, new Date(0), 'x'.repeat(40_000)],
];

/** The `<sheetData>` element of sheet `n` of the workbook at `file`. */
async function sheetData(file: string, n: number): Promise<string> {
  const zip = await openZipArchive(file, 100);
  try {
    const xml = await zip.readText(zip.entries.get(`xl/worksheets/sheet${n}.xml`)!, 10_000_000);
    return xml.slice(xml.indexOf('<sheetData>'), xml.indexOf('</sheetData>'));
  } finally {
    zip.close();
  }
}

describe('tableRowXml', () => {
  it("writes the rows ExcelJS writes for the same values and styles, byte for byte", async () => {
    const file = path.join(dir, 'rows.xlsx');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: createWriteStream(file), useStyles: true, useSharedStrings: false });
    // Rows as text first, so that it is tableRowXml that registers the styles.
    const byText = workbook.addWorksheet('As text');
    commitRow(byText, HEADER, headerStyle(REPORT_COLOURS.summary));
    const sink = sheetRowSink(workbook, byText);
    const rowXml = tableRowXml(STYLES, sink.styles);
    ROWS.forEach((values, i) => sink.write(rowXml(i + 2, values)));
    byText.commit();
    const byExcelJs = workbook.addWorksheet('By ExcelJS');
    commitRow(byExcelJs, HEADER, headerStyle(REPORT_COLOURS.summary));
    for (const values of ROWS) commitRow(byExcelJs, values, STYLES);
    byExcelJs.commit();
    await workbook.commit();

    const asText = await sheetData(file, 1);
    expect(asText).toContain('<row r="5"');
    expect(asText).toBe(await sheetData(file, 2));
  });

  it('names columns past Z as Excel does', () => {
    const styles = Array.from({ length: 28 }, () => CELL_STYLES.integer);
    const xml = tableRowXml(styles, { addStyleModel: () => 3 })(2, styles.map((_, i) => i));
    expect(xml).toContain('<c r="Z2" s="3"><v>25</v></c><c r="AA2" s="3"><v>26</v></c><c r="AB2" s="3"><v>27</v></c></row>');
  });
});
