/**
 * `npm run bench:whole-path`: the whole path as the cycle-count wizard sends it, over HTTP to a
 * real server process, built and started as `npm start` runs it (DESIGN.md sections 7 and 12):
 *   POST /api/products/preview (flow scan) -> POST /api/audits -> POST /api/audits/{id}/upload-multiple?wait=false
 *   -> GET /api/audits/{id} every 50 ms until the audit is complete (results stored).
 * On the PostgreSQL server (a fresh database) and on the embedded PGlite, at the typical shop
 * (100,000 scan rows x 5,000 products) and the full size (1,000,000 x 100,000).
 *
 * Per case, BENCH_RUNS (3) consecutive audits on one server: the median and spread of "upload
 * start to results stored" (the budget's figure) and of the whole sequence from preview, the
 * server's peak RSS (VmRSS of its process sampled every 25 ms) and its RSS after each run (no
 * growth over the runs); its idle RSS when started on a new data folder (budget on PGlite 250 MB)
 * and after the catalogue import. At full size, the XLSX export of the last audit over HTTP
 * (median of BENCH_RUNS, server peak RSS; budget 4 s and 400 MB) with the CSV export as reference.
 * References in the same run: DuckDB building the same lines plus COPY of
 * the audit's stored lines into tables like audit_result_lines and audit_not_found_lines (PostgreSQL), and the PostgreSQL
 * figure for PGlite. Prints the load average: the bench shares 2 CPUs. Ends with one JSON line.
 *
 * Budgets: full size on PostgreSQL <= 6 s and peak RSS <= 500 MB; on PGlite <= 10 s; typical
 * shop <= 1.5 s.
 *
 * Options (env): TEST_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test: its server is used),
 * BENCH_RUNS (3), BENCH_CASES (typical,full), BENCH_DATABASES (postgres,pglite), BENCH_SERVER_NODE_ARGS
 * (node options of the server process, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to see where a
 * case's time goes).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { Database } from '../src/server/db/client.js';
import { buildServer } from '../scripts/build-server.mjs';
import { openTestDatabase } from '../src/server/test-support/databases.js';
import { startServerProcess, type ServerProcess } from '../src/server/test-support/server-process.js';
import { TestClient } from '../src/server/test-support/test-app.js';
import { CATALOGUE_MAPPING, generate, runDuckDb } from './support/scan-data.js';
import { benchServerNodeArgs, expectOk, mb, rssOf, runAudit, sampleRss, timedDownloads } from './support/server-figures.js';
import { spread } from './support/stats.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CASES = [
  { name: 'typical', products: 5_000, scanRows: 100_000, budgetSeconds: 1.5 },
  { name: 'full', products: 100_000, scanRows: 1_000_000, budgetSeconds: 6 },
].filter((c) => (process.env.BENCH_CASES ?? 'typical,full').split(',').includes(c.name));
const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',') as Array<'postgres' | 'pglite'>;

const r3 = (n: number) => Number(n.toFixed(3));

/**
 * COPY of the audit's stored lines out, then into fresh tables like audit_result_lines and
 * audit_not_found_lines (with their keys and indexes); seconds of the two COPYs in, and lines.
 */
async function copyReference(database: Database, auditId: string): Promise<{ seconds: number; lines: number }> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  let seconds = 0;
  let lines = 0;
  try {
    for (const table of ['audit_result_lines', 'audit_not_found_lines']) {
      const chunks: Buffer[] = [];
      const out = client.query(copyTo(`COPY (SELECT * FROM ${table} WHERE audit_id = '${auditId}') TO STDOUT`));
      for await (const chunk of out) chunks.push(chunk as Buffer);
      await client.query('DROP TABLE IF EXISTS bench_copy_reference');
      await client.query(`CREATE TABLE bench_copy_reference (LIKE ${table} INCLUDING ALL)`);
      const started = performance.now();
      await pipeline(Readable.from(chunks), client.query(copyFrom('COPY bench_copy_reference FROM STDIN')));
      seconds += (performance.now() - started) / 1000;
      const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM bench_copy_reference');
      lines += rows[0]!.n;
      await client.query('DROP TABLE bench_copy_reference');
    }
    return { seconds, lines };
  } finally {
    await client.end();
  }
}

/**
 * The XLSX export of the audit over HTTP (GET /api/audits/{id}/export-xlsx, the whole body read),
 * BENCH_RUNS times: median seconds and the server's peak RSS; reference in the same run: the
 * simple CSV export (GET /api/audits/{id}/export) of the same lines. Budget: <= 4 s, <= 400 MB.
 */
async function exportFigures(client: TestClient, pid: number, auditId: string) {
  const xlsx = await timedDownloads(client, pid, `/api/audits/${auditId}/export-xlsx`, RUNS);
  const csv = await timedDownloads(client, pid, `/api/audits/${auditId}/export`, RUNS);
  return { xlsx, csv };
}

async function benchCase(kind: 'postgres' | 'pglite', c: (typeof CASES)[number], files: { catalogueFile: string; scanFile: string }) {
  const database = kind === 'postgres' ? await openTestDatabase('postgres') : undefined;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stocktally-bench-whole-'));
  let server: ServerProcess | undefined;
  try {
    server = await startServerProcess({
      ...(database ? { DATABASE_URL: database.url! } : { DATA_DIR: dataDir }),
      NEW_ORGANIZATION_TIER: 'enterprise',
      MAX_UPLOAD_MB: '500',
    }, { built: true, nodeArgs: benchServerNodeArgs() });
    const pid = server.child.pid!;
    // Idle as started: nothing asked of it yet but the answer that it is up.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idleAtStart = rssOf(pid);
    const client = new TestClient(server.url);
    await client.signUp();
    const catalogue = [{ field: 'file', path: files.catalogueFile, fileName: 'catalogue.csv' }];
    expectOk(await client.upload('/api/products/preview', catalogue, { flow: 'import' }), 'catalogue preview');
    expectOk(await client.upload('/api/products/import', catalogue, { columnMapping: JSON.stringify(CATALOGUE_MAPPING) }), 'catalogue import');
    const idleRss = rssOf(pid);

    const runs = [];
    for (let run = 0; run < RUNS; run += 1) {
      const sampler = sampleRss(pid);
      const result = await runAudit(client, files.scanFile, run);
      runs.push({ ...result, peakRss: sampler.stop(), rssAfter: rssOf(pid) });
      console.log(
        `  ${kind} ${c.name} run ${run + 1}: upload -> stored ${result.uploadToStoredSeconds.toFixed(3)} s, from preview ${result.fromPreviewSeconds.toFixed(3)} s, peak RSS ${mb(runs.at(-1)!.peakRss)} MB, RSS after ${mb(runs.at(-1)!.rssAfter)} MB`,
      );
    }
    const exports = c.name === 'full' ? await exportFigures(client, pid, runs.at(-1)!.id) : undefined;
    const copy = database ? await copyReference(database, runs.at(-1)!.id) : undefined;
    return {
      exports,
      uploadToStored: spread(runs.map((r) => r.uploadToStoredSeconds)),
      fromPreview: spread(runs.map((r) => r.fromPreviewSeconds)),
      peakRssMB: mb(Math.max(...runs.map((r) => r.peakRss))),
      rssAfterRunsMB: runs.map((r) => mb(r.rssAfter)),
      idleRssMB: mb(idleRss),
      idleAtStartRssMB: mb(idleAtStart),
      copy,
    };
  } finally {
    await server?.stop('SIGTERM');
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  await buildServer();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'stocktally-bench-files-'));
  const figures: Record<string, unknown> = {};
  try {
    for (const c of CASES) {
      console.log(`Generating ${c.products} products and ${c.scanRows} scan rows (seeded)...`);
      const caseDir = path.join(dir, c.name);
      rmSync(caseDir, { recursive: true, force: true });
      const files = await generate(mkdtempSync(`${caseDir}-`), c.products, c.scanRows);
      const duck = spread(await (async () => {
        const seconds = [];
        for (let run = 0; run < RUNS; run += 1) seconds.push((await runDuckDb(files)).seconds);
        return seconds;
      })());
      for (const kind of DATABASES) {
        const result = await benchCase(kind, c, files);
        const budget = kind === 'pglite' && c.name === 'full' ? 10 : c.budgetSeconds;
        const reference = result.copy ? duck.median + result.copy.seconds : undefined;
        console.log(
          `${kind} ${c.name} (${c.scanRows} scans x ${c.products} products): upload -> stored median ${result.uploadToStored.median.toFixed(3)} s ` +
            `(spread ${result.uploadToStored.min.toFixed(3)}-${result.uploadToStored.max.toFixed(3)}; budget ${budget} s), from preview ${result.fromPreview.median.toFixed(3)} s, ` +
            `peak RSS ${result.peakRssMB} MB, RSS after each run ${result.rssAfterRunsMB.join(' -> ')} MB` +
            (reference !== undefined ? `; reference DuckDB lines ${duck.median.toFixed(3)} s + COPY of the ${result.copy!.lines} lines ${result.copy!.seconds.toFixed(3)} s = ${reference.toFixed(3)} s` : ''),
        );
        const ex = result.exports;
        if (ex) {
          console.log(
            `${kind} ${c.name} XLSX export over HTTP: median ${ex.xlsx.seconds.median.toFixed(3)} s (spread ${ex.xlsx.seconds.min.toFixed(3)}-${ex.xlsx.seconds.max.toFixed(3)}; budget 4 s), ` +
              `${(ex.xlsx.bytes / 1e6).toFixed(1)} MB, server peak RSS ${ex.xlsx.peakRssMB} MB (budget 400 MB); reference CSV export ${ex.csv.seconds.median.toFixed(3)} s, ${(ex.csv.bytes / 1e6).toFixed(1)} MB, peak RSS ${ex.csv.peakRssMB} MB`,
          );
        }
        figures[`${kind}_${c.name}`] = {
          scanRows: c.scanRows,
          products: c.products,
          seconds: r3(result.uploadToStored.median),
          secondsSpread: [r3(result.uploadToStored.min), r3(result.uploadToStored.max)],
          fromPreviewSeconds: r3(result.fromPreview.median),
          budgetSeconds: budget,
          peakRssMB: result.peakRssMB,
          rssAfterRunsMB: result.rssAfterRunsMB,
          idleRssAtStartMB: result.idleAtStartRssMB,
          idleRssAfterImportMB: result.idleRssMB,
          ...(ex
            ? {
                xlsxExportSeconds: r3(ex.xlsx.seconds.median),
                xlsxExportSecondsSpread: [r3(ex.xlsx.seconds.min), r3(ex.xlsx.seconds.max)],
                xlsxExportPeakRssMB: ex.xlsx.peakRssMB,
                csvExportSeconds: r3(ex.csv.seconds.median),
                csvExportPeakRssMB: ex.csv.peakRssMB,
              }
            : {}),
          ...(reference !== undefined ? { referenceSeconds: r3(reference), duckDbSeconds: r3(duck.median), copySeconds: r3(result.copy!.seconds), storedLines: result.copy!.lines } : {}),
        };
      }
      const pgFigure = figures[`postgres_${c.name}`] as { seconds: number } | undefined;
      const liteFigure = figures[`pglite_${c.name}`] as { seconds: number; postgresSeconds?: number } | undefined;
      if (pgFigure && liteFigure) liteFigure.postgresSeconds = pgFigure.seconds;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const load = os.loadavg().map((l) => Number(l.toFixed(2)));
  console.log(`load average ${load.join(' ')}`);
  console.log(JSON.stringify({ bench: 'whole-path', runs: RUNS, ...figures, loadAverage: load }));
}

await main();
