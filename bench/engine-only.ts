/**
 * `npx tsx bench/engine-only.ts`: the pure engine alone (no file reading) on a seeded
 * 100,000-product catalogue and 1,000,000 scan rows, to check src/domain/reconcile.ts against its
 * share of the DESIGN.md section 7 budget. `bench/engine.ts` measures readers + engine against
 * DuckDB; this one isolates the engine.
 *
 * Scan values are made fresh per row (split from one big text, as a reader hands them over) so
 * that string hashing is paid as in real use. Mix: UPC-A, UPC-A without its zero, EAN-13 and
 * GTIN-14 forms, SKUs in any case with padding, apostrophe codes, vendor codes, 2 % unknown codes,
 * 0.1 % scientific-notation codes, and a few blank rows.
 *
 * Run with `npx tsx --expose-gc bench/engine-only.ts` to collect the generator's garbage
 * before each timed run.
 * Options (env): BENCH_PRODUCTS (100000), BENCH_SCAN_ROWS (1000000), BENCH_RUNS (5, best taken).
 * Prints the figures; the last line is one JSON object.
 */
import os from 'node:os';
import { gs1CheckDigit } from '../src/domain/gtin.js';
import { createReconciler, type CatalogueProduct, type ReconcileOptions } from '../src/domain/reconcile.js';
import { seededRandom } from '../src/domain/test-support/seeded-random.js';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const SCAN_ROWS = Number(process.env.BENCH_SCAN_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

const skuOf = (i: number) => `SKU-${String(i).padStart(6, '0')}`;
function upcOf(i: number): string {
  const body = `0${String(300000000 + i * 7).padStart(10, '0')}`;
  return body + String(gs1CheckDigit(body));
}

function makeCatalogue(random: () => number): CatalogueProduct[] {
  const catalogue: CatalogueProduct[] = [];
  for (let i = 0; i < PRODUCTS; i++) {
    catalogue.push({
      id: `p${i}`,
      sku: skuOf(i),
      upc: i % 10 === 9 ? null : upcOf(i),
      otherIdentifier: i % 5 === 0 ? `VN${100000 + i}` : null,
      name: `Product ${i}`,
      category: `Cat ${i % 40}`,
      location: `L-${i % 90}`,
      expectedQuantity: Math.floor(random() * 60),
      costPrice: (random() * 90 + 1).toFixed(2),
      inScope: true,
    });
  }
  return catalogue;
}

/** Scan rows as fresh strings (values and quantities), split over `nFiles` files. */
function makeScans(random: () => number, nFiles: number): { values: string[]; quantities: Int32Array; file: Uint8Array } {
  const parts: string[] = [];
  const quantities = new Int32Array(SCAN_ROWS);
  const file = new Uint8Array(SCAN_ROWS);
  for (let r = 0; r < SCAN_ROWS; r++) {
    const i = Math.floor(random() * PRODUCTS * 0.97);
    const kind = random();
    let value: string;
    if (kind < 0.02) value = `99${String(Math.floor(random() * 1e10)).padStart(10, '0')}`;
    else if (kind < 0.021) value = `${1 + Math.floor(random() * 9)}.${Math.floor(random() * 1e5)}E+11`;
    else if (kind < 0.022) value = '';
    else if (i % 10 === 9 || kind < 0.3) value = kind < 0.25 ? skuOf(i) : ` ${skuOf(i).toLowerCase()} `;
    else if (kind < 0.6) value = upcOf(i);
    else if (kind < 0.7) value = upcOf(i).slice(1);
    else if (kind < 0.8) value = `0${upcOf(i)}`;
    else if (kind < 0.85) value = `00${upcOf(i)}`;
    else if (kind < 0.9) value = `'${upcOf(i)}`;
    else if (kind < 0.95 && i % 5 === 0) value = `VN${100000 + i}`;
    else value = skuOf(i);
    parts.push(value);
    quantities[r] = 1 + Math.floor(random() * 4);
    file[r] = Math.floor((r / SCAN_ROWS) * nFiles);
  }
  return { values: parts.join('\n').split('\n'), quantities, file };
}

/** CPU time of this process in ms (user + system): less disturbed than wall time on a busy machine. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

function runOnce(opts: ReconcileOptions, scans: ReturnType<typeof makeScans>) {
  const cpuStarted = cpuMs();
  const started = performance.now();
  const reconciler = createReconciler(opts);
  const built = performance.now();
  const { values, quantities, file } = scans;
  for (let r = 0; r < values.length; r++) reconciler.add(file[r]!, values[r]!, quantities[r]!);
  const added = performance.now();
  const result = reconciler.finish();
  const done = performance.now();
  const cpu = cpuMs() - cpuStarted;
  return {
    cpuMs: cpu,
    indexMs: built - started,
    addMs: added - built,
    finishMs: done - added,
    totalMs: done - started,
    counts: result.counts,
    totalScanned: result.summary.totalScanned,
    matchRate: result.summary.matchRate,
  };
}

function bench(label: string, nFiles: number, mode: 'standard' | 'cross-validation') {
  const random = seededRandom(42);
  const catalogue = makeCatalogue(random);
  const files = Array.from({ length: nFiles }, (_, i) => ({ fileName: `team${i + 1}.csv`, teamName: `Team ${i + 1}`, scannerId: null }));
  let best: ReturnType<typeof runOnce> | null = null;
  for (let run = 0; run < RUNS; run++) {
    // fresh strings each run, as a new upload would bring
    const scans = makeScans(seededRandom(7), nFiles);
    // Start each run with a clean heap when allowed (`npx tsx --expose-gc bench/engine-only.ts`),
    // so that the generator's garbage is not collected on the engine's clock.
    (globalThis as { gc?: () => void }).gc?.();
    const figures = runOnce({ auditType: 'cycle-count', mode, catalogue, files }, scans);
    if (best === null || figures.totalMs < best.totalMs) best = figures;
  }
  const b = best!;
  console.log(
    `${label}: ${b.totalMs.toFixed(0)} ms wall, ${b.cpuMs.toFixed(0)} ms CPU (index ${b.indexMs.toFixed(0)}, rows ${b.addMs.toFixed(0)}, results ${b.finishMs.toFixed(0)}); ` +
      `${b.totalScanned} units, match rate ${(b.matchRate * 100).toFixed(2)} %, counts ${JSON.stringify(b.counts)}`,
  );
  return b;
}

console.log(
  `engine only: ${PRODUCTS} products x ${SCAN_ROWS} scan rows, best of ${RUNS} (node ${process.version}, ` +
    `load average ${os.loadavg()[0]!.toFixed(2)} on ${os.cpus().length} CPUs)`,
);
const standard = bench('standard, 1 file', 1, 'standard');
const cross = bench('cross-validation, 4 files', 4, 'cross-validation');
console.log(
  JSON.stringify({
    bench: 'engine-only',
    products: PRODUCTS,
    scanRows: SCAN_ROWS,
    standardMs: Math.round(standard.totalMs),
    standardCpuMs: Math.round(standard.cpuMs),
    standardRowsMs: Math.round(standard.addMs),
    standardFinishMs: Math.round(standard.finishMs),
    crossValidationMs: Math.round(cross.totalMs),
    crossValidationCpuMs: Math.round(cross.cpuMs),
    loadAverage: Number(os.loadavg()[0]!.toFixed(2)),
  }),
);
