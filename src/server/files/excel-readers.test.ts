/**
 * XLSX (ExcelJS streaming) and XLS (SheetJS in a worker) through openTable, on workbooks
 * written here: codes stored as numbers and as text, dates, formulas, rich text, mislabelled
 * and hostile files (DESIGN.md sections 1a and 6).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import * as XLSX from 'xlsx';
import { afterAll, describe, expect, it } from 'vitest';
import { FILE_ERROR } from './file-error-codes.js';
import { openTable } from './open-table.js';
import { readScanRows } from './read-scan-rows.js';
import { readXlsSheet } from './xls-source.js';
import { allRows, fileError } from './test-support/table-helpers.js';

const dir = mkdtempSync(path.join(tmpdir(), 'stocktally-excel-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A zip archive of uncompressed ("stored") entries, in the order given. */
function storedZip(entries: Array<[name: string, text: string]>): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const nameBytes = Buffer.from(name);
    const data = Buffer.from(text);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

async function writeXlsx(name: string, build: (wb: ExcelJS.Workbook) => void): Promise<string> {
  const wb = new ExcelJS.Workbook();
  build(wb);
  const p = path.join(dir, name);
  await wb.xlsx.writeFile(p);
  return p;
}

function writeXls(name: string, rows: unknown[][], opts: { sheetName?: string } = {}): string {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows, { cellDates: true }), opts.sheetName ?? 'Count');
  const p = path.join(dir, name);
  writeFileSync(p, XLSX.write(wb, { type: 'buffer', bookType: 'biff8' }) as Buffer);
  return p;
}

describe('XLSX', () => {
  it('turns every kind of cell into the text a user expects', async () => {
    const p = await writeXlsx('kinds.xlsx', (wb) => {
      const ws = wb.addWorksheet('Count');
      ws.addRow(['Item Code', 'Counted', 'Other']);
      ws.addRow([12345678905, 3, 5.5]); // a UPC stored as a number, its leading zero gone
      ws.addRow(['012345678905', 1, 0.1 + 0.2]); // the same code kept as text
      ws.addRow(['1.23457E+11', 2, new Date(Date.UTC(2026, 10, 7))]);
      ws.addRow([' sku5837 ', { formula: '1+1', result: 2 }, new Date(Date.UTC(2026, 10, 7, 10, 34))]);
      ws.addRow([{ richText: [{ text: 'AB-' }, { font: { bold: true }, text: '37011' }] }, 4, true]);
      ws.addRow([{ text: 'VN822801', hyperlink: 'https://example.com' }, 5, { error: '#N/A' }]);
      ws.addRow([]); // blank: skipped, its number kept by the rows after it
      ws.addRow([12345678905, 6, 4.000000000000001]);
      ws.getCell('A9').numFmt = '000000000000'; // shows 012345678905
      ws.addRow([1e15 + 1, -2, '']);
    });
    const t = await openTable(p, 'kinds.xlsx');
    expect(t).toMatchObject({ format: 'xlsx', sheetName: 'Count', headerRow: true, headers: ['Item Code', 'Counted', 'Other'] });
    expect(await allRows(t)).toEqual([
      { line: 2, cells: ['12345678905', '3', '5.5'] },
      { line: 3, cells: ['012345678905', '1', '0.3'] },
      { line: 4, cells: ['1.23457E+11', '2', '2026-11-07'] },
      { line: 5, cells: [' sku5837 ', '2', '2026-11-07T10:34:00'] },
      { line: 6, cells: ['AB-37011', '4', 'TRUE'] },
      { line: 7, cells: ['VN822801', '5', '#N/A'] },
      { line: 9, cells: ['012345678905', '6', '4'] },
      { line: 10, cells: ['1000000000000001', '-2'] },
    ]);
  });

  it('reads the first worksheet in tab order, not in storage order (and without shared strings)', async () => {
    // Hand-made workbook: sheet1.xml ("Notes") is stored first, but workbook.xml puts
    // sheet2.xml ("Count") on the first tab. Inline strings, no sharedStrings.xml.
    const sheet = (rows: string[][]) =>
      `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN_NS}"><sheetData>${rows
        .map((cells, r) => `<row r="${r + 1}">${cells.map((v, c) => `<c r="${String.fromCharCode(65 + c)}${r + 1}" t="inlineStr"><is><t>${v}</t></is></c>`).join('')}</row>`)
        .join('')}</sheetData></worksheet>`;
    const p = path.join(dir, 'tabs.xlsx');
    writeFileSync(
      p,
      storedZip([
        ['[Content_Types].xml', `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/worksheets/sheet2.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`],
        ['_rels/.rels', `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${REL_NS}"><Relationship Id="rId1" Type="${OFFICE_REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`],
        ['xl/workbook.xml', `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN_NS}" xmlns:r="${OFFICE_REL}"><sheets><sheet name="Count" sheetId="2" r:id="rId2"/><sheet name="Notes" sheetId="1" r:id="rId1"/></sheets></workbook>`],
        ['xl/_rels/workbook.xml.rels', `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${REL_NS}"><Relationship Id="rId1" Type="${OFFICE_REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${OFFICE_REL}/worksheet" Target="worksheets/sheet2.xml"/></Relationships>`],
        ['xl/worksheets/sheet1.xml', sheet([['note'], ['ignore me']])],
        ['xl/worksheets/sheet2.xml', sheet([['Item Code', 'Counted'], ['sku1', '2']])],
      ]),
    );
    const t = await openTable(p, 'tabs.xlsx');
    expect(t.sheetName).toBe('Count');
    expect((await allRows(t)).map((r) => r.cells)).toEqual([['sku1', '2']]);
  });

  it('skips a hidden first tab, and reads a workbook of several sheets written by ExcelJS', async () => {
    // ExcelJS stores worksheets before sharedStrings.xml: its own streaming reader stalls on
    // such files once they hold two sheets (exceljs issue #2790); ours hands it one sheet.
    const p = await writeXlsx('hidden.xlsx', (wb) => {
      const lookup = wb.addWorksheet('Lookup', { state: 'hidden' });
      lookup.addRow(['code', 'name']);
      lookup.addRow(['x', 'y']);
      const count = wb.addWorksheet('Count');
      count.addRow(['Item Code', 'Counted']);
      count.addRow(['sku1', 3]);
      wb.addWorksheet('Notes').addRow(['n']);
    });
    const t = await openTable(p, 'hidden.xlsx');
    expect(t.sheetName).toBe('Count');
    expect(await allRows(t)).toEqual([{ line: 2, cells: ['sku1', '3'] }]);
  });

  it('reads a header-less sheet of numeric barcodes as data', async () => {
    const p = await writeXlsx('noheader.xlsx', (wb) => {
      const ws = wb.addWorksheet('Sheet1');
      ws.addRow([4006381333931, 2]);
      ws.addRow([12345678905, 1]);
    });
    const t = await openTable(p, 'noheader.xlsx');
    expect(t).toMatchObject({ headerRow: false, headers: ['Column 1', 'Column 2'] });
    const scans = [];
    for await (const s of readScanRows(t, { scanColumn: 'Column 1', quantityColumn: 'Column 2' })) scans.push(s);
    expect(scans).toEqual([
      { line: 1, value: '4006381333931', quantity: 2 },
      { line: 2, value: '12345678905', quantity: 1 },
    ]);
  });

  it('refuses an empty first worksheet and a header without rows', async () => {
    const empty = await writeXlsx('empty.xlsx', (wb) => {
      wb.addWorksheet('Leer');
      wb.addWorksheet('Data').addRow(['x']);
    });
    const e = await fileError(openTable(empty, 'empty.xlsx'));
    expect([e.code, e.message]).toEqual([FILE_ERROR.EMPTY, 'empty.xlsx: is empty (its first worksheet "Leer" has no rows)']);
    const header = await writeXlsx('header.xlsx', (wb) => wb.addWorksheet('S').addRow(['Item Code', 'Counted']));
    expect((await fileError(openTable(header, 'header.xlsx'))).code).toBe(FILE_ERROR.NO_DATA_ROWS);
  });

  it('refuses a zip that holds no workbook', async () => {
    const p = path.join(dir, 'notabook.xlsx');
    // An empty zip archive: just the end-of-central-directory record.
    writeFileSync(p, Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]));
    expect((await fileError(openTable(p, 'notabook.xlsx'))).code).toBe(FILE_ERROR.INVALID_EXCEL);
  });

  it('reads an .xlsx named .xls by its content', async () => {
    const p = await writeXlsx('renamed.xls', (wb) => {
      const ws = wb.addWorksheet('S');
      ws.addRow(['Item Code']);
      ws.addRow(['sku1']);
    });
    expect((await openTable(p, 'renamed.xls')).format).toBe('xlsx');
  });
});

describe('XLS (SheetJS in a worker)', () => {
  it('reads codes stored as numbers and as text, decimals and dates', async () => {
    const p = writeXls('old.xls', [
      ['Item Code', 'Counted', 'When'],
      [12345678905, 3, new Date(Date.UTC(2026, 10, 7))],
      ['0012345678905', 2.5, 'x'],
      [],
      [' sku5837 ', -1, true],
    ]);
    const t = await openTable(p, 'old.xls');
    expect(t).toMatchObject({ format: 'xls', sheetName: 'Count', headers: ['Item Code', 'Counted', 'When'] });
    expect(await allRows(t)).toEqual([
      { line: 2, cells: ['12345678905', '3', '2026-11-07'] },
      { line: 3, cells: ['0012345678905', '2.5', 'x'] },
      { line: 5, cells: [' sku5837 ', '-1', 'TRUE'] },
    ]);
  });

  it('reads an .xls named .xlsx by its content', async () => {
    const p = writeXls('renamed.xlsx', [['Item Code'], ['sku1']]);
    expect((await openTable(p, 'renamed.xlsx')).format).toBe('xls');
  });

  it('refuses an .xls over the size cap before parsing it (413)', async () => {
    const p = writeXls('capped.xls', [['Item Code'], ['sku1']]);
    const e = await fileError(openTable(p, 'capped.xls', { maxBytes: 100 }));
    expect([e.code, e.status]).toEqual([FILE_ERROR.TOO_LARGE, 413]);
  });

  it('stops a worker that runs out of time', async () => {
    const p = writeXls('slow.xls', [['Item Code'], ['sku1']]);
    const e = await fileError(readXlsSheet(p, 'slow.xls', { timeoutMs: 1 }));
    expect(e.code).toBe(FILE_ERROR.TOO_COMPLEX);
  });

  it('refuses an OLE2 file that is not a workbook', async () => {
    const p = path.join(dir, 'fake.xls');
    writeFileSync(p, Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(600, 7)]));
    expect((await fileError(openTable(p, 'fake.xls'))).code).toBe(FILE_ERROR.INVALID_EXCEL);
  });
});
