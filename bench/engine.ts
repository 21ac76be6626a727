/**
 * `npm run bench:engine`: readers + engine on a generated 100,000-product catalogue and
 * 1,000,000 scan rows (seeded), in-process, against the same reconciliation as SQL in DuckDB on
 * the same files in the same run, DuckDB building the same result lines (DESIGN.md section 7:
 * <= 1.0 s and <= 1.5x DuckDB). Prints medians, spreads, the ratio and the load average; the
 * last line is one JSON object.
 * Options (env): BENCH_PRODUCTS (100000), BENCH_SCAN_ROWS (1000000), BENCH_RUNS (5; median and spread printed),
 * BENCH_DIR (keep the generated files there).
 */
import { mkdtempSync, rmSync, writeFileSync, createWriteStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { DuckDBInstance } from '@duckdb/node-api';
import { createReconciler, type CatalogueProduct } from '../src/domain/reconcile.js';
import { gs1CheckDigit } from '../src/domain/gtin.js';
import { openTable, readScanColumns } from '../src/server/files/index.js';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const SCAN_ROWS = Number(process.env.BENCH_SCAN_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

/** mulberry32: a small seeded generator so every run reads the same files. */
function rng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function upcOf(i: number): string {
  const body = `0${String(400000000 + i).padStart(10, '0')}`;
  return body + String(gs1CheckDigit(body));
}

async function generate(dir: string): Promise<{ catalogueFile: string; scanFile: string }> {
  const random = rng(42);
  const catalogueFile = path.join(dir, 'catalogue.csv');
  const lines = ['SKU,UPC,Product Name,Category,Location,Quantity,Cost Price'];
  for (let i = 0; i < PRODUCTS; i += 1) {
    lines.push(`SKU-${String(i).padStart(6, '0')},${upcOf(i)},Product ${i},Cat ${i % 40},L-${i % 90},${Math.floor(random() * 60)},${(random() * 90 + 1).toFixed(2)}`);
  }
  writeFileSync(catalogueFile, lines.join('\n') + '\n');

  const scanFile = path.join(dir, 'scans.csv');
  const out = createWriteStream(scanFile);
  out.write('Barcode,Qty\n');
  let chunk = '';
  for (let r = 0; r < SCAN_ROWS; r += 1) {
    const i = Math.floor(random() * PRODUCTS * 0.95);
    const kind = random();
    let value: string;
    if (kind < 0.02) value = `99${String(Math.floor(random() * 1e10)).padStart(10, '0')}`; // unknown barcode
    else if (kind < 0.5) value = upcOf(i);
    else if (kind < 0.6) value = upcOf(i).slice(1); // leading zero dropped by a spreadsheet
    else if (kind < 0.9) value = `SKU-${String(i).padStart(6, '0')}`;
    else value = ` sku-${String(i).padStart(6, '0')} `;
    chunk += `${value},${1 + Math.floor(random() * 4)}\n`;
    if (chunk.length > 1 << 16) {
      if (!out.write(chunk)) await new Promise<void>((res) => out.once('drain', () => res()));
      chunk = '';
    }
  }
  out.end(chunk);
  await finished(out);
  return { catalogueFile, scanFile };
}

async function readCatalogue(file: string): Promise<CatalogueProduct[]> {
  const table = await openTable(file, 'catalogue.csv', { header: 'yes' });
  const products: CatalogueProduct[] = [];
  for await (const batch of table.batches()) {
    for (const { cells } of batch) products.push({
      id: cells[0]!,
      sku: cells[0]!,
      upc: cells[1] || null,
      otherIdentifier: null,
      name: cells[2] || null,
      category: cells[3] || null,
      location: cells[4] || null,
      expectedQuantity: Number(cells[5]),
      costPrice: cells[6] || null,
      inScope: true,
    });
  }
  return products;
}

async function runEngine(files: { catalogueFile: string; scanFile: string }) {
  const started = performance.now();
  const catalogue = await readCatalogue(files.catalogueFile);
  const reconciler = createReconciler({
    auditType: 'cycle-count',
    mode: 'standard',
    catalogue,
    files: [{ fileName: 'scans.csv', teamName: 'Team 1', scannerId: null }],
  });
  const table = await openTable(files.scanFile, 'scans.csv', { header: 'auto' });
  for await (const batch of readScanColumns(table, { scanColumn: 'Barcode', quantityColumn: 'Qty' })) {
    const { values, quantities } = batch;
    for (let i = 0; i < batch.count; i++) reconciler.add(0, values[i]!, quantities[i]!);
  }
  const result = reconciler.finish();
  return { seconds: (performance.now() - started) / 1000, counts: result.counts, totalScanned: result.summary.totalScanned };
}

/**
 * The same reconciliation in SQL, building the same result lines: read both files, normalise,
 * match SKU (case-insensitive) then GTIN-14, sum per product, categorise every product line
 * (expected, scanned, difference, variance value, name, category, location, first scanned value)
 * and group the values that matched nothing into notFound lines; the lines are materialised in
 * a table, in the engine's order (category, then SKU). The category counts are read afterwards.
 */
async function runDuckDb(files: { catalogueFile: string; scanFile: string }) {
  const instance = await DuckDBInstance.create(':memory:');
  const db = await instance.connect();
  const started = performance.now();
  const reader = (f: string) => `read_csv('${f}', header = true, all_varchar = true)`;
  await db.run(`
    CREATE TABLE cat AS
      SELECT SKU AS sku, lower(SKU) AS sku_key, lpad(UPC, 14, '0') AS gtin, CAST(Quantity AS INTEGER) AS expected,
        "Product Name" AS name, Category AS category, Location AS location, CAST("Cost Price" AS DECIMAL(12, 2)) AS cost
      FROM ${reader(files.catalogueFile)}`);
  await db.run(`
    CREATE TABLE lines AS
    WITH s AS (
      SELECT trim(Barcode) AS v, COALESCE(CAST(NULLIF(trim(Qty), '') AS INTEGER), 1) AS q
      FROM ${reader(files.scanFile)} WHERE trim(Barcode) <> ''),
    keyed AS (
      SELECT q, lower(v) AS k, CASE WHEN regexp_full_match(v, '[0-9]{1,14}') THEN lpad(v, 14, '0') END AS g, v FROM s),
    by_sku AS (SELECT keyed.*, cat.sku AS sku1 FROM keyed LEFT JOIN cat ON cat.sku_key = keyed.k),
    matched AS (
      SELECT b.q, b.v, b.g, COALESCE(b.sku1, c2.sku) AS sku
      FROM by_sku b LEFT JOIN cat c2 ON c2.gtin = b.g),
    per_product AS (SELECT sku, SUM(q) AS scanned, any_value(v) AS first_value FROM matched WHERE sku IS NOT NULL GROUP BY sku),
    product_lines AS (
      SELECT c.sku, p.first_value AS scan_value, c.sku AS matched_sku, c.name, c.category AS actual_category, c.location,
        c.expected, COALESCE(p.scanned, 0) AS scanned, COALESCE(p.scanned, 0) - c.expected AS difference,
        c.cost, (COALESCE(p.scanned, 0) - c.expected) * c.cost AS variance_value,
        CASE
          WHEN p.scanned IS NULL THEN CASE WHEN c.expected <> 0 THEN 'zeroSheetItems' END
          WHEN p.scanned = c.expected THEN 'quantityCorrect'
          WHEN p.scanned > c.expected THEN 'quantityAbove'
          ELSE 'quantityBelow' END AS category
      FROM cat c LEFT JOIN per_product p ON p.sku = c.sku),
    not_found AS (
      SELECT any_value(v) AS scan_value, SUM(q) AS scanned FROM matched WHERE sku IS NULL GROUP BY COALESCE(g, lower(v)))
    SELECT * FROM (
      SELECT sku, scan_value, matched_sku, name, actual_category, location, expected, scanned, difference, cost, variance_value, category
      FROM product_lines WHERE category IS NOT NULL
      UNION ALL
      SELECT scan_value, scan_value, NULL, NULL, NULL, NULL, NULL, scanned, NULL, NULL, NULL, 'notFound' FROM not_found)
    ORDER BY category, sku`);
  const seconds = (performance.now() - started) / 1000;
  const reader2 = await db.runAndReadAll('SELECT category, COUNT(*) AS n FROM lines GROUP BY category ORDER BY category');
  const counts = Object.fromEntries(reader2.getRows().map(([c, n]) => [String(c), Number(n)]));
  db.closeSync();
  return { seconds, counts };
}

async function main() {
  // BENCH_DIR keeps the generated files there (for profiling); by default they go to a temp dir.
  const dir = process.env.BENCH_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'stocktally-bench-'));
  let peakRss = 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
  try {
    console.log(`Generating ${PRODUCTS} products and ${SCAN_ROWS} scan rows (seeded)...`);
    const files = await generate(dir);
    const engineRuns = [];
    const duckRuns = [];
    for (let run = 0; run < RUNS; run += 1) {
      engineRuns.push(await runEngine(files));
      duckRuns.push(await runDuckDb(files));
    }
    const stats = (runs: { seconds: number }[]) => {
      const sorted = runs.map((r) => r.seconds).sort((x, y) => x - y);
      return { median: sorted[Math.floor(sorted.length / 2)]!, min: sorted[0]!, max: sorted.at(-1)! };
    };
    const engine = stats(engineRuns);
    const duck = stats(duckRuns);
    const load = os.loadavg().map((l) => Number(l.toFixed(2)));
    console.log('engine counts:', JSON.stringify(engineRuns[0]!.counts));
    console.log('duckdb counts:', JSON.stringify(duckRuns[0]!.counts));
    console.log(`readers + engine: median ${engine.median.toFixed(3)} s, spread ${engine.min.toFixed(3)}-${engine.max.toFixed(3)} (runs: ${engineRuns.map((r) => r.seconds.toFixed(3)).join(', ')})`);
    console.log(`DuckDB lines:     median ${duck.median.toFixed(3)} s, spread ${duck.min.toFixed(3)}-${duck.max.toFixed(3)} (runs: ${duckRuns.map((r) => r.seconds.toFixed(3)).join(', ')})`);
    console.log(`ratio ${(engine.median / duck.median).toFixed(2)}x; budget <= 1.0 s and <= 1.5x; load average ${load.join(' ')}`);
    clearInterval(sampler);
    console.log(
      JSON.stringify({
        bench: 'engine',
        products: PRODUCTS,
        scanRows: SCAN_ROWS,
        runs: RUNS,
        seconds: Number(engine.median.toFixed(3)),
        secondsSpread: [Number(engine.min.toFixed(3)), Number(engine.max.toFixed(3))],
        referenceSeconds: Number(duck.median.toFixed(3)),
        referenceSpread: [Number(duck.min.toFixed(3)), Number(duck.max.toFixed(3))],
        ratio: Number((engine.median / duck.median).toFixed(3)),
        peakRssMB: Math.round(peakRss / 1024 / 1024),
        loadAverage: load,
      }),
    );
  } finally {
    clearInterval(sampler);
    if (!process.env.BENCH_DIR) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
