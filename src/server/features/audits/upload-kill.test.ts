/**
 * A scan upload is all or nothing whenever its server dies (DESIGN.md section 12; decision 0104):
 * a real server process gets a large file on `POST /api/audits/{id}/upload` and is killed with
 * SIGKILL at several points of it (reading the request, checking the file, writing its chunks,
 * recording it). Afterwards every audit is either as it was (draft, no file, no chunk) or holds
 * the whole file (pending, one scan file, every byte); chunks that no audit holds belong to staging
 * tokens only, and go when those lapse. On PGlite (its data folder reopened) and PostgreSQL.
 */
import { mkdtempSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixture } from '../../../domain/test-support/fixtures.js';
import { openDatabase, type Database } from '../../db/client.js';
import { DATABASE_KINDS, openTestDatabase } from '../../test-support/databases.js';
import { startServerProcess, type ServerProcess } from '../../test-support/server-process.js';
import { TestClient } from '../../test-support/test-app.js';
import { CHUNK_BYTES } from './stored-files.js';
import { writeLargeScan } from './test-support/large-scan.js';
import { removeExpiredUploadTokens } from './upload-tokens.js';

const fixture = loadFixture('cycle-count-basic');
const ROWS = 1_000_000;
/** When to kill, as fractions of the time an uninterrupted upload takes. */
const KILL_AT = [0.2, 0.4, 0.55, 0.7, 0.8, 0.9, 0.97];
const tmp = mkdtempSync(path.join(os.tmpdir(), 'stocktally-upload-kill-test-'));
const file = path.join(tmp, 'counts.csv');
const FIELDS = { scanColumn: 'Barcode', quantityColumn: 'Qty', teamName: 'Team 1' };

type Rows<T> = { rows: T[] };
async function query<T>(db: Database, text: string): Promise<T[]> {
  return ((await db.db.execute(text)) as unknown as Rows<T>).rows;
}

describe.each(DATABASE_KINDS)('a scan upload whose server is killed (%s)', (kind) => {
  let serverDatabase: Database | undefined;
  let env: Record<string, string>;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    writeLargeScan(file, fixture, ROWS);
    if (kind === 'postgres') {
      serverDatabase = await openTestDatabase('postgres');
      env = { DATABASE_URL: serverDatabase.url! };
    } else {
      env = { DATA_DIR: mkdtempSync(path.join(tmp, 'data-')) };
    }
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await serverDatabase?.close();
  });

  it('leaves every audit as it was or with the whole file, at every point', async () => {
    server = await startServerProcess(env);
    const owner = new TestClient(server.url);
    await owner.signUp();
    const create = async (name: string) => (await owner.post('/api/audits', { name })).json().id as string;
    const upload = (id: string) => owner.upload(`/api/audits/${id}/upload`, [{ field: 'scanFile', path: file }], FIELDS);

    const reference = await create('Reference');
    const started = Date.now();
    const whole = await upload(reference);
    const duration = Date.now() - started;
    expect(whole.statusCode, whole.body).toBe(201);

    const killed: Array<{ id: string; at: number; answer: number | string }> = [];
    for (const fraction of KILL_AT) {
      const id = await create(`Killed at ${fraction}`);
      const sending = upload(id).then(
        (res) => res.statusCode,
        () => 'no answer',
      );
      await new Promise((resolve) => setTimeout(resolve, duration * fraction));
      await server.stop('SIGKILL');
      killed.push({ id, at: fraction, answer: await sending });
      server = await startServerProcess(env);
      owner.useServer(server.url);
    }
    // The restarted server shows each audit whole or untouched.
    for (const { id } of killed) {
      const audit = (await owner.get(`/api/audits/${id}`)).json();
      expect([['draft', 0], ['pending', 1]], id).toContainEqual([audit.status, audit.scanFiles.length]);
    }
    await server.stop('SIGTERM');
    server = undefined;

    const database = serverDatabase ?? (await openDatabase({ dataDir: env.DATA_DIR }));
    try {
      const size = statSync(file).size;
      const outcomes: string[] = [];
      for (const { id, at, answer } of [{ id: reference, at: 1, answer: 201 }, ...killed]) {
        const [audit] = await query<{ status: string }>(database, `select status from audits where id = '${id}'`);
        const files = await query<{ stored_file_id: string; row_count: number }>(database, `select stored_file_id, row_count from scan_files where audit_id = '${id}'`);
        const chunks = await query<{ file_id: string; n: string; bytes: string }>(
          database,
          `select file_id, count(*) as n, sum(octet_length(data)) as bytes from stored_file_chunks where audit_id = '${id}' group by file_id`,
        );
        const state = files.length === 0 ? 'untouched' : 'whole';
        outcomes.push(`killed at ${at}: answer ${answer}, ${state}`);
        if (state === 'untouched') {
          expect(audit!.status, `${id} at ${at}`).toBe('draft');
          expect(chunks, `${id} at ${at}`).toEqual([]);
        } else {
          expect(audit!.status, `${id} at ${at}`).toBe('pending');
          expect(files).toHaveLength(1);
          expect(Number(files[0]!.row_count)).toBe(ROWS);
          expect(chunks.map((c) => [c.file_id, Number(c.n), Number(c.bytes)])).toEqual([[files[0]!.stored_file_id, Math.ceil(size / CHUNK_BYTES), size]]);
        }
      }
      console.log(`${kind}: uninterrupted upload ${duration} ms; ${outcomes.join('; ')}`);
      expect(outcomes.some((o) => o.endsWith('untouched'))).toBe(true);

      // What no audit holds belongs to a staging token; some kill landed while chunks were written.
      const stray = await query<{ n: string }>(
        database,
        `select count(*) as n from stored_file_chunks c where audit_id is null
           and not exists (select 1 from upload_tokens t where t.token = c.upload_token and t.staging)`,
      );
      expect(Number(stray[0]!.n)).toBe(0);
      // Whether a kill landed while chunks were written depends on the machine's speed: where one
      // did, its staged chunks wait for their token to lapse, and the sweep takes them along.
      const staged = await query<{ n: string }>(database, 'select count(*) as n from stored_file_chunks where audit_id is null');
      await database.db.execute(`update upload_tokens set expires_at = now() - interval '1 second' where staging`);
      const swept = await removeExpiredUploadTokens(database.db);
      if (Number(staged[0]!.n) > 0) expect(swept).toBeGreaterThan(0);
      const left = await query<{ n: string }>(database, 'select count(*) as n from stored_file_chunks where audit_id is null');
      expect(Number(left[0]!.n)).toBe(0);
    } finally {
      if (!serverDatabase) await database.close();
    }
  }, 600_000);
});
