/**
 * Two app servers on one PostgreSQL server (DESIGN.md section 12): files uploaded through one are
 * processed by whichever server's worker takes the job, and results read and exported through the
 * other; two audits started at once on each server all complete, each job run exactly once.
 * Then a SIGTERM stops each server gracefully: exit code 0, nothing logged at error level.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { loadFixture } from '../../../domain/test-support/fixtures.js';
import type { Database } from '../../db/client.js';
import { DATABASE_KINDS, openTestDatabase } from '../../test-support/databases.js';
import { startServerProcess, type ServerProcess } from '../../test-support/server-process.js';
import { TestClient } from '../../test-support/test-app.js';
import { importFixtureCatalogue, manifestUpload } from './test-support/fixture-audits.js';

const fixture = loadFixture('cycle-count-basic');
const lineCount = Object.values(fixture.expected.counts).reduce((a, b) => a + b, 0);

if (!DATABASE_KINDS.includes('postgres')) console.warn('two servers: no PostgreSQL server, skipped');

describe.skipIf(!DATABASE_KINDS.includes('postgres'))('two app servers on one PostgreSQL server', () => {
  let database: Database;
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    // LOG_LEVEL error: anything the servers log is an error the shutdown must not produce.
    const env = { DATABASE_URL: database.url!, LOG_LEVEL: 'error' };
    servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 240_000);
  afterAll(async () => {
    for (const server of servers) await server.stop('SIGKILL');
    await database?.close();
  });

  async function rows<T>(query: string): Promise<T[]> {
    return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
  }

  it('processes uploads of either server, two at once on each, each job once; reads and exports through the other', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const owner = new TestClient(a.url);
    await owner.signUp();
    await importFixtureCatalogue(owner, fixture);
    // The same session on the other server (sessions live in the database).
    const onB = owner.sameSessionOn(b.url);

    const { files, fields } = manifestUpload(fixture);
    const ids: Array<{ id: string; via: TestClient; other: TestClient }> = [];
    for (const [via, other] of [[owner, onB], [owner, onB], [onB, owner], [onB, owner]] as const) {
      ids.push({ id: (await via.post('/api/audits', { name: `Audit ${ids.length + 1}` })).json().id, via, other });
    }
    const started = await Promise.all(ids.map(({ id, via }) => via.upload(`/api/audits/${id}/upload-multiple?wait=false`, files, fields)));
    for (const res of started) expect(res.statusCode, res.body).toBe(202);

    for (const { id, other } of ids) {
      let audit = (await other.get(`/api/audits/${id}`)).json();
      for (let i = 0; i < 1200 && audit.status === 'processing'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        audit = (await other.get(`/api/audits/${id}`)).json();
      }
      expect(audit).toMatchObject({ status: 'complete', itemsScanned: fixture.expected.totalScanned, stage: null });
      const results = (await other.get(`/api/audits/${id}/results-enhanced?pageSize=1`)).json();
      expect(results.counts).toMatchObject(fixture.expected.counts);
      const csv = await other.get(`/api/audits/${id}/export`);
      expect(csv.statusCode).toBe(200);
      const rows = Papa.parse<Record<string, string>>(csv.body.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;
      // One row per line, then the two Summary rows (Match Rate, Accuracy).
      expect(rows.filter((row) => row.Category !== 'Summary')).toHaveLength(lineCount);
      expect(rows.slice(-2).map((row) => row['Product Name'])).toEqual(['Match Rate', 'Accuracy']);
    }

    // One job per audit, each completed once; each audit keeps its files, once each, for a
    // recompute (docs/decisions/0138).
    const jobs = await rows<{ audit_id: string; state: string }>(
      "select data->>'auditId' as audit_id, state from pgboss.job where name = 'process-audit'",
    );
    expect(jobs.map((j) => j.audit_id).sort()).toEqual(ids.map((x) => x.id).sort());
    expect(jobs.every((j) => j.state === 'completed')).toBe(true);
    const kept = await rows<{ audit_id: string; files: number; missing: number }>(
      `select audit_id, count(distinct kept_file_id)::int as files,
              count(*) filter (where kept_file_id is null
                or not exists (select 1 from stored_file_chunks c where c.file_id = kept_file_id))::int as missing
         from scan_files group by audit_id`,
    );
    expect(kept.map((k) => k.audit_id).sort()).toEqual(ids.map((x) => x.id).sort());
    expect(kept.map((k) => [k.files, k.missing])).toEqual(ids.map(() => [files.length, 0]));
    const lines = await rows<{ audit_id: string; n: number }>(
      'select audit_id, count(*)::int as n from (select audit_id from audit_result_lines union all select audit_id from audit_not_found_lines) l group by audit_id',
    );
    expect(lines.map((l) => l.n)).toEqual(ids.map(() => lineCount));
  }, 240_000);

  it('stops on SIGTERM with exit code 0 and no error logged, while requests are in flight', async () => {
    const owner = new TestClient(servers[0]!.url);
    await owner.signUp();
    const inFlight = Array.from({ length: 20 }, () => owner.get('/api/audits').catch(() => null));
    const codes = await Promise.all(servers.map((s) => s.stop('SIGTERM')));
    await Promise.all(inFlight);
    expect(codes).toEqual([0, 0]);
    for (const server of servers) expect(server.output()).toBe('');
  }, 120_000);
});
