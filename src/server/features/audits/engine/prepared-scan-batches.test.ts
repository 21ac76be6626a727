/**
 * The scan reading thread (prepared-scan-batches.ts) against the readers and `addColumns` in one
 * thread: the same results byte for byte, the same errors, a read left early or replaced.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReconciler, type CatalogueProduct } from '../../../../domain/reconcile.js';
import { gs1CheckDigit } from '../../../../domain/gtin.js';
import { readScanColumns } from '../../../files/index.js';
import { BATCHES_AHEAD, ScanPreparer, ScanReadingThread, type ScanFileToPrepare } from './prepared-scan-batches.js';
import { openScanTable } from './scan-table.js';

const gtin13 = (body: string) => body + String(gs1CheckDigit(body));
const PRODUCTS = 500;
const catalogue: CatalogueProduct[] = Array.from({ length: PRODUCTS }, (_, i) => ({
  id: `p${i}`,
  sku: `SKU-${i}`,
  upc: gtin13(String(400638000000 + i)),
  otherIdentifier: null,
  name: `Product ${i}`,
  category: null,
  location: null,
  expectedQuantity: i % 7,
  costPrice: null,
  inScope: i % 11 !== 0,
}));

/** Row `i` of the generated scan file: every way a scanner or a spreadsheet writes a value. */
function scanLine(i: number): string {
  const upc = gtin13(String(400638000000 + (i % (PRODUCTS + 20))));
  switch (i % 12) {
    case 0:
      return `${upc},${(i % 5) + 1}`;
    case 1:
      return `sku-${i % PRODUCTS},2`;
    case 2:
      return `(01)0${upc}(10)LOT${i % 3}(17)27123${i % 10},1`;
    case 3:
      return `]d2010${upc}\u001d21S${i % 400},1`;
    case 4:
      return `https://example.com/01/0${upc}/21/S${i % 400},`;
    case 5:
      return `"${upc.slice(0, 1)} ${upc.slice(1, 6)} ${upc.slice(6, 11)} ${upc.slice(11)}",1.5`;
    case 6:
      return `"two\nlines ${i % 9}",1`;
    case 7:
      return `Cafe\u0301 ${i % 5},1`;
    case 8:
      return `(02)1${upc}(37)24,1`;
    case 9:
      return ` ,3`;
    case 10:
      return `="${upc}",1`;
    default:
      return `(01)0${upc.slice(0, 12)}0(10)BAD,1`;
  }
}

let dir = '';
const thread = new ScanReadingThread();
let preparer: ScanPreparer;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'stocktally-prepared-'));
  await thread.start();
  preparer = new ScanPreparer(thread.connect());
});

afterAll(async () => {
  preparer.close();
  await thread.close();
  rmSync(dir, { recursive: true, force: true });
});

function writeScans(name: string, header: string, lines: string[]): ScanFileToPrepare {
  const file = path.join(dir, name);
  writeFileSync(file, [header, ...lines].join('\r\n') + '\r\n');
  return { path: file, fileName: name, scanColumn: 'Barcode', quantityColumn: 'Qty', hasHeader: 'auto' };
}

const newReconciler = (files: number) =>
  createReconciler({ auditType: 'cycle-count', mode: 'cross-validation', catalogue, files: Array.from({ length: files }, (_, f) => ({ fileName: `f${f}.csv`, teamName: `Team ${f}`, scannerId: null })) });

/** Results of the files read in this thread with `addColumns`, as the CLI reads them. */
async function inline(files: ScanFileToPrepare[]): Promise<string> {
  const r = newReconciler(files.length);
  for (const [f, file] of files.entries()) {
    const table = await openScanTable(file, file);
    for await (const batch of readScanColumns(table, file)) r.addColumns(f, batch.values, batch.quantities, batch.count, batch.lines, batch);
  }
  return JSON.stringify(r.finish());
}

/** The same files read and prepared in the scan reading thread, counted with `addPrepared`. */
async function prepared(files: ScanFileToPrepare[]): Promise<{ results: string; batches: number }> {
  const r = newReconciler(files.length);
  let batches = 0;
  for (const [f, file] of files.entries()) {
    for await (const batch of preparer.read(file)) {
      r.addPrepared(f, batch);
      batches++;
    }
  }
  return { results: JSON.stringify(r.finish()), batches };
}

describe('ScanPreparer', () => {
  it('gives the results of the readers and addColumns, byte for byte, over many more batches than it reads ahead', async () => {
    // About 13 MB: some 200 chunks of 64 KB, so the thread waits for batches to be taken.
    const big = writeScans('big.csv', 'Barcode,Qty', Array.from({ length: 360_000 }, (_, i) => scanLine(i)));
    const small = writeScans('small.csv', 'Qty,Barcode', Array.from({ length: 300 }, (_, i) => scanLine(i * 7).split(',').reverse().join(',')));
    const expected = await inline([big, small]);
    const got = await prepared([big, small]);
    expect(got.batches).toBeGreaterThan(BATCHES_AHEAD);
    expect(got.results).toBe(expected);
    const results = JSON.parse(got.results);
    // The file holds what it should: GS1 reads with their details, repeated serials, measured goods.
    expect(results.repeatedReads.length).toBeGreaterThan(0);
    expect(results.categories.notFound.some((line: { reason: string }) => line.reason.startsWith('gs1: '))).toBe(true);
    expect(results.summary.totalScanned % 1).not.toBe(0);
  });

  it('answers the readers\' errors with their code and message, as reading in this thread does', async () => {
    const noColumn = { ...writeScans('no-column.csv', 'Barcode,Count', ['SKU-1,1']), quantityColumn: 'Qty' };
    await expect(prepared([noColumn])).rejects.toMatchObject({ code: 'UNKNOWN_COLUMN', message: 'no-column.csv: there is no column "Qty". Columns: Barcode, Count' });
    const badQuantity = writeScans('bad-quantity.csv', 'Barcode,Qty', ['SKU-1,1', 'SKU-2,2', 'SKU-3,abc', 'SKU-4,1']);
    const thisThread = await inline([badQuantity]).catch((err: Error) => err);
    expect(thisThread).toBeInstanceOf(Error);
    await expect(prepared([badQuantity])).rejects.toMatchObject({ code: 'BAD_QUANTITY', message: (thisThread as Error).message });
    expect((thisThread as Error).message).toMatch(/^bad-quantity\.csv line 4: quantity "abc"/);
  });

  it('reads the next file after a read left early, and after a read replaced by another', async () => {
    const file = writeScans('again.csv', 'Barcode,Qty', Array.from({ length: 60_000 }, (_, i) => scanLine(i)));
    for await (const batch of preparer.read(file)) {
      expect(batch.count).toBeGreaterThan(0);
      break;
    }
    const replaced = preparer.read(file);
    const expected = await inline([file]);
    expect((await prepared([file])).results).toBe(expected);
    // The replaced read answers nothing more.
    const left: number[] = [];
    for await (const batch of replaced) left.push(batch.count);
    expect(left).toEqual([]);
  });

  it('serves two jobs side by side, each on its own port; a job that closes its port mid-read leaves the others reading', async () => {
    const one = writeScans('one.csv', 'Barcode,Qty', Array.from({ length: 40_000 }, (_, i) => scanLine(i)));
    const two = writeScans('two.csv', 'Barcode,Qty', Array.from({ length: 40_000 }, (_, i) => scanLine(i + 5)));
    const other = new ScanPreparer(thread.connect());
    const left = new ScanPreparer(thread.connect());
    for await (const batch of left.read(one)) {
      expect(batch.count).toBeGreaterThan(0);
      left.close();
    }
    const [a, b] = [newReconciler(1), newReconciler(1)];
    const reads = [preparer.read(one)[Symbol.asyncIterator](), other.read(two)[Symbol.asyncIterator]()];
    // Taken in turns, one batch from each.
    for (let done = [false, false]; !done[0] || !done[1]; ) {
      for (const k of [0, 1]) {
        if (done[k]) continue;
        const next = await reads[k]!.next();
        if (next.done) done[k] = true;
        else (k === 0 ? a : b).addPrepared(0, next.value);
      }
    }
    other.close();
    expect(JSON.stringify(a.finish())).toBe(await inline([one]));
    expect(JSON.stringify(b.finish())).toBe(await inline([two]));
  });

  it('fails a read with FILE_TOO_COMPLEX when the thread stops under it (as past its heap cap), and starts again for the next job', async () => {
    const own = new ScanReadingThread();
    await own.start();
    const job = new ScanPreparer(own.connect());
    const file = writeScans('stopped.csv', 'Barcode,Qty', Array.from({ length: 200_000 }, (_, i) => scanLine(i)));
    const read = (async () => {
      for await (const batch of job.read(file)) {
        expect(batch.count).toBeGreaterThan(0);
        await own.close();
      }
    })();
    await expect(read).rejects.toMatchObject({ code: 'FILE_TOO_COMPLEX', status: 422 });
    const next = new ScanPreparer(own.connect());
    const r = newReconciler(1);
    for await (const batch of next.read(file)) r.addPrepared(0, batch);
    next.close();
    await own.close();
    expect(JSON.stringify(r.finish())).toBe(await inline([file]));
  });
});
