/**
 * Local copies of stored scan files (local-copies.ts): a job of the process that stored a file
 * reads it from disk, once; any other read, and a copy past its time, goes to the database. An
 * upload token's file is read from the copy by every call naming the token (decision 0166).
 * The database's bytes are made different from the upload's, so each read shows where it came from.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { audits, organizations, storedFileChunks, users } from '../../db/schema.js';
import { DATABASE_KINDS, openTestDatabase } from '../../test-support/databases.js';
import { forgetLocalCopy, keepLocalCopy, takeLocalCopy } from './local-copies.js';
import { stageScanFile } from './staged-files.js';
import { readJobFiles } from './processing-job.js';
import { createUploadToken, openUploadTokens, removeUploadToken } from './upload-tokens.js';
import type { AuditRow } from './repo.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'stocktally-local-copies-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const UPLOADED = 'Barcode,Qty\n0001,1\n';
const IN_DATABASE = 'Barcode,Qty\n0002,2\n';

describe.each(DATABASE_KINDS)('local copies of stored scan files on %s', (kind) => {
  let database: Database;
  let audit: AuditRow;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const [org] = await database.db.insert(organizations).values({ name: 'copies' }).returning();
    const [user] = await database.db.insert(users).values({ organizationId: org!.id, email: 'copies@example.com' }).returning();
    [audit] = (await database.db
      .insert(audits)
      .values({ organizationId: org!.id, userId: user!.id, name: 'copies', auditType: 'cycle-count', mode: 'standard' })
      .returning()) as [AuditRow];
  });
  afterAll(async () => database?.close());

  /** Stores an upload for the audit as the upload routes do, then changes the database's bytes. */
  async function storeUpload(name: string): Promise<string> {
    const upload = path.join(dir, `${kind}-${name}`);
    writeFileSync(upload, UPLOADED);
    const { fileId: storedFileId } = await stageScanFile(database.db, audit.organizationId, { fileName: name, path: upload, sizeBytes: UPLOADED.length });
    rmSync(upload); // the request's folder goes when it is answered
    await database.db
      .update(storedFileChunks)
      .set({ data: sql`decode(${Buffer.from(IN_DATABASE).toString('base64')}, 'base64')` })
      .where(eq(storedFileChunks.fileId, storedFileId));
    return storedFileId;
  }

  const jobFile = (storedFileId: string) => ({
    position: 0,
    storedFileId,
    fileName: 'count.csv',
    teamName: 'Team 1',
    scannerId: null,
    scanColumn: 'Barcode',
    quantityColumn: 'Qty',
    hasHeader: 'auto' as const,
    sizeBytes: UPLOADED.length,
  });

  it("gives the job of the process that stored the file the upload's own bytes, once; the next read is the database's", async () => {
    const storedFileId = await storeUpload('once.csv');
    const first = mkdtempSync(path.join(dir, 'job-'));
    const [local] = await readJobFiles(database.db, { files: [jobFile(storedFileId)] }, first);
    expect(readFileSync(local!.path, 'utf8')).toBe(UPLOADED);
    const second = mkdtempSync(path.join(dir, 'job-'));
    const [again] = await readJobFiles(database.db, { files: [jobFile(storedFileId)] }, second);
    expect(readFileSync(again!.path, 'utf8')).toBe(IN_DATABASE);
  });

  it("gives every call naming an upload token the upload's own bytes while this process keeps them, then the database's", async () => {
    const upload = path.join(dir, `${kind}-token.csv`);
    writeFileSync(upload, UPLOADED);
    const { uploadToken } = await createUploadToken(database.db, audit.organizationId, { fileName: 'token.csv', path: upload, sizeBytes: UPLOADED.length });
    rmSync(upload); // the request's folder goes when it is answered
    await database.db
      .update(storedFileChunks)
      .set({ data: sql`decode(${Buffer.from(IN_DATABASE).toString('base64')}, 'base64')` })
      .where(eq(storedFileChunks.uploadToken, uploadToken));
    const open = () => openUploadTokens(database.db, audit.organizationId, [{ field: 'uploadToken', token: uploadToken }]);
    // Each preview and the import read it: the copy is linked, not taken.
    let storedFileId = '';
    for (let call = 0; call < 2; call += 1) {
      const opened = await open();
      storedFileId = opened.files[0]!.storedFileId;
      expect(readFileSync(opened.files[0]!.path, 'utf8')).toBe(UPLOADED);
      await opened.cleanup();
    }
    // Another server (here: this one once the copy is gone) reads the stored file.
    await forgetLocalCopy(storedFileId);
    const fromDatabase = await open();
    expect(readFileSync(fromDatabase.files[0]!.path, 'utf8')).toBe(IN_DATABASE);
    await fromDatabase.cleanup();
    await removeUploadToken(database.db, audit.organizationId, uploadToken);
    await expect(open()).rejects.toMatchObject({ code: 'UPLOAD_TOKEN_NOT_FOUND' });
  });

  it('reads the database once the copy has waited longer than its time', async () => {
    const storedFileId = await storeUpload('late.csv');
    const source = path.join(dir, `${kind}-late-source.csv`);
    writeFileSync(source, UPLOADED);
    await keepLocalCopy(storedFileId, source, 20); // the same file kept again, for 20 ms
    await new Promise((r) => setTimeout(r, 60));
    expect(await takeLocalCopy(storedFileId, path.join(dir, `${kind}-late-taken.csv`))).toBe(false);
    const job = mkdtempSync(path.join(dir, 'job-'));
    const [read] = await readJobFiles(database.db, { files: [jobFile(storedFileId)] }, job);
    expect(readFileSync(read!.path, 'utf8')).toBe(IN_DATABASE);
  });
});

it('keeps its copies in a folder that a start after a crash removes, and deletes a copy once taken', async () => {
  const source = path.join(dir, 'folder-source.csv');
  writeFileSync(source, UPLOADED);
  await keepLocalCopy('folder-test', source);
  const folders = readdirSync(os.tmpdir()).filter((name) => name.startsWith(`stocktally-upload-${process.pid}-local-`));
  expect(folders).toHaveLength(1);
  expect(existsSync(path.join(os.tmpdir(), folders[0]!, 'folder-test'))).toBe(true);
  expect(await takeLocalCopy('folder-test', path.join(dir, 'taken.csv'))).toBe(true);
  expect(existsSync(path.join(os.tmpdir(), folders[0]!, 'folder-test'))).toBe(false);
  expect(readFileSync(path.join(dir, 'taken.csv'), 'utf8')).toBe(UPLOADED);
});
