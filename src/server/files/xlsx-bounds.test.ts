/**
 * The .xlsx reader within its bounds (docs/decisions/0050): sizes counted while inflating, a
 * lying-size archive stopped at what it declares, an honest large part stopped at the limit,
 * shared strings bounded; rows and cells without `r` read by position; 16,384 columns read and
 * a 16,385th refused. Limits are lowered here so that the files proving each rule stay small.
 */
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { FILE_ERROR } from './file-error-codes.js';
import { openTable } from './open-table.js';
import { previewTable } from './preview-table.js';
import { configureReadLimits } from './read-limits.js';
import { columnLetters, inlineCell, writeXlsx } from './test-support/zip-writer.js';
import { allRows, fileError } from './test-support/table-helpers.js';

const dir = mkdtempSync(path.join(tmpdir(), 'stocktally-xlsx-bounds-'));
afterAll(() => rm(dir, { recursive: true, force: true }));
afterEach(() => configureReadLimits());

/** `count` shared strings of 40 characters each, in chunks. */
function* manyStrings(count: number): Generator<string> {
  let chunk = '';
  for (let i = 0; i < count; i++) {
    chunk += `<si><t>${String(i).padStart(40, 'x')}</t></si>`;
    if (chunk.length > 64 * 1024) {
      yield chunk;
      chunk = '';
    }
  }
  yield chunk;
}

const twoRows = '<row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="A2" t="s"><v>1</v></c></row>';

describe('sizes counted while inflating', () => {
  it('stops a part that holds more than its archive declares, naming the file and the part', async () => {
    const p = path.join(dir, 'lying.xlsx');
    await writeXlsx(p, { sheetData: twoRows, sharedStrings: manyStrings(50_000), sharedStringsDeclaredSize: 1000 });
    const e = await fileError(previewTable(p, 'lying.xlsx'));
    expect([e.code, e.status]).toEqual([FILE_ERROR.INVALID_EXCEL, 400]);
    expect(e.message).toBe('lying.xlsx: is not a valid Excel file (xl/sharedStrings.xml holds more data than the archive declares)');
  });

  it('stops an honest part at the configured limit', async () => {
    configureReadLimits({ maxPartBytes: 500_000 });
    const p = path.join(dir, 'honest.xlsx');
    await writeXlsx(p, { sheetData: twoRows, sharedStrings: manyStrings(50_000) });
    const e = await fileError(previewTable(p, 'honest.xlsx'));
    expect([e.code, e.status]).toEqual([FILE_ERROR.TOO_COMPLEX, 422]);
    expect(e.message).toBe('honest.xlsx: holds too much to read (xl/sharedStrings.xml is larger than 0.5 MB unpacked): split it or save it as CSV');
  });

  it('stops a worksheet that lies about its size', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => `<row r="${i + 1}">${inlineCell(`code ${i}`)}</row>`).join('');
    const p = path.join(dir, 'lying-sheet.xlsx');
    await writeXlsx(p, { sheetData: rows, sheetDeclaredSize: 2000 });
    const e = await fileError(previewTable(p, 'lying-sheet.xlsx'));
    expect(e.message).toBe('lying-sheet.xlsx: is not a valid Excel file (xl/worksheets/sheet1.xml holds more data than the archive declares)');
  });

  it('bounds the shared strings kept, by bytes and by count', async () => {
    const p = path.join(dir, 'strings.xlsx');
    await writeXlsx(p, { sheetData: twoRows, sharedStrings: manyStrings(10_000) });
    configureReadLimits({ maxSharedStringBytes: 100_000 });
    let e = await fileError(openTable(p, 'strings.xlsx'));
    expect([e.code, e.message]).toEqual([
      FILE_ERROR.TOO_COMPLEX,
      'strings.xlsx: holds too much to read (xl/sharedStrings.xml: more than 0 MB of shared strings): split it or save it as CSV',
    ]);
    configureReadLimits({ maxSharedStringBytes: 10_000_000, maxSharedStrings: 5000 });
    e = await fileError(openTable(p, 'strings.xlsx'));
    expect(e.message).toContain('(xl/sharedStrings.xml: more than 5000 shared strings)');
    configureReadLimits();
    const t = await openTable(p, 'strings.xlsx', { header: 'no' });
    expect((await allRows(t)).map((r) => r.cells[0])).toEqual([String(0).padStart(40, 'x'), String(1).padStart(40, 'x')]);
  });

  it('bounds the text of one cell', async () => {
    configureReadLimits({ maxCellChars: 1000 });
    const p = path.join(dir, 'long-cell.xlsx');
    await writeXlsx(p, { sheetData: `<row>${inlineCell('Code')}</row><row>${inlineCell('x'.repeat(5000))}</row>` });
    const e = await fileError(previewTable(p, 'long-cell.xlsx'));
    expect([e.code, e.message]).toEqual([
      FILE_ERROR.TOO_COMPLEX,
      'long-cell.xlsx: holds too much to read (xl/worksheets/sheet1.xml: a text value is too long): split it or save it as CSV',
    ]);
  });

  it('refuses a DOCTYPE (no entity expansion)', async () => {
    const p = path.join(dir, 'doctype.xlsx');
    await writeXlsx(p, { sheetData: '', sharedStrings: '<!DOCTYPE sst [<!ENTITY a "aaaa">]><si><t>&a;</t></si>' });
    expect((await fileError(openTable(p, 'doctype.xlsx'))).code).toBe(FILE_ERROR.INVALID_EXCEL);
  });
});

describe('positions', () => {
  it('reads rows and cells without r (ECMA-376: both optional) by their order', async () => {
    const p = path.join(dir, 'no-r.xlsx');
    const sheetData = [
      `<row>${inlineCell('Item Code')}${inlineCell('Counted')}</row>`,
      `<row><c t="inlineStr"><is><t>sku1</t></is></c><c><v>3</v></c></row>`,
      '<row/>', // an empty row still takes its place
      `<row><c/><c><v>7</v></c></row>`, // a blank first cell keeps the second in column B
      `<row r="9">${inlineCell('sku9')}<c><v>1</v></c></row>`,
      `<row>${inlineCell('sku10', 'B10')}<c><v>2</v></c></row>`, // a cell r mid-row, the next cell after it
    ].join('');
    await writeXlsx(p, { sheetData });
    const t = await openTable(p, 'no-r.xlsx');
    expect(t.headers).toEqual(['Item Code', 'Counted']);
    expect(await allRows(t)).toEqual([
      { line: 2, cells: ['sku1', '3'] },
      { line: 4, cells: ['', '7'] },
      { line: 9, cells: ['sku9', '1'] },
      { line: 10, cells: ['', 'sku10', '2'] },
    ]);
  });

  it('reads namespace-prefixed elements and single-quoted attributes', async () => {
    const p = path.join(dir, 'prefixed.xlsx');
    await writeXlsx(p, {
      sheetData: `<x:row r='1'><x:c r='A1' t='inlineStr'><x:is><x:t>Code</x:t></x:is></x:c></x:row><x:row r='2'><x:c r='A2' t='inlineStr'><x:is><x:t>a&amp;b</x:t></x:is></x:c></x:row>`,
    });
    expect((await allRows(await openTable(p, 'prefixed.xlsx'))).map((r) => r.cells)).toEqual([['a&b']]);
  });

  it('reads 16,384 columns and refuses a cell beyond XFD', async () => {
    const header = `<row r="1">${Array.from({ length: 16_384 }, (_, c) => `<c r="${columnLetters(c + 1)}1"><v>${c + 1}</v></c>`).join('')}</row>`;
    const data = Array.from({ length: 20 }, (_, r) => `<row>${Array.from({ length: 16_384 }, (_, c) => `<c><v>${r * 100_000 + c}</v></c>`).join('')}</row>`).join('');
    const p = path.join(dir, 'wide.xlsx');
    await writeXlsx(p, { sheetData: header + data });
    const preview = await previewTable(p, 'wide.xlsx', { header: 'yes' });
    expect(preview.headers).toHaveLength(16_384);
    expect(preview.headers.at(-1)).toBe('16384');
    expect(preview.totalRows).toBe(20);
    expect(preview.rows[9]?.[16_383]).toBe(String(9 * 100_000 + 16_383));

    const beyond = path.join(dir, 'beyond.xlsx');
    await writeXlsx(beyond, { sheetData: `<row r="1">${inlineCell('Code')}</row><row r="2"><c r="XFE2"><v>1</v></c></row>` });
    const e = await fileError(previewTable(beyond, 'beyond.xlsx'));
    expect([e.code, e.message]).toEqual([
      FILE_ERROR.INVALID_EXCEL,
      'beyond.xlsx: is not a valid Excel file (xl/worksheets/sheet1.xml: row 2 has a cell beyond column XFD)',
    ]);
  });
});
