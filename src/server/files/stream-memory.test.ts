/**
 * Streaming, measured: a 1,000,000-row CSV read through readScanRows must not sit in memory as
 * text and as rows at once (DESIGN.md section 6). The file is ~17 MB of text; its rows held
 * together take about 100 MB of heap (measured: 103 MB; an object, an array and two strings each).
 * The live heap is sampled after a forced collection every 50,000 rows (V8's gc exposed at run
 * time), so garbage not yet collected does not blur the figure; the bound is generous all the
 * same. Timing is left to bench/readers.ts.
 */
import { createWriteStream, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, expect, it } from 'vitest';
import { openTable } from './open-table.js';
import { readScanRows } from './read-scan-rows.js';

const ROWS = 1_000_000;
const HEAP_GROWTH_BOUND_MB = 32;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const dir = mkdtempSync(path.join(tmpdir(), 'stocktally-stream-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

it(`reads ${ROWS} rows with a bounded heap`, async () => {
  const file = path.join(dir, 'million.csv');
  const out = createWriteStream(file);
  let chunk = 'Barcode,Qty\n';
  for (let i = 0; i < ROWS; i++) {
    chunk += `${String(400638133393 + i).padStart(13, '0')},${(i % 9) + 1}\n`;
    if (chunk.length > 1 << 16) {
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      chunk = '';
    }
  }
  out.end(chunk);
  await finished(out);

  gc();
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  let rows = 0;
  let units = 0;
  let lastLine = 0;
  const table = await openTable(file, 'million.csv');
  for await (const row of readScanRows(table, { scanColumn: 'Barcode', quantityColumn: 'Qty' })) {
    rows++;
    units += row.quantity;
    lastLine = row.line;
    if (rows % 50_000 === 0) {
      gc();
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }
  }
  const growthMb = (peak - base) / 1024 / 1024;

  expect(rows).toBe(ROWS);
  expect(lastLine).toBe(ROWS + 1);
  expect(units).toBe(111_111 * 45 + 1); // quantities cycle 1..9: 111,111 whole cycles and a last 1
  if (process.env.STOCKTALLY_PRINT_HEAP) console.log(`heap growth ${growthMb.toFixed(1)} MB`);
  expect(growthMb).toBeLessThan(HEAP_GROWTH_BOUND_MB);
});
