/**
 * `npm run bench:recompute`: recompute of a 1M-scan-row audit after an unknown barcode is mapped
 * (DESIGN.md sections 7 and 13; docs/decisions/0139), over HTTP to a real server process on the
 * PostgreSQL server (a fresh database), as `npm start` runs it:
 *   the whole path once (bench/support/server-figures.ts `runAudit`: 1,000,000 scan rows x
 *   100,000 products, 2% of the reads unknown codes) -> GET /api/unknown-barcodes (the list, timed)
 *   -> BENCH_RUNS times: POST /api/unknown-barcodes/map (a different unknown value to a product
 *   each time) -> GET /api/audits/{id} every 50 ms until `recomputedAt` moves and the state is
 *   null (the lines swapped, tag analytics and summary replaced).
 * Figures: median and spread of "map request to recompute stored", the server's peak RSS while it
 * runs, the list's time. Reference in the same run: the same audit processed from upload to
 * results stored (the whole path's figure), as a ratio. Prints the load average: the bench shares
 * 2 CPUs. Ends with one JSON line.
 *
 * Budget: within the whole-path budget, <= 6 s on PostgreSQL, peak RSS <= 500 MB.
 *
 * Options (env): TEST_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test: its server is used),
 * BENCH_RUNS (3), BENCH_SCAN_ROWS (1000000), BENCH_PRODUCTS (100000).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer } from '../scripts/build-server.mjs';
import { openTestDatabase } from '../src/server/test-support/databases.js';
import { startServerProcess, type ServerProcess } from '../src/server/test-support/server-process.js';
import { TestClient } from '../src/server/test-support/test-app.js';
import type { UnknownBarcodePage } from '../src/contracts/unknown-barcodes.js';
import { CATALOGUE_MAPPING, generate } from './support/scan-data.js';
import { benchServerNodeArgs, expectOk, mb, runAudit, sampleRss } from './support/server-figures.js';
import { spread } from './support/stats.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SCAN_ROWS = Number(process.env.BENCH_SCAN_ROWS ?? 1_000_000);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const BUDGET_SECONDS = 6;
const r3 = (n: number) => Number(n.toFixed(3));

/** Waits until the audit's recompute has finished after `since` (its previous `recomputedAt`); answers it. */
async function waitRecomputed(client: TestClient, id: string, since: string | null): Promise<string> {
  for (;;) {
    const audit = (await client.get(`/api/audits/${id}`)).json() as { recomputeState: string | null; recomputedAt: string | null; recomputeError: string | null };
    if (audit.recomputeError) throw new Error(`recompute failed: ${audit.recomputeError}`);
    if (audit.recomputeState === null && audit.recomputedAt !== null && audit.recomputedAt !== since) return audit.recomputedAt;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function main() {
  await buildServer();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'stocktally-bench-recompute-'));
  const database = await openTestDatabase('postgres');
  let server: ServerProcess | undefined;
  try {
    console.log(`Generating ${PRODUCTS} products and ${SCAN_ROWS} scan rows (seeded)...`);
    const files = await generate(dir, PRODUCTS, SCAN_ROWS);
    server = await startServerProcess({ DATABASE_URL: database.url!, NEW_ORGANIZATION_TIER: 'enterprise', MAX_UPLOAD_MB: '500' }, { built: true, nodeArgs: benchServerNodeArgs() });
    const pid = server.child.pid!;
    const client = new TestClient(server.url);
    await client.signUp();
    expectOk(await client.upload('/api/products/import', [{ field: 'file', path: files.catalogueFile, fileName: 'catalogue.csv' }], { columnMapping: JSON.stringify(CATALOGUE_MAPPING) }), 'catalogue import');

    const processed = await runAudit(client, files.scanFile, 0);
    console.log(`  processed (reference): upload -> stored ${processed.uploadToStoredSeconds.toFixed(3)} s`);
    const listStarted = performance.now();
    const list = client.get('/api/unknown-barcodes');
    const page = (await list).json() as UnknownBarcodePage;
    const listSeconds = (performance.now() - listStarted) / 1000;
    if (page.items.length < RUNS) throw new Error(`only ${page.items.length} unknown barcodes listed`);
    console.log(`  unknown barcodes list: ${page.total} values, first page ${listSeconds.toFixed(3)} s`);
    const products = (await client.get('/api/products?search=SKU-000001&limit=1')).json() as { products: Array<{ id: string }> };
    const productId = products.products[0]?.id ?? ((await client.get('/api/products')).json() as { products: Array<{ id: string }> }).products[0]!.id;

    const seconds: number[] = [];
    let peak = 0;
    let since: string | null = null;
    for (let run = 0; run < RUNS; run += 1) {
      const value = page.items[run]!.value;
      const sampler = sampleRss(pid);
      const started = performance.now();
      expectOk(await client.post('/api/unknown-barcodes/map', { value, productId, units: 1 }), 'map');
      since = await waitRecomputed(client, processed.id, since);
      seconds.push((performance.now() - started) / 1000);
      peak = Math.max(peak, sampler.stop());
      console.log(`  run ${run + 1}: ${value} mapped -> recomputed ${seconds.at(-1)!.toFixed(3)} s, peak RSS ${mb(peak)} MB`);
    }
    const s = spread(seconds);
    const ratio = s.median / processed.uploadToStoredSeconds;
    const load = os.loadavg().map((l) => Number(l.toFixed(2)));
    console.log(
      `postgres recompute (${SCAN_ROWS} scans x ${PRODUCTS} products): map -> recomputed median ${s.median.toFixed(3)} s (spread ${s.min.toFixed(3)}-${s.max.toFixed(3)}; budget ${BUDGET_SECONDS} s), ` +
        `peak RSS ${mb(peak)} MB; reference: the same audit processed upload -> stored ${processed.uploadToStoredSeconds.toFixed(3)} s (ratio ${ratio.toFixed(2)}); list ${listSeconds.toFixed(3)} s`,
    );
    console.log(`load average ${load.join(' ')}`);
    console.log(
      JSON.stringify({
        bench: 'recompute',
        runs: RUNS,
        scanRows: SCAN_ROWS,
        products: PRODUCTS,
        seconds: r3(s.median),
        secondsSpread: [r3(s.min), r3(s.max)],
        budgetSeconds: BUDGET_SECONDS,
        peakRssMB: mb(peak),
        referenceProcessingSeconds: r3(processed.uploadToStoredSeconds),
        ratioToProcessing: r3(ratio),
        unknownValues: page.total,
        listSeconds: r3(listSeconds),
        loadAverage: load,
      }),
    );
  } finally {
    await server?.stop('SIGTERM');
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
