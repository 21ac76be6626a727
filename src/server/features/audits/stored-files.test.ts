/**
 * Stored scan files (stored-files.ts) come back byte for byte on both databases: every byte value,
 * sizes across chunk and read-slice edges, an empty file; each database gets the bytes by the
 * path meant for it (`runsOnPglite`, also inside a transaction).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runsOnPglite, type Database } from '../../db/client.js';
import { audits, organizations, users } from '../../db/schema.js';
import { DATABASE_KINDS, openTestDatabase } from '../../test-support/databases.js';
import { CHUNK_BYTES, READ_SLICE_BYTES, readStoredFile, removeStoredFiles, storeUploadedFile, storedFileExists } from './stored-files.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'stocktally-stored-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each(DATABASE_KINDS)('stored files on %s', (kind) => {
  let database: Database;
  let owner: { organizationId: string; auditId: string };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const [org] = await database.db.insert(organizations).values({ name: 'files' }).returning();
    const [user] = await database.db.insert(users).values({ organizationId: org!.id, email: 'files@example.com' }).returning();
    const [audit] = await database.db
      .insert(audits)
      .values({ organizationId: org!.id, userId: user!.id, name: 'files', auditType: 'cycle-count', mode: 'standard' })
      .returning();
    owner = { organizationId: org!.id, auditId: audit!.id };
  });
  afterAll(async () => database?.close());

  it('knows which database it drives, also inside a transaction', async () => {
    expect(runsOnPglite(database.db)).toBe(kind === 'pglite');
    await database.db.transaction(async (tx) => expect(runsOnPglite(tx)).toBe(kind === 'pglite'));
  });

  const every = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
  const cases: Array<[string, Buffer]> = [
    ['empty', Buffer.alloc(0)],
    ['every byte value', every],
    ['one slice and a byte', Buffer.concat([randomBytes(READ_SLICE_BYTES), every.subarray(0, 1)])],
    ['two chunks and a slice, NULs and UTF-16 text', Buffer.concat([randomBytes(2 * CHUNK_BYTES), Buffer.alloc(1000), Buffer.from('\ufeffCafé;12\r\n', 'utf16le'), randomBytes(READ_SLICE_BYTES - 7)])],
  ];
  it('stops storing before the next chunk once its signal is aborted, with the signal’s reason', async () => {
    const input = path.join(dir, `${kind}-aborted.bin`);
    writeFileSync(input, randomBytes(3 * CHUNK_BYTES));
    const stopped = new AbortController();
    const reason = new Error('the preview failed');
    stopped.abort(reason);
    const fileId = randomUUID();
    await expect(storeUploadedFile(database.db, owner, input, fileId, stopped.signal)).rejects.toBe(reason);
    expect(await storedFileExists(database.db, fileId)).toBe(false);
  });

  for (const [label, bytes] of cases) {
    it(`gives back ${label} (${bytes.length} bytes) byte for byte`, async () => {
      const input = path.join(dir, `${kind}-in.bin`);
      const output = path.join(dir, `${kind}-out.bin`);
      writeFileSync(input, bytes);
      const fileId = await storeUploadedFile(database.db, owner, input);
      await readStoredFile(database.db, fileId, output);
      expect(readFileSync(output).equals(bytes)).toBe(true);
      await removeStoredFiles(database.db, [fileId]);
      expect(await storedFileExists(database.db, fileId)).toBe(false);
    });
  }

  it('compresses a scan file with lz4 where the database has it, stores it uncompressed elsewhere, and gives it back', async () => {
    const rows = Array.from({ length: 60_000 }, (_, i) => `${String(400_000_000_000 + ((i * 7919) % 90_000)).padStart(13, '0')},${1 + (i % 5)}`);
    const bytes = Buffer.from(`Barcode,Qty\n${rows.join('\n')}\n`);
    const input = path.join(dir, `${kind}-scans.csv`);
    const output = path.join(dir, `${kind}-scans-out.csv`);
    writeFileSync(input, bytes);
    const fileId = await storeUploadedFile(database.db, owner, input);
    const [{ lz4, methods }] = ((await database.db.execute(sql`
      SELECT EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY(enumvals)) AS lz4,
        string_agg(DISTINCT coalesce(pg_column_compression(data), 'none'), ',') AS methods
      FROM stored_file_chunks WHERE file_id = ${fileId}`)) as unknown as { rows: Array<{ lz4: boolean; methods: string }> }).rows as [{ lz4: boolean; methods: string }];
    expect(kind === 'postgres' ? lz4 : !lz4).toBe(true);
    expect(methods).toBe(lz4 ? 'lz4' : 'none');
    await readStoredFile(database.db, fileId, output);
    expect(readFileSync(output).equals(bytes)).toBe(true);
    await removeStoredFiles(database.db, [fileId]);
  });
});
