/**
 * Part 2 of bench/export-xlsx.ts: the XLSX and CSV exports of a stored audit of about 130,000
 * lines, downloaded over HTTP from a real server process on the PostgreSQL server or the
 * embedded PGlite (DESIGN.md section 7).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildServer } from '../../scripts/build-server.mjs';
import { startServerProcess, type ServerProcess } from '../../src/server/test-support/server-process.js';
import { TestClient } from '../../src/server/test-support/test-app.js';
import { CATALOGUE_MAPPING, generate } from './scan-data.js';
import { benchServerNodeArgs, expectOk, mb, rssOf, runAudit, timedDownloads, type DownloadFigures } from './server-figures.js';

export type DatabaseKind = 'postgres' | 'pglite';

/** Products and scan rows of the audit: the whole-path bench's full size (~130,000 lines). */
const PRODUCTS = 100_000;
const SCAN_ROWS = 1_000_000;

export interface HttpExportFigures {
  /** Lines of the audit, every category. */
  lines: number;
  /** Server RSS (MB) after the restart, before the first download. */
  rssBeforeMB: number;
  xlsx: DownloadFigures;
  csv: DownloadFigures;
}

/** A fresh, empty database on TEST_DATABASE_URL's server; the server process migrates it. */
async function freshPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `${process.env.BENCH_DATABASE_PREFIX ?? 'stocktally_bench_'}${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** Lines of the audit: the totals of a one-line page of results. */
async function lineCount(client: TestClient, auditId: string): Promise<number> {
  const res = await client.get(`/api/audits/${auditId}/results-enhanced?pageSize=1`);
  expectOk(res, 'results');
  return Object.values(res.json().totals as Record<string, number>).reduce((sum, n) => sum + n, 0);
}

/** The scan data, generated once for every database (seeded: the same on every run). */
export async function exportBenchFiles(dir: string) {
  await buildServer();
  return generate(dir, PRODUCTS, SCAN_ROWS);
}

/**
 * Imports the catalogue and processes the scans on a new server on `kind`, restarts the server on
 * the same data, then downloads the XLSX and the CSV export `runs` times each.
 * @throws Error when a request fails or the server does not start.
 */
export async function exportOverHttp(
  kind: DatabaseKind,
  files: { catalogueFile: string; scanFile: string },
  runs: number,
): Promise<HttpExportFigures> {
  const database = kind === 'postgres' ? await freshPostgresDatabase() : undefined;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stocktally-bench-export-'));
  const env = {
    ...(database ? { DATABASE_URL: database.url } : { DATA_DIR: dataDir }),
    ...(process.env.BENCH_PORT ? { PORT: process.env.BENCH_PORT } : {}),
    NEW_ORGANIZATION_TIER: 'enterprise',
    MAX_UPLOAD_MB: '500',
  };
  let server: ServerProcess | undefined;
  try {
    server = await startServerProcess(env, { built: true });
    const setup = new TestClient(server.url);
    await setup.signUp();
    const catalogue = [{ field: 'file', path: files.catalogueFile, fileName: 'catalogue.csv' }];
    expectOk(await setup.upload('/api/products/preview', catalogue, { flow: 'import' }), 'catalogue preview');
    expectOk(await setup.upload('/api/products/import', catalogue, { columnMapping: JSON.stringify(CATALOGUE_MAPPING) }), 'catalogue import');
    const { id } = await runAudit(setup, files.scanFile, 0);
    await server.stop('SIGTERM');

    server = await startServerProcess(env, { built: true, nodeArgs: benchServerNodeArgs() });
    const pid = server.child.pid!;
    // Sessions are database rows: the same cookies sign in to the restarted server.
    const client = setup.sameSessionOn(server.url);
    const lines = await lineCount(client, id);
    const rssBeforeMB = mb(rssOf(pid));
    const xlsx = await timedDownloads(client, pid, `/api/audits/${id}/export-xlsx`, runs);
    const csv = await timedDownloads(client, pid, `/api/audits/${id}/export`, runs);
    return { lines, rssBeforeMB, xlsx, csv };
  } finally {
    await server?.stop('SIGTERM');
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
