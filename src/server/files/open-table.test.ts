/**
 * openTable and previewTable on generated edge-case files (DESIGN.md section 6): encodings,
 * delimiters, line breaks, header detection, broken and mislabelled files.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FILE_ERROR } from './file-error-codes.js';
import { openTable } from './open-table.js';
import { previewTable } from './preview-table.js';
import { readScanRows } from './read-scan-rows.js';
import type { OpenTableOptions, Table } from './table.js';
import { allRows, fileError } from './test-support/table-helpers.js';
import { inlineCell, writeXlsx } from './test-support/zip-writer.js';

const dir = mkdtempSync(path.join(tmpdir(), 'stocktally-open-table-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

let counter = 0;
/** Writes `content` as `name` in a folder of its own and returns its path. */
function file(name: string, content: string | Uint8Array): string {
  const folder = path.join(dir, String(++counter));
  mkdirSync(folder);
  const p = path.join(folder, name);
  writeFileSync(p, content);
  return p;
}

async function open(name: string, content: string | Uint8Array, opts?: OpenTableOptions): Promise<Table> {
  return openTable(file(name, content), name, opts);
}

function utf16(text: string, endian: 'le' | 'be', bom = true): Buffer {
  const le = Buffer.from(text, 'utf16le');
  const body = endian === 'le' ? le : Buffer.from(le).swap16();
  const mark = endian === 'le' ? [0xff, 0xfe] : [0xfe, 0xff];
  return Buffer.concat([Buffer.from(bom ? mark : []), body]);
}

describe('openTable: CSV encodings', () => {
  it("reads Excel's 'Unicode text': tab-separated UTF-16LE with a BOM", async () => {
    const t = await open('export.txt', utf16('EAN\tMenge\r\n4006381333931\t3\r\nGröße 1\t2\r\n', 'le'));
    expect(t).toMatchObject({ format: 'csv', encoding: 'utf-16le', delimiter: '\t', headerRow: true, headers: ['EAN', 'Menge'] });
    expect(await allRows(t)).toEqual([
      { line: 2, cells: ['4006381333931', '3'] },
      { line: 3, cells: ['Größe 1', '2'] },
    ]);
  });

  it('reads UTF-16BE with a BOM', async () => {
    const t = await open('be.csv', utf16('Barcode;Qty\n0012345678905;2\n', 'be'));
    expect(t).toMatchObject({ encoding: 'utf-16be', delimiter: ';', headers: ['Barcode', 'Qty'] });
    expect(await allRows(t)).toEqual([{ line: 2, cells: ['0012345678905', '2'] }]);
  });

  it('reads UTF-16LE without a BOM by its NUL pattern', async () => {
    const t = await open('nobom.csv', utf16('scan\n123456\n', 'le', false));
    expect(t.encoding).toBe('utf-16le');
    expect(await allRows(t)).toEqual([{ line: 2, cells: ['123456'] }]);
  });

  it('drops the UTF-8 BOM from the first header', async () => {
    const t = await open('bom.csv', '\uFEFFEAN;Menge\n890135;1\n');
    expect(t).toMatchObject({ encoding: 'utf-8', headers: ['EAN', 'Menge'] });
  });

  it('reads Windows-1252 text that is not valid UTF-8', async () => {
    const t = await open('ansi.csv', Buffer.from('Artikel;Menge\nGr\xf6\xdfe 42;3\n', 'latin1'));
    expect(t.encoding).toBe('windows-1252');
    expect((await allRows(t))[0].cells).toEqual(['Größe 42', '3']);
    // A whole Windows-1252 file is nothing to warn about.
    expect(t.windows1252Lines?.()).toBeNull();
  });

  it('decodes a UTF-8 file with one Latin-1 line line by line: the other lines stay UTF-8', async () => {
    // The Latin-1 line is past the 64 KiB head that decides the encoding.
    const filler = Array.from({ length: 4000 }, (_, i) => `SKU-${i};Café ${i}\n`).join('');
    const bytes = Buffer.concat([Buffer.from(`Artikel;Name\n${filler}`, 'utf8'), Buffer.from('SKU-X;Crème brûlée\n', 'latin1'), Buffer.from('SKU-Y;Größe\n', 'utf8')]);
    const t = await open('mixed.csv', bytes);
    expect(t.encoding).toBe('utf-8');
    expect(t.windows1252Lines?.()).toBeNull();
    const rows = await allRows(t);
    expect(rows[0]!.cells).toEqual(['SKU-0', 'Café 0']);
    expect(rows.at(-2)).toEqual({ line: 4002, cells: ['SKU-X', 'Crème brûlée'] });
    expect(rows.at(-1)!.cells).toEqual(['SKU-Y', 'Größe']);
    expect(t.windows1252Lines?.()).toEqual({ lines: [4002], count: 1 });
  });

  it('previewTable warns naming the lines read as Windows-1252 (the first five and how many more)', async () => {
    const lines = Array.from({ length: 9 }, (_, i) => Buffer.from(`C-${i};Bücher\n`, i % 3 === 0 ? 'utf8' : 'latin1'));
    const p = file('mixed-preview.csv', Buffer.concat([Buffer.from('Code;Titel\n'), ...lines]));
    const preview = await previewTable(p, 'mixed-preview.csv');
    expect(preview.rows.map((r) => r[1])).toEqual(Array(9).fill('Bücher'));
    expect(preview.warnings).toEqual([
      'mixed-preview.csv: lines 3, 4, 6, 7, 9 and 1 more (6 in all) are not valid UTF-8 and were read as Windows-1252; check their accented letters.',
    ]);
    const clean = await previewTable(file('clean.csv', 'Code;Titel\nC-1;Bücher\n'), 'clean.csv');
    expect(clean.warnings).toBeUndefined();
  });
});

describe('openTable: CSV layout', () => {
  it.each([
    ['tab', '\t'],
    ['semicolon', ';'],
    ['pipe', '|'],
    ['comma', ','],
  ])('detects the %s delimiter', async (_, d) => {
    const t = await open('d.csv', `Barcode${d}Qty${d}Note\n0012345678905${d}2${d}"a, b; c | d"\n`);
    expect(t.delimiter).toBe(d);
    expect(t.headers).toEqual(['Barcode', 'Qty', 'Note']);
    expect((await allRows(t))[0].cells).toEqual(['0012345678905', '2', 'a, b; c | d']);
  });

  it('prefers the delimiter present on every line to one inside values (German decimals)', async () => {
    const t = await open('de.csv', 'EAN;Preis\n4006381333931;1,50\n4006381333932;2,75\n');
    expect(t.delimiter).toBe(';');
  });

  it('reads a one-column file as comma-separated', async () => {
    const t = await open('one.csv', 'scan\n123\n456\n');
    expect(t).toMatchObject({ delimiter: ',', headers: ['scan'] });
  });

  it('reads CR-only line breaks (classic Mac) with line numbers', async () => {
    const t = await open('cr.csv', 'Barcode,Qty\r111,1\r\r222,2\r');
    expect(await allRows(t)).toEqual([
      { line: 2, cells: ['111', '1'] },
      { line: 4, cells: ['222', '2'] },
    ]);
  });

  it('reads a quoted value holding a line break and numbers the next rows physically', async () => {
    const t = await open('nl.csv', 'SKU,Description\nA1,"two\nlines"\nA2,plain\n');
    expect(await allRows(t)).toEqual([
      { line: 2, cells: ['A1', 'two\nlines'] },
      { line: 4, cells: ['A2', 'plain'] },
    ]);
  });

  it('keeps fixed-width padding and signs as written (the engine and quantity parser trim)', async () => {
    const t = await open('fixed.csv', 'Barcode      ,Qty\n0012345678905,  +3\n   4006381333,  -1\n');
    expect(t.headers).toEqual(['Barcode', 'Qty']);
    expect((await allRows(t)).map((r) => r.cells)).toEqual([
      ['0012345678905', '  +3'],
      ['   4006381333', '  -1'],
    ]);
  });

  it('skips blank lines and rows of empty cells, counting their lines', async () => {
    const t = await open('blank.csv', '\n\nBarcode,Qty\n\n111,1\n , \n,\n222,2\n\n');
    expect(await allRows(t)).toEqual([
      { line: 5, cells: ['111', '1'] },
      { line: 8, cells: ['222', '2'] },
    ]);
  });

  it('makes blank and repeated header names unique', async () => {
    const t = await open('dup.csv', 'Barcode,Qty,,Qty,qty\n1,2,3,4,5\n');
    expect(t.headers).toEqual(['Barcode', 'Qty', 'Column 3', 'Qty (2)', 'qty (3)']);
  });

  it('refuses a quote that is never closed, naming the line', async () => {
    const t = await open('open.csv', 'Barcode,Qty\n111,1\n"222,2\n333,3\n');
    const e = await fileError(allRows(t));
    expect(e.code).toBe(FILE_ERROR.UNCLOSED_QUOTE);
    expect(e.message).toBe('open.csv line 3: a quoted value is never closed (a " without its closing ")');
  });
});

describe('openTable: header detection', () => {
  it("reads Opticon's header-less SCANNED.TXT (barcode,serial,hh:mm:ss,dd/mm/yyyy) as data", async () => {
    const t = await open('SCANNED.TXT', '0012345678905,0001,10:34:00,07/11/2026\r\n4006381333931,0001,10:34:05,07/11/2026\r\n');
    expect(t.headerRow).toBe(false);
    expect(t.headers).toEqual(['Column 1', 'Column 2', 'Column 3', 'Column 4']);
    expect((await allRows(t)).map((r) => r.line)).toEqual([1, 2]);
  });

  it.each([
    ['scan\n0012345678905\n'],
    ['Barcode,Qty,Timestamp\n111,1,2026-11-07T10:34:00\n'],
    ['EAN;Menge\n111;1\n'],
    ['Item Code,Counted\nsku1,2\n'],
  ])('takes %j as a header row', async (content) => {
    expect((await open('h.csv', content)).headerRow).toBe(true);
  });

  it.each([["'0012345678905\n"], ['sku-1,5\n'], ['SKU1, 2026-11-07\n'], ['" 336618 "\n'], ['1.57439E+11\n'], ['x,10:34\n']])(
    'takes %j as a first data row',
    async (content) => {
      const t = await open('d.csv', `${content}other,1\n`);
      expect(t.headerRow).toBe(false);
      expect((await allRows(t))[0].line).toBe(1);
    },
  );

  it("obeys header: 'yes' and 'no'", async () => {
    const content = '0012345678905,2\n4006381333931,3\n';
    const yes = await open('y.csv', content, { header: 'yes' });
    expect(yes.headers).toEqual(['0012345678905', '2']);
    expect(await allRows(yes)).toHaveLength(1);
    const no = await open('n.csv', 'Barcode,Qty\n1,2\n', { header: 'no' });
    expect(no.headers).toEqual(['Column 1', 'Column 2']);
    expect((await allRows(no))[0]).toEqual({ line: 1, cells: ['Barcode', 'Qty'] });
  });
});

describe('openTable: refused files', () => {
  it("refuses an empty file: 'is empty'", async () => {
    const e = await fileError(open('empty.csv', ''));
    expect([e.code, e.message]).toEqual([FILE_ERROR.EMPTY, 'empty.csv: is empty']);
  });

  it('refuses a file of blank lines and a BOM as empty', async () => {
    expect((await fileError(open('blank.csv', '\uFEFF\r\n\r\n , \r\n'))).code).toBe(FILE_ERROR.EMPTY);
  });

  it("refuses a header row alone: 'has no data rows'", async () => {
    const e = await fileError(open('header.csv', 'Barcode,Qty\r\n\r\n'));
    expect(e.code).toBe(FILE_ERROR.NO_DATA_ROWS);
    expect(e.message).toBe('header.csv: has no data rows (only a header row)');
  });

  it("refuses binary garbage named .csv: 'does not look like a text/CSV file or an Excel workbook'", async () => {
    const garbage = Buffer.alloc(4096);
    let x = 12345;
    for (let i = 0; i < garbage.length; i++) garbage[i] = (x = (x * 1103515245 + 12345) >>> 0) >>> 24;
    const e = await fileError(open('scan.csv', garbage));
    expect([e.code, e.message]).toEqual([FILE_ERROR.NOT_TEXT, 'scan.csv: does not look like a text/CSV file or an Excel workbook']);
  });

  it('refuses random bytes behind a UTF-16 BOM', async () => {
    const garbage = Buffer.alloc(2048);
    for (let i = 0; i < garbage.length; i++) garbage[i] = (i * 7919 + 13) % 251;
    garbage[0] = 0xff;
    garbage[1] = 0xfe;
    expect((await fileError(open('u.csv', garbage))).code).toBe(FILE_ERROR.NOT_TEXT);
  });

  it('reads a workbook by its content whatever its name: .csv, .dat, none (docs/decisions/0119)', async () => {
    for (const name of ['counts.csv', 'BARCODES.DAT', 'SCANNED']) {
      const p = file(name, '');
      await writeXlsx(p, { sheetData: `<row r="1">${inlineCell('Barcode')}${inlineCell('Qty')}</row><row r="2">${inlineCell('0012345678905')}${inlineCell('3')}</row>` });
      const t = await openTable(p, name);
      expect(t.format, name).toBe('xlsx');
      expect(await allRows(t)).toEqual([{ line: 2, cells: ['0012345678905', '3'] }]);
    }
  });

  it('reads text by its content whatever its name: .txt, .dat, .tsv, .xlsx, none', async () => {
    for (const name of ['SCANNED.TXT', 'BARCODES.DAT', 'counts.tsv', 'counts.xlsx', 'SCANNED']) {
      const t = await open(name, 'Barcode\tQty\n0012345678905\t2\n');
      expect([t.format, t.delimiter, t.headers], name).toEqual(['csv', '\t', ['Barcode', 'Qty']]);
      expect(await allRows(t)).toEqual([{ line: 2, cells: ['0012345678905', '2'] }]);
    }
  });

  it('refuses binary that is neither text nor a workbook, naming what it looked for', async () => {
    const e = await fileError(open('photo.dat', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x00, 0x0d, 0xff, 0x00, 0x13])));
    expect(e.code).toBe(FILE_ERROR.NOT_TEXT);
    expect(e.message).toBe('photo.dat: does not look like a text/CSV file or an Excel workbook');
    const bin = await fileError(open('bin.xlsx', Buffer.from([0x00, 0x01, 0x02, 0xff, 0x00, 0x13])));
    expect([bin.code, bin.message]).toEqual([FILE_ERROR.INVALID_EXCEL, 'bin.xlsx: is not a valid Excel file']);
  });

  it('refuses a truncated zip, whatever its name', async () => {
    for (const name of ['cut.xlsx', 'cut.csv']) {
      const e = await fileError(open(name, Buffer.from('PK\x03\x04\x14\x00\x00\x00\x08\x00garbage', 'latin1')));
      expect(e.code, name).toBe(FILE_ERROR.INVALID_EXCEL);
    }
  });

  it('refuses a file over maxBytes with 413', async () => {
    const e = await fileError(open('big.csv', 'scan\n123\n', { maxBytes: 4 }));
    expect([e.code, e.status]).toEqual([FILE_ERROR.TOO_LARGE, 413]);
  });
});

describe('previewTable', () => {
  it('shows headers, the first rows padded to the headers, the row count and the choices made', async () => {
    const p = file('p.csv', 'Barcode;Qty;Note\n111;1\n222;2;x\n\n333;3;y\n');
    expect(await previewTable(p, 'p.csv', { rows: 2 })).toEqual({
      headers: ['Barcode', 'Qty', 'Note'],
      rows: [
        ['111', '1', ''],
        ['222', '2', 'x'],
      ],
      totalRows: 3,
      headerRow: true,
      format: 'csv',
      delimiter: ';',
      headerLine: 1,
      headerCandidates: [
        { line: 1, cells: ['Barcode', 'Qty', 'Note'] },
        { line: 2, cells: ['111', '1'] },
        { line: 3, cells: ['222', '2', 'x'] },
        { line: 5, cells: ['333', '3', 'y'] },
      ],
    });
  });

  it('takes the header row the user chose by its line: the rows above are skipped; a line past the first rows is refused', async () => {
    const p = file('titled.csv', 'Count of 27 November,by Ann\n\nSKU,Qty\nA-1,2\n');
    expect(await previewTable(p, 'titled.csv')).toMatchObject({ headers: ['Count of 27 November', 'by Ann'], headerLine: 1, totalRows: 2 });
    const chosen = await previewTable(p, 'titled.csv', { headerLine: 3 });
    expect(chosen).toMatchObject({ headers: ['SKU', 'Qty'], headerLine: 3, rows: [['A-1', '2']], totalRows: 1, skippedTitleRows: 1 });
    await expect(previewTable(p, 'titled.csv', { headerLine: 2 })).rejects.toMatchObject({
      code: 'HEADER_ROW_NOT_FOUND',
      message: "titled.csv: line 2 is not one of the file's first rows (lines 1, 3, 4): choose one of them as the header row",
    });
  });

  it('lets the user flip the header choice', async () => {
    const p = file('flip.csv', 'Barcode,Qty\n111,1\n');
    const flipped = await previewTable(p, 'flip.csv', { header: 'no' });
    expect(flipped).toMatchObject({ headerRow: false, headers: ['Column 1', 'Column 2'], totalRows: 2 });
  });
});

describe('openTable: fixed-width text (DESIGN.md section 6)', () => {
  it('reads a header-less handheld export as columns, first line kept as a scan', async () => {
    const t = await open('SCANS.TXT', '8720602828605      3\r\n\r\n8720602898363     12\r\n0012345678905      2-\r\n');
    expect(t).toMatchObject({ fixedWidth: true, headerRow: false, headers: ['Column 1', 'Column 2'] });
    expect(t.delimiter).toBeUndefined();
    expect(await allRows(t)).toEqual([
      { line: 1, cells: ['8720602828605', '3'] },
      { line: 3, cells: ['8720602898363', '12'] },
      { line: 4, cells: ['0012345678905', '2-'] },
    ]);
  });

  it('reads a labelled header and scan rows with negative counts', async () => {
    const t = await open('count.txt', 'Barcode   Quantity\n8720602828605      3\n8720602898363     -1\n5905817000937      4\n');
    expect(t).toMatchObject({ fixedWidth: true, headerRow: true, headers: ['Barcode', 'Quantity'] });
    const scans = [];
    for await (const row of readScanRows(t, { scanColumn: 'Barcode', quantityColumn: 'Quantity' })) scans.push(row);
    expect(scans).toEqual([
      { line: 2, value: '8720602828605', quantity: 3 },
      { line: 3, value: '8720602898363', quantity: -1 },
      { line: 4, value: '5905817000937', quantity: 4 },
    ]);
  });

  it('streams a large file across chunk boundaries with CRLF and UTF-16', async () => {
    const lines = Array.from({ length: 9000 }, (_, i) => `${String(i).padStart(13, '0')}   ${String(i % 50).padStart(4)}`);
    const text = `${lines.join('\r\n')}\r\n`;
    for (const [name, content] of [
      ['big.txt', text],
      ['big16.txt', utf16(text, 'le')],
    ] as const) {
      const rows = await allRows(await open(name, content));
      expect(rows).toHaveLength(9000);
      expect(rows[8999]).toEqual({ line: 9000, cells: ['0000000008999', '49'] });
      expect(rows.every((r, i) => r.line === i + 1 && r.cells[0] === String(i).padStart(13, '0'))).toBe(true);
    }
  });

  it('leaves one-column files with spaces inside values as one column', async () => {
    const names = await open('names.txt', 'Red shoe\nBig box\nTan hat\n', { header: 'no' });
    expect(names.fixedWidth).toBeUndefined();
    expect(await allRows(names)).toEqual([
      { line: 1, cells: ['Red shoe'] },
      { line: 2, cells: ['Big box'] },
      { line: 3, cells: ['Tan hat'] },
    ]);
    const grouped = await open('grouped.txt', '0 12345 67890 5\n0 12345 67891 2\n');
    expect(grouped.fixedWidth).toBeUndefined();
    expect((await allRows(grouped)).map((r) => r.cells)).toEqual([['0 12345 67890 5'], ['0 12345 67891 2']]);
  });

  it('keeps delimited files delimited even when their values are padded', async () => {
    const t = await open('padded.csv', 'Barcode      ,Qty\n8720602828605,  3\n8720602898363, 12\n');
    expect(t.fixedWidth).toBeUndefined();
    expect(t.delimiter).toBe(',');
    expect(t.headers).toEqual(['Barcode', 'Qty']);
  });

  it('preview says the file was read as fixed width', async () => {
    const p = file('fw.txt', 'SKU       Qty\nA1554244    3\nA1505151   10\n');
    expect(await previewTable(p, 'fw.txt')).toEqual({
      headers: ['SKU', 'Qty'],
      rows: [
        ['A1554244', '3'],
        ['A1505151', '10'],
      ],
      totalRows: 2,
      headerRow: true,
      format: 'csv',
      fixedWidth: true,
      headerLine: 1,
      headerCandidates: [
        { line: 1, cells: ['SKU', 'Qty'] },
        { line: 2, cells: ['A1554244', '3'] },
        { line: 3, cells: ['A1505151', '10'] },
      ],
    });
  });
});
