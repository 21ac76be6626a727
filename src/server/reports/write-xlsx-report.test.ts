import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import * as SheetJS from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResultCategory, ResultItem } from '../../contracts/results.js';
import { GS1_VALUE, HYPERLINK_NAME, SAMPLE_LINES, sampleReportInput } from './report-input.fixture.js';
import type { ReportInput } from './report-input.js';
import { writeXlsxReport } from './write-xlsx-report.js';
import { NUMBER_FORMATS } from './xlsx-styles.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'stocktally-xlsx-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let fileNumber = 0;
let lastFile = '';
async function writeAndRead(input: ReportInput): Promise<ExcelJS.Workbook> {
  const file = path.join(dir, `report-${(fileNumber += 1)}.xlsx`);
  lastFile = file;
  await writeXlsxReport(input, createWriteStream(file));
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  return workbook;
}

function sheet(workbook: ExcelJS.Workbook, name: string): ExcelJS.Worksheet {
  const found = workbook.getWorksheet(name);
  if (found === undefined) throw new Error(`no sheet ${name}`);
  return found;
}

function headerOf(worksheet: ExcelJS.Worksheet): unknown[] {
  return (worksheet.getRow(1).values as unknown[]).slice(1);
}

/** The data row (1-based below the header) whose column `column` equals `value`. */
function rowWhere(worksheet: ExcelJS.Worksheet, column: number, value: unknown): ExcelJS.Row {
  for (let r = 2; r <= worksheet.rowCount; r++) {
    if (worksheet.getRow(r).getCell(column).value === value) return worksheet.getRow(r);
  }
  throw new Error(`no row with ${String(value)} in ${worksheet.name}`);
}

const CATEGORY_SHEETS: ReadonlyArray<readonly [string, ResultCategory]> = [
  ['Correct', 'quantityCorrect'],
  ['Above', 'quantityAbove'],
  ['Below', 'quantityBelow'],
  ['Cross-File Discrepancies', 'crossFileDiscrepancies'],
  ['Not Found', 'notFound'],
  ['Not Expected', 'scannedNotExpected'],
  ['Zero Sheet', 'zeroSheetItems'],
];

describe('writeXlsxReport', () => {
  let workbook: ExcelJS.Workbook;
  let file: string;
  let input: ReturnType<typeof sampleReportInput>;
  beforeAll(async () => {
    input = sampleReportInput();
    workbook = await writeAndRead(input);
    file = lastFile;
  });

  it('writes the instructions, the summary, then one sheet per category in results-screen order', () => {
    expect(workbook.worksheets.map((w) => w.name)).toEqual([
      'Instructions',
      'Executive Summary',
      ...CATEGORY_SHEETS.map(([name]) => name),
    ]);
  });

  it('reads each category once, in order', () => {
    expect(input.reads).toEqual(CATEGORY_SHEETS.map(([, category]) => category));
  });

  it('has the header row of the spec on every category sheet', () => {
    const quantity = ['SKU/Scan Value', 'Product Name', 'Expected', 'Scanned', 'Difference', '% Difference', 'Variance Value', 'Scan Files', 'Lot', 'Expiry', 'Serial'];
    expect(headerOf(sheet(workbook, 'Correct'))).toEqual(quantity);
    expect(headerOf(sheet(workbook, 'Above'))).toEqual(quantity);
    expect(headerOf(sheet(workbook, 'Below'))).toEqual(quantity);
    expect(headerOf(sheet(workbook, 'Not Found'))).toEqual([
      'Scan Value',
      'Quantity',
      'Scanned Before',
      'Scanned Before Name',
      'Scanned After',
      'Scanned After Name',
      'Scan Files',
      'Reason',
      'Lot',
      'Expiry',
      'Serial',
    ]);
    expect(headerOf(sheet(workbook, 'Not Expected'))).toEqual([
      'SKU',
      'Product Name',
      'Actual Category',
      'Quantity',
      'Location',
      'Scan Files',
      'Lot',
      'Expiry',
      'Serial',
    ]);
    expect(headerOf(sheet(workbook, 'Zero Sheet'))).toEqual([
      'SKU',
      'Product Name',
      'Expected',
      'Location',
      'Cost Price',
      'Variance Value',
    ]);
    expect(headerOf(sheet(workbook, 'Cross-File Discrepancies'))).toEqual([
      'SKU',
      'Product Name',
      'Expected',
      'team1.csv (Team 1)',
      'team2.csv (Team 2)',
      'File Counts',
    ]);
  });

  it('has one row per line plus the header on every category sheet', () => {
    for (const [name, category] of CATEGORY_SHEETS) {
      expect(sheet(workbook, name).actualRowCount, name).toBe(SAMPLE_LINES[category].length + 1);
      expect(sheet(workbook, name).rowCount, name).toBe(SAMPLE_LINES[category].length + 1);
    }
  });

  it('freezes a bold, coloured header row with a filter over every row', () => {
    for (const [name, category] of CATEGORY_SHEETS) {
      const worksheet = sheet(workbook, name);
      expect(worksheet.views[0], name).toMatchObject({ state: 'frozen', ySplit: 1, topLeftCell: 'A2' });
      const width = headerOf(worksheet).length;
      const last = worksheet.getColumn(width).letter;
      expect(worksheet.autoFilter, name).toBe(`A1:${last}${SAMPLE_LINES[category].length + 1}`);
      const header = worksheet.getRow(1).getCell(1);
      expect(header.font?.bold, name).toBe(true);
      expect(header.fill, name).toMatchObject({ type: 'pattern', pattern: 'solid' });
      expect(worksheet.properties.tabColor, name).toEqual({ argb: (header.fill as ExcelJS.FillPattern).fgColor?.argb });
    }
    // Green correct, red above, amber below.
    expect(sheet(workbook, 'Correct').properties.tabColor?.argb).toBe('FF2E7D32');
    expect(sheet(workbook, 'Above').properties.tabColor?.argb).toBe('FFC62828');
    expect(sheet(workbook, 'Below').properties.tabColor?.argb).toBe('FFFFB300');
  });

  it('sets column widths', () => {
    const correct = sheet(workbook, 'Correct');
    expect(correct.getColumn(1).width).toBe(20);
    expect(correct.getColumn(2).width).toBe(42);
  });

  it('writes quantities, money and percentages as numbers with their formats', () => {
    const below = sheet(workbook, 'Below');
    const row = rowWhere(below, 1, 'SKU-300');
    expect(row.getCell(3)).toMatchObject({ value: 8, numFmt: NUMBER_FORMATS.integer });
    expect(row.getCell(4)).toMatchObject({ value: 5, numFmt: NUMBER_FORMATS.integer });
    expect(row.getCell(5)).toMatchObject({ value: -3, numFmt: NUMBER_FORMATS.signedInteger });
    expect(row.getCell(6)).toMatchObject({ value: -0.375, numFmt: NUMBER_FORMATS.signedPercent });
    expect(row.getCell(7)).toMatchObject({ value: -5.97, numFmt: NUMBER_FORMATS.money });
    expect(row.getCell(8).value).toBe('team1.csv');

    const noCost = rowWhere(below, 1, 'SKU-301');
    expect(noCost.getCell(6).value).toBeCloseTo(-2 / 3, 10);
    expect(noCost.getCell(7).value).toBeNull();

    const zeroExpected = rowWhere(sheet(workbook, 'Above'), 1, 'SKU-201');
    expect(zeroExpected.getCell(6).value).toBeNull(); // null percentage stays empty
    expect(zeroExpected.getCell(6).numFmt).toBe(NUMBER_FORMATS.signedPercent);

    const zero = rowWhere(sheet(workbook, 'Zero Sheet'), 1, 'SKU-600');
    expect(zero.getCell(5)).toMatchObject({ value: 3.25, numFmt: NUMBER_FORMATS.money });
    expect(zero.getCell(6)).toMatchObject({ value: -13, numFmt: NUMBER_FORMATS.money });

    const cross = rowWhere(sheet(workbook, 'Cross-File Discrepancies'), 1, 'SKU-400');
    expect(cross.getCell(4)).toMatchObject({ value: 5, numFmt: NUMBER_FORMATS.integer });
    expect(cross.getCell(5)).toMatchObject({ value: 7, numFmt: NUMBER_FORMATS.integer });
    expect(cross.getCell(6).value).toBe('team1.csv: 5; team2.csv: 7');
  });

  it('keeps codes as text (leading zeros) and multi-line names intact', () => {
    const row = rowWhere(sheet(workbook, 'Correct'), 1, '00012345');
    expect(row.getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(row.getCell(2).value).toBe('Leading zeros, "quoted"\nand two lines');
  });

  it('never writes a formula, and shows formula-like text exactly as scanned', () => {
    for (const worksheet of workbook.worksheets) {
      worksheet.eachRow({ includeEmpty: false }, (row) => {
        row.eachCell({ includeEmpty: false }, (cell) => {
          expect(cell.type, `${worksheet.name}!${cell.address}`).not.toBe(ExcelJS.ValueType.Formula);
          expect(cell.formula, `${worksheet.name}!${cell.address}`).toBeUndefined();
        });
      });
    }
    const notFound = sheet(workbook, 'Not Found');
    for (const value of ['=1+1', '+SUM(A1:A9)', '-2+3', '@cmd', '\t=1+2']) {
      const cell = rowWhere(notFound, 1, value).getCell(1);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.text).toBe(value);
    }
    const linked = rowWhere(sheet(workbook, 'Above'), 1, 'SKU-200').getCell(2);
    expect(linked.type).toBe(ExcelJS.ValueType.String);
    expect(linked.value).toBe(HYPERLINK_NAME);
    expect(rowWhere(notFound, 1, '=1+1').getCell(6).value).toBe(HYPERLINK_NAME);
    expect(rowWhere(sheet(workbook, 'Below'), 1, 'SKU-300').getCell(2).value).toBe('- Clearance bin');
    expect(rowWhere(sheet(workbook, 'Zero Sheet'), 1, 'SKU-601').getCell(2).value).toBe('@Sale item');
  });

  it('holds no formula for a second, independent reader (SheetJS) either', async () => {
    const book = SheetJS.read(await readFile(file), { cellFormula: true });
    let textCells = 0;
    for (const name of book.SheetNames) {
      const worksheet = book.Sheets[name];
      for (const [address, cell] of Object.entries(worksheet)) {
        if (address.startsWith('!')) continue;
        const { f, t } = cell as SheetJS.CellObject;
        expect(f, `${name}!${address}`).toBeUndefined();
        if (t === 's') textCells += 1;
      }
    }
    expect(textCells).toBeGreaterThan(50);
    expect(book.Sheets['Above'].B2?.v).toBe(HYPERLINK_NAME); // SKU-200's product name
  });

  it("shows a GS1 group separator as a visible symbol instead of dropping it", () => {
    const gs1 = GS1_VALUE.replace('\u001D', '\u241D');
    expect(rowWhere(sheet(workbook, 'Not Found'), 1, gs1).getCell(7).value).toBe('team1.csv; team2.csv');
  });

  it('fills the not-found context and reason', () => {
    const row = rowWhere(sheet(workbook, 'Not Found'), 1, '=1+1');
    expect((row.values as unknown[]).slice(1)).toEqual([
      '=1+1',
      1,
      'SKU-100',
      'Blue Widget',
      'SKU-200',
      HYPERLINK_NAME,
      'team1.csv',
      'unknown',
    ]);
    expect(rowWhere(sheet(workbook, 'Not Found'), 1, '1.23457E+11').getCell(8).value).toBe('scientific notation: 1.23457E+11');
  });

  it('summarises the audit, its figures, its categories and its scan files', () => {
    const summary = sheet(workbook, 'Executive Summary');
    const byLabel = new Map<string, ExcelJS.Cell>();
    summary.eachRow((row) => {
      const label = row.getCell(1).value;
      if (typeof label === 'string') byLabel.set(label, row.getCell(2));
    });
    expect(byLabel.get('Audit Name')?.value).toBe('Year-end count: Aisle 3');
    expect(byLabel.get('Organization')?.value).toBe('Acme Hardware');
    expect(byLabel.get('Section')?.value).toBe('Aisle 3');
    expect(byLabel.get('Audit Type')?.value).toBe('Product Audit');
    expect(byLabel.get('Mode')?.value).toBe('Cross-validation');
    expect(byLabel.get('Created (UTC)')?.value).toEqual(new Date('2026-11-20T08:30:00Z'));
    expect(byLabel.get('Completed (UTC)')?.value).toEqual(new Date('2026-11-21T17:45:00Z'));
    expect(byLabel.get('Completed (UTC)')?.numFmt).toBe(NUMBER_FORMATS.dateTime);
    expect(byLabel.get('Total Scanned (units)')).toMatchObject({ value: 60, numFmt: NUMBER_FORMATS.integer });
    expect(byLabel.get('Match Rate')).toMatchObject({ value: 0.8, numFmt: NUMBER_FORMATS.percent });
    expect(byLabel.get('Accuracy')).toMatchObject({ value: 0.4, numFmt: NUMBER_FORMATS.percent });
    expect(byLabel.get('Products in Filter')?.value).toBe(12);
    expect(byLabel.get('Variance (units)')?.value).toBe(-5);
    expect(byLabel.get('Variance Value')).toMatchObject({ value: -8.97, numFmt: NUMBER_FORMATS.money });
    expect(byLabel.get('Scope (filter)')?.value).toBe('Products whose category is "Paint" and that have the tag "seasonal"');
    expect(byLabel.get('Units Short')).toMatchObject({ numFmt: NUMBER_FORMATS.integer });
    expect(byLabel.get('Net Shrinkage Value')).toMatchObject({ numFmt: NUMBER_FORMATS.money });
    // Net shrinkage is the total variance value with the sign turned: stock worth 8.97 is missing.
    expect(byLabel.get('Net Shrinkage Value')?.value).toBe(8.97);
    for (const [name, category] of CATEGORY_SHEETS) expect(byLabel.get(name)?.value, name).toBe(SAMPLE_LINES[category].length);

    const fileRow = rowWhere(summary, 1, 'team1.csv');
    expect((fileRow.values as unknown[]).slice(1)).toEqual(['team1.csv', 'Team 1', 'ZB-01', 40, 0.85]);
    expect(fileRow.getCell(5).numFmt).toBe(NUMBER_FORMATS.percent);
    expect(rowWhere(summary, 1, 'team2.csv').getCell(3).value).toBeNull();
  });

  it('explains every sheet of the report on the Instructions sheet', () => {
    const labels: unknown[] = [];
    const texts: string[] = [];
    sheet(workbook, 'Instructions').eachRow((row) => {
      labels.push(row.getCell(1).value);
      if (typeof row.getCell(2).value === 'string') texts.push(row.getCell(2).value as string);
    });
    for (const name of workbook.worksheets.map((w) => w.name)) expect(labels).toContain(name);
    expect(labels).toEqual(expect.arrayContaining(['Difference', '% Difference', 'Variance Value', 'Match Rate', 'Filter and sort']));
    expect(texts.join(' ')).toMatch(/cost price/);
  });
});

describe('writeXlsxReport, other audits', () => {
  const standard = { ...SAMPLE_LINES, crossFileDiscrepancies: [] as ResultItem[] };

  it('leaves out the Cross-File sheet of a standard audit and shows no filter count for a cycle count', async () => {
    const workbook = await writeAndRead(
      sampleReportInput({ audit: { mode: 'standard', auditType: 'cycle-count', organizationName: null, scope: null }, lines: standard }),
    );
    expect(workbook.worksheets.map((w) => w.name)).not.toContain('Cross-File Discrepancies');
    expect(workbook.worksheets).toHaveLength(8);
    const labels: unknown[] = [];
    sheet(workbook, 'Executive Summary').eachRow((row) => labels.push(row.getCell(1).value));
    expect(labels).not.toContain('Products in Filter');
    expect(labels).not.toContain('Scope (filter)');
    expect(labels).not.toContain('Organization');
  });

  it('writes every sheet with its header even when the audit found nothing', async () => {
    const empty = Object.fromEntries(Object.keys(SAMPLE_LINES).map((k) => [k, []])) as unknown as typeof SAMPLE_LINES;
    const workbook = await writeAndRead(sampleReportInput({ audit: { mode: 'standard' }, lines: empty }));
    for (const name of ['Correct', 'Above', 'Below', 'Not Found', 'Not Expected', 'Zero Sheet']) {
      expect(sheet(workbook, name).actualRowCount, name).toBe(1);
      expect(sheet(workbook, name).autoFilter, name).toMatch(/^A1:[A-Z]1$/);
    }
  });

  it('streams thousands of lines into a slow reader, waiting for it, without losing a row', async () => {
    const many = Array.from({ length: 3000 }, (_, i): ResultItem => ({
      ...SAMPLE_LINES.quantityBelow[0],
      sku: `SKU-${i}`,
    }));
    const chunks: Buffer[] = [];
    let waits = 0;
    const slow = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        waits += 1;
        setTimeout(callback, 0);
      },
    });
    await writeXlsxReport(sampleReportInput({ lines: { ...standard, quantityBelow: many } }), slow);
    expect(waits).toBeGreaterThan(1);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const below = sheet(workbook, 'Below');
    expect(below.actualRowCount).toBe(3001);
    expect(below.getRow(3001).getCell(1).value).toBe('SKU-2999');
  });

  it('fails, and breaks the download, when the lines cannot be read', async () => {
    const input = sampleReportInput();
    const failing: ReportInput = {
      ...input,
      lines: (category) => {
        if (category !== 'notFound') return input.lines(category);
        return (async function* () {
          yield SAMPLE_LINES.notFound[0];
          throw new Error('database went away');
        })();
      },
    };
    const out = new Writable({ write: (_chunk, _encoding, callback) => callback() });
    await expect(writeXlsxReport(failing, out)).rejects.toThrow('database went away');
    expect(out.destroyed).toBe(true);
  });

  it('stops with EXPORT_ABORTED when the reader goes away', async () => {
    const many = Array.from({ length: 2000 }, (_, i): ResultItem => ({ ...SAMPLE_LINES.quantityCorrect[0], sku: `SKU-${i}` }));
    let written = 0;
    const out = new Writable({
      write(_chunk, _encoding, callback) {
        written += 1;
        if (written === 3) this.destroy();
        callback();
      },
    });
    await expect(writeXlsxReport(sampleReportInput({ lines: { ...standard, quantityCorrect: many } }), out)).rejects.toMatchObject({
      code: 'EXPORT_ABORTED',
    });
  });
});

describe('writeXlsxReport: GS1 details and repeated reads (DESIGN.md section 5 rule 1)', () => {
  const gs1Line = (sku: string, over: Partial<ResultItem>): ResultItem => ({ ...SAMPLE_LINES.quantityCorrect[0]!, sku, matchedSku: sku, ...over });
  const lines = {
    ...SAMPLE_LINES,
    quantityCorrect: [gs1Line('WINE', { scanValue: '(01)09501101530003(10)AB-123(17)271231(21)S1', lot: 'AB-123', expiry: '2027-12-31', serial: 'S1' })],
    notFound: [{ ...SAMPLE_LINES.notFound[0]!, lot: '=LOT', expiry: null, serial: null }],
  };
  const repeatedReads = [
    { fileName: 'b.csv', line: 4, scanValue: ']d20109501101530003\u001d21S1', sku: 'WINE', productName: 'Red wine', gtin: '09501101530003', serial: 'S1', firstFileName: 'a.csv', firstLine: 2 },
    { fileName: 'b.csv', line: 9, scanValue: '(01)00012345600012(21)X', sku: null, productName: null, gtin: '00012345600012', serial: 'X', firstFileName: 'b.csv', firstLine: 7 },
  ];

  it('writes lot, expiry and serial on the lines, and a Repeated Reads sheet last', async () => {
    const workbook = await writeAndRead(sampleReportInput({ lines, repeatedReads }));
    const correct = sheet(workbook, 'Correct');
    const header = headerOf(correct);
    const row = rowWhere(correct, 1, 'WINE');
    expect([row.getCell(header.indexOf('Lot') + 1).value, row.getCell(header.indexOf('Expiry') + 1).value, row.getCell(header.indexOf('Serial') + 1).value]).toEqual(['AB-123', '2027-12-31', 'S1']);
    const notFound = sheet(workbook, 'Not Found');
    expect(notFound.getRow(2).getCell(headerOf(notFound).indexOf('Lot') + 1).value).toBe('=LOT');
    expect(workbook.worksheets.at(-1)!.name).toBe('Repeated Reads');
    const repeats = sheet(workbook, 'Repeated Reads');
    expect(headerOf(repeats)).toEqual(['File', 'Line', 'Scan Value', 'SKU', 'Product Name', 'GTIN', 'Serial', 'First Read File', 'First Read Line']);
    // The GS character cannot be in XML: it is shown as its control picture, as elsewhere.
    expect((repeats.getRow(2).values as unknown[]).slice(1)).toEqual(['b.csv', 4, ']d20109501101530003\u241d21S1', 'WINE', 'Red wine', '09501101530003', 'S1', 'a.csv', 2]);
    expect(repeats.getRow(3).getCell(4).value).toBeNull();
    expect(repeats.rowCount).toBe(3);
    const instructions = sheet(workbook, 'Instructions');
    expect(rowWhere(instructions, 1, 'Repeated Reads').getCell(2).value).toContain('not counted');
  });

  it('has no Repeated Reads sheet when nothing was read twice', async () => {
    const workbook = await writeAndRead(sampleReportInput({ lines }));
    expect(workbook.worksheets.map((w) => w.name)).not.toContain('Repeated Reads');
  });
});
