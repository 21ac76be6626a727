/**
 * `npm run bench:count-sheet`: the count sheet of a BENCH_PRODUCTS (5,000)-product scope (issue
 * budget: <= 5 s), in-process (writeCountSheetPdf: layout, bars from bwip-js, pdf-lib), half the
 * products with an EAN-13 and half printed as Code 128 of their SKU, over 40 locations.
 * BENCH_RUNS (5) runs; prints median and spread (min-max) with the load average, then one JSON line.
 */
import os from 'node:os';
import { gs1CheckDigit } from '../src/domain/gtin.js';
import { writeCountSheetPdf, type SheetProduct } from '../src/server/features/counts/count-sheet-pdf.js';
import { spread } from './support/stats.js';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 5000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

const products: SheetProduct[] = Array.from({ length: PRODUCTS }, (_, i) => {
  const body = `590123${String(i).padStart(6, '0')}`;
  return {
    sku: `SKU-${String(i).padStart(5, '0')}`,
    name: `Product number ${i} with a longer descriptive name`,
    upc: i % 2 === 0 ? `${body}${gs1CheckDigit(body)}` : null,
    location: `Aisle ${String(i % 40).padStart(2, '0')}`,
    expectedQuantity: i % 17,
  };
});

const times: number[] = [];
let bytes = 0;
for (let run = 0; run < RUNS; run++) {
  const started = performance.now();
  bytes = (await writeCountSheetPdf(products, { auditName: 'Bench', withExpected: true })).length;
  times.push(performance.now() - started);
}
const s = spread(times);
const load = os.loadavg().map((l) => Number(l.toFixed(2)));
console.log(`count sheet of ${PRODUCTS} products: ${s.median.toFixed(0)} ms (${s.min.toFixed(0)}-${s.max.toFixed(0)}), ${(bytes / 1e6).toFixed(2)} MB; load ${load.join(' ')}`);
console.log(JSON.stringify({ bench: 'count-sheet', products: PRODUCTS, runs: RUNS, budgetMs: 5000, ms: s, bytes, load }));
