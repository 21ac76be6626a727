import { mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileError } from '../errors.js';
import { FILE_ERROR } from './file-error-codes.js';
import { openTable } from './open-table.js';
import { readScanRowBatches, readScanRows, type ScanRow } from './read-scan-rows.js';
import type { Table } from './table.js';

const dir = mkdtempSync(path.join(tmpdir(), 'stocktally-scan-rows-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

async function table(name: string, content: string): Promise<Table> {
  const p = path.join(dir, name);
  writeFileSync(p, content);
  return openTable(p, name);
}

async function collect(rows: AsyncIterable<ScanRow>): Promise<ScanRow[]> {
  const out: ScanRow[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

function caught(fn: () => unknown): FileError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(FileError);
    return e as FileError;
  }
  throw new Error('expected a FileError');
}

async function caughtAsync(promise: Promise<unknown>): Promise<FileError> {
  try {
    await promise;
  } catch (e) {
    expect(e).toBeInstanceOf(FileError);
    return e as FileError;
  }
  throw new Error('expected a FileError');
}

describe('readScanRows', () => {
  it('yields value and quantity with the physical line; blank quantity counts 1; blank scans are skipped', async () => {
    const t = await table('a.csv', 'Barcode;Qty\n" 0012345678905 ";3\n\n4006381333931;\n   ;abc\n;7\nsku-1; -2 \n');
    expect(await collect(readScanRows(t, { scanColumn: 'Barcode', quantityColumn: 'Qty' }))).toEqual([
      { line: 2, value: ' 0012345678905 ', quantity: 3 },
      { line: 4, value: '4006381333931', quantity: 1 },
      { line: 7, value: 'sku-1', quantity: -2 },
    ]);
  });

  it("skips the count sheet CSV's rows whose count is blank; a bad count still stops the read", async () => {
    const t = await table('sheet.csv', 'Location,SKU,Count (blank: not counted)\nA-01,BOLT-10,\nA-01,CABLE-3,2.5\nA-02,NUT-10,  \nA-02,PIN-1,0\n');
    expect(await collect(readScanRows(t, { scanColumn: 'SKU', quantityColumn: 'count (blank: not counted)' }))).toEqual([
      { line: 3, value: 'CABLE-3', quantity: 2.5 },
      { line: 5, value: 'PIN-1', quantity: 0 },
    ]);
    const bad = await table('sheet2.csv', 'SKU,Count (blank: not counted)\nBOLT-10,\nCABLE-3,x\n');
    expect((await caughtAsync(collect(readScanRows(bad, { scanColumn: 'SKU', quantityColumn: 'Count (blank: not counted)' })))).code).toBe(FILE_ERROR.BAD_QUANTITY);
  });

  it('counts every row 1 without a quantity column', async () => {
    const t = await table('b.csv', 'scan\n111\n111\n');
    for (const quantityColumn of [undefined, null, '']) {
      expect((await collect(readScanRows(t, { scanColumn: 'scan', quantityColumn }))).map((r) => r.quantity)).toEqual([1, 1]);
    }
  });

  it('stops at a bad quantity naming file, line and value', async () => {
    const rows = Array.from({ length: 12 }, (_, i) => `${1000 + i};${i + 1}`);
    const t = await table('team2.csv', ['EAN;Menge', ...rows, 'X1;abc', 'X2;1'].join('\n'));
    const e = await caughtAsync(collect(readScanRows(t, { scanColumn: 'EAN', quantityColumn: 'Menge' })));
    expect(e.code).toBe(FILE_ERROR.BAD_QUANTITY);
    expect(e.message).toBe('team2.csv line 14: quantity "abc" is not a number');
    expect(e.line).toBe(14);
  });

  it("names Shopify's 'Not stocked', a comma and a fourth decimal in the error", async () => {
    const shopify = await table('shopify.csv', 'SKU,Available\nA-1,Not stocked\n');
    expect((await caughtAsync(collect(readScanRows(shopify, { scanColumn: 'SKU', quantityColumn: 'Available' })))).message).toBe(
      'shopify.csv line 2: quantity "Not stocked" is not a number',
    );
    const comma = await table('k.csv', 'SKU;Menge\nA-1;1.000\nA-2;2,5\n');
    expect((await caughtAsync(collect(readScanRows(comma, { scanColumn: 'SKU', quantityColumn: 'Menge' })))).message).toMatch(
      /^k\.csv line 3: quantity "2,5" has a comma/,
    );
    const places = await table('p.csv', 'SKU,Qty\nA-1,2.5\nA-1,843.00000\nA-2,0.0005\n');
    expect((await caughtAsync(collect(readScanRows(places, { scanColumn: 'SKU', quantityColumn: 'Qty' })))).message).toBe(
      'p.csv line 4: quantity "0.0005" has more than 3 decimal places',
    );
  });

  it('reads decimal quantities of at most 3 places', async () => {
    const t = await table('kg.csv', 'SKU,Qty\nRICE,2.5\nCABLE,843.00000\nRICE,0.250\nRICE,1.000\n');
    expect((await collect(readScanRows(t, { scanColumn: 'SKU', quantityColumn: 'Qty' }))).map((r) => r.quantity)).toEqual([2.5, 843, 0.25, 1]);
  });

  it('refuses an unknown column at once, listing the available ones', async () => {
    const t = await table('c.csv', 'Barcode,Qty\n1,2\n');
    const e = caught(() => readScanRows(t, { scanColumn: 'EAN', quantityColumn: 'Qty' }));
    expect(e.code).toBe(FILE_ERROR.UNKNOWN_COLUMN);
    expect(e.message).toBe('c.csv: there is no column "EAN". Columns: "Barcode", "Qty"');
    expect(caught(() => readScanRows(t, { scanColumn: 'Barcode', quantityColumn: 'Menge' })).code).toBe(FILE_ERROR.UNKNOWN_COLUMN);
  });

  it('refuses a missing scan column and the same column twice', async () => {
    const t = await table('d.csv', 'Barcode,Qty\n1,2\n');
    expect(caught(() => readScanRows(t, { scanColumn: ' ' })).code).toBe(FILE_ERROR.MISSING_SCAN_COLUMN);
    expect(caught(() => readScanRows(t, { scanColumn: 'Qty', quantityColumn: 'Qty' })).code).toBe(FILE_ERROR.SAME_COLUMN);
  });

  it('matches a column name case- and space-insensitively when unambiguous', async () => {
    const t = await table('e.csv', 'Barcode,Qty\n1,2\n');
    expect(await collect(readScanRows(t, { scanColumn: ' barcode', quantityColumn: 'QTY' }))).toEqual([{ line: 2, value: '1', quantity: 2 }]);
  });

  it('treats a missing cell in a short row as blank', async () => {
    const t = await table('f.csv', 'Barcode,Qty\n111\n222,5\n');
    expect(await collect(readScanRows(t, { scanColumn: 'Barcode', quantityColumn: 'Qty' }))).toEqual([
      { line: 2, value: '111', quantity: 1 },
      { line: 3, value: '222', quantity: 5 },
    ]);
  });

  it('gives the same rows in batches', async () => {
    const t = await table('g.csv', 'Barcode,Qty\n1,1\n2,2\n');
    const flat: ScanRow[] = [];
    for await (const batch of readScanRowBatches(t, { scanColumn: 'Barcode', quantityColumn: 'Qty' })) flat.push(...batch);
    expect(flat).toEqual(await collect(readScanRows(t, { scanColumn: 'Barcode', quantityColumn: 'Qty' })));
  });
});
