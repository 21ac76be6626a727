/**
 * Processing is a job that survives its server (DESIGN.md section 12, docs/decisions/0056): a
 * server killed with SIGKILL in the middle of an audit's job leaves it in processing; a server
 * started afterwards takes it up once its lease runs out, and it completes with the same results
 * as the same upload processed without interruption. Real server processes on the PostgreSQL
 * server (pg-boss queue); the embedded database has one process only, which takes up every audit
 * left in processing at start (processing-worker.ts).
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULT_CATEGORIES } from '../../../contracts/results.js';
import { loadFixture } from '../../../domain/test-support/fixtures.js';
import type { Database } from '../../db/client.js';
import { DATABASE_KINDS, openTestDatabase } from '../../test-support/databases.js';
import { startServerProcess, type ServerProcess } from '../../test-support/server-process.js';
import { TestClient } from '../../test-support/test-app.js';
import { importFixtureCatalogue } from './test-support/fixture-audits.js';
import { writeLargeScan } from './test-support/large-scan.js';

const fixture = loadFixture('cycle-count-basic');
/** Rows of the scan file (the server is killed as soon as its worker holds the job). */
const ROWS = 100_000;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'stocktally-recovery-test-'));

if (!DATABASE_KINDS.includes('postgres')) console.warn('processing recovery: no PostgreSQL server, skipped');

describe.skipIf(!DATABASE_KINDS.includes('postgres'))('a processing job whose server dies (PostgreSQL)', () => {
  let database: Database;
  const servers: ServerProcess[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    env = { DATABASE_URL: database.url!, JOB_LEASE_SECONDS: '2' };
  });
  afterAll(async () => {
    for (const server of servers) await server.stop('SIGKILL');
    await database?.close();
  });

  /** Reads one audit row straight from the database. */
  async function auditRow(id: string): Promise<{ status: string; stage: string | null; job_token: string | null }> {
    const { rows } = (await database.db.execute(`select status, stage, job_token from audits where id = '${id}'`)) as unknown as {
      rows: Array<{ status: string; stage: string | null; job_token: string | null }>;
    };
    return rows[0]!;
  }

  async function results(client: TestClient, id: string) {
    const body = (await client.get(`/api/audits/${id}/results-enhanced?pageSize=50`)).json();
    const { processingTime: _ignored, ...summary } = body.summary;
    return { counts: body.counts, totals: body.totals, summary, firstPages: RESULT_CATEGORIES.map((c) => body.categories[c]) };
  }

  it('takes the audit up again after SIGKILL and completes it with the same results', async () => {
    const first = await startServerProcess(env);
    servers.push(first);
    const owner = new TestClient(first.url);
    await owner.signUp();
    await importFixtureCatalogue(owner, fixture);
    const file = path.join(tmp, 'counts.csv');
    const fields = writeLargeScan(file, fixture, ROWS);
    const create = async (name: string) => (await owner.post('/api/audits', { name })).json().id as string;
    const interrupted = await create('Interrupted');

    const started = await owner.upload(`/api/audits/${interrupted}/upload-multiple?wait=false`, [{ field: 'scanFiles', path: file }], fields);
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toMatchObject({ status: 'processing', stage: 'queued' });
    // Kill the server as soon as its worker holds the job.
    for (let i = 0; i < 600 && !(await auditRow(interrupted)).job_token; i++) await new Promise((r) => setTimeout(r, 50));
    await first.stop('SIGKILL');
    expect(await auditRow(interrupted)).toMatchObject({ status: 'processing', stage: 'reading' });

    const second = await startServerProcess(env);
    servers.push(second);
    owner.useServer(second.url);
    let audit = (await owner.get(`/api/audits/${interrupted}`)).json();
    for (let i = 0; i < 450 && audit.status === 'processing'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      audit = (await owner.get(`/api/audits/${interrupted}`)).json();
    }
    expect(audit).toMatchObject({ status: 'complete', progress: 100, stage: null, errorMessage: null });

    const reference = await create('Reference');
    const done = await owner.upload(`/api/audits/${reference}/upload-multiple`, [{ field: 'scanFiles', path: file }], fields);
    expect(done.statusCode, done.body).toBe(200);
    expect(await results(owner, interrupted)).toEqual(await results(owner, reference));
    expect(audit.scanFiles).toMatchObject([{ fileName: 'counts.csv', rowCount: ROWS, pendingProcessing: false }]);
  }, 240_000);
});
