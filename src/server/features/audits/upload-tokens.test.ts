/**
 * Upload tokens (docs/decisions/0047): the scan-file preview keeps the file and answers a token
 * that the upload calls take instead of the bytes; tokens are the organisation's own and lapse.
 * Also a fixed-width scan file (DESIGN.md section 6) through preview, upload and processing.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FilePreview } from '../../../contracts/products.js';
import { loadFixture } from '../../../domain/test-support/fixtures.js';
import { uploadTokens } from '../../db/schema.js';
import { DATABASE_KINDS } from '../../test-support/databases.js';
import { createTestApp, signedInMember, type TestApp, type TestClient } from '../../test-support/test-app.js';
import { storedFileIds } from './stored-files.js';
import { importFixtureCatalogue, manifestUpload } from './test-support/fixture-audits.js';
import { createUploadToken, keepUploadAlongside, openUploadTokens, removeExpiredUploadTokens, UPLOAD_TOKEN_LIFETIME_MS } from './upload-tokens.js';

const fixture = loadFixture('cycle-count-basic');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'stocktally-token-test-'));

/** A handheld's fixed-width export of three catalogue items, with a correction signed after the digits. */
const fixedWidth = path.join(tmp, 'HANDHELD.TXT');
writeFileSync(fixedWidth, ['Barcode           Qty', '5442572175130       5', 'sku9290-XL          2', 'sku9290-XL          1-', 'NOT-IN-CATALOGUE    4', ''].join('\r\n'));

describe.each(DATABASE_KINDS)('upload tokens on %s', (kind) => {
  let t: TestApp;
  let owner: TestClient;
  let organizationId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = t.client();
    organizationId = (await owner.signUp()).organizationId;
    await importFixtureCatalogue(owner, fixture);
  });
  afterAll(async () => t?.close());

  async function preview(client: TestClient, filePath: string, fields: Record<string, string> = {}): Promise<FilePreview> {
    const res = await client.upload('/api/products/preview', [{ field: 'file', path: filePath }], { flow: 'scan', ...fields });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  async function stub(): Promise<string> {
    const res = await owner.post('/api/audits/stub', { name: 'Token audit', type: 'cycle-count', status: 'draft' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  }

  const tokenCount = async () => (await t.db.select({ token: uploadTokens.token }).from(uploadTokens)).length;

  it('processes files sent as tokens to the same answer as files sent as bytes', async () => {
    const { files, fields } = manifestUpload(fixture);
    const tokenFields: Record<string, string> = { ...fields };
    for (const [i, f] of files.entries()) {
      const answer = await preview(owner, f.path!);
      expect(answer.uploadToken).toMatch(/^[0-9a-f-]{36}$/);
      const lifetime = Date.parse(answer.uploadTokenExpiresAt!) - Date.now();
      expect(lifetime).toBeGreaterThan(UPLOAD_TOKEN_LIFETIME_MS - 60_000);
      expect(lifetime).toBeLessThanOrEqual(UPLOAD_TOKEN_LIFETIME_MS);
      tokenFields[`uploadToken_${i}`] = answer.uploadToken!;
    }
    const byBytes = await owner.upload(`/api/audits/${await stub()}/upload-multiple`, files, fields);
    expect(byBytes.statusCode, byBytes.body).toBe(200);
    const tokenAudit = await stub();
    const byToken = await owner.upload(`/api/audits/${tokenAudit}/upload-multiple`, [], tokenFields);
    expect(byToken.statusCode, byToken.body).toBe(200);
    const { processingTime: _a, audit: _b, ...bytesResult } = byBytes.json();
    const { processingTime: _c, audit: tokenAuditRow, ...tokenResult } = byToken.json();
    expect(tokenResult).toEqual(bytesResult);
    expect(tokenResult.totalScanned).toBe(fixture.expected.totalScanned);
    expect(tokenAuditRow.scanFiles.map((f: { fileName: string }) => f.fileName)).toEqual(fixture.manifest.scanFiles.map((f) => f.file));

    // A token stays usable until it lapses: a second audit takes the same files again.
    const again = await owner.upload(`/api/audits/${await stub()}/upload-multiple`, [], tokenFields);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().totalScanned).toBe(fixture.expected.totalScanned);
  });

  it('mixes a token and a file in one request, the file filling the free position', async () => {
    const { files, fields } = manifestUpload(fixture);
    const first = await preview(owner, files[0]!.path!);
    const res = await owner.upload(`/api/audits/${await stub()}/upload-multiple`, [files[1]!], {
      ...Object.fromEntries(Object.entries(fields).filter(([k]) => /_[01]$/.test(k))),
      uploadToken_0: first.uploadToken!,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().audit.scanFiles.map((f: { fileName: string }) => f.fileName)).toEqual([fixture.manifest.scanFiles[0]!.file, fixture.manifest.scanFiles[1]!.file]);
  });

  it('takes a token on the one-file upload, and on the preview to flip the header choice', async () => {
    const f = fixture.manifest.scanFiles[0]!;
    const first = await preview(owner, path.join(fixture.dir, f.file));
    const flipped = await owner.upload('/api/products/preview', [], { flow: 'scan', hasHeader: 'no', uploadToken: first.uploadToken! });
    expect(flipped.statusCode, flipped.body).toBe(200);
    expect(flipped.json()).toMatchObject({ headerRow: false, totalRows: first.totalRows + 1, uploadToken: first.uploadToken });

    const id = await stub();
    const fields: Record<string, string> = { scanColumn: f.scanColumn, teamName: f.teamName, uploadToken: first.uploadToken! };
    if (f.quantityColumn) fields.quantityColumn = f.quantityColumn;
    const kept = await owner.upload(`/api/audits/${id}/upload`, [], fields);
    expect(kept.statusCode, kept.body).toBe(201);
    expect(kept.json()).toMatchObject({ fileName: f.file, pendingProcessing: true });
    expect(await storedFileIds(t.db, id)).toHaveLength(1);
    const processed = await owner.post(`/api/audits/${id}/process`, {});
    expect(processed.statusCode, processed.body).toBe(200);
  });

  it('answers 404 for another organisation’s token and for an unknown one, 400 for a malformed one; nothing changes', async () => {
    const { uploadToken } = await preview(owner, path.join(fixture.dir, fixture.manifest.scanFiles[0]!.file));
    const other = t.client();
    await other.signUp();
    const otherAudit = (await other.post('/api/audits/stub', { name: 'Theirs', type: 'cycle-count', status: 'draft' })).json().id;
    const fields = { scanColumn_0: fixture.manifest.scanFiles[0]!.scanColumn, teamName_0: 'Team 1' };

    const stolen = await other.upload(`/api/audits/${otherAudit}/upload-multiple`, [], { ...fields, uploadToken_0: uploadToken! });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toMatchObject({ error: 'UPLOAD_TOKEN_NOT_FOUND', message: expect.stringContaining('uploadToken_0: upload token') });
    const peek = await other.upload('/api/products/preview', [], { flow: 'scan', uploadToken: uploadToken! });
    expect(peek.statusCode).toBe(404);

    const unknown = await owner.upload(`/api/audits/${await stub()}/upload-multiple`, [], { ...fields, uploadToken_0: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain('upload the file again');

    const malformed = await owner.upload(`/api/audits/${await stub()}/upload`, [], { scanColumn: 'Barcode', uploadToken: 'not-a-token' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: 'INVALID_UPLOAD_TOKEN', message: expect.stringContaining('uploadToken: "not-a-token" is not an upload token') });

    const beyond = await owner.upload(`/api/audits/${await stub()}/upload-multiple`, [], { ...fields, uploadToken_3: uploadToken! });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().message).toContain('uploadToken_3');

    const audits = (await other.get('/api/audits')).json();
    expect(audits.find((a: { id: string }) => a.id === otherAudit)).toMatchObject({ status: 'draft' });
  });

  it('refuses a lapsed token with 400 naming the file, and deletes lapsed tokens with their files', async () => {
    const { uploadToken } = await preview(owner, path.join(fixture.dir, fixture.manifest.scanFiles[0]!.file));
    await t.db.update(uploadTokens).set({ expiresAt: sql`now() - interval '1 second'` as unknown as Date }).where(sql`${uploadTokens.token} = ${uploadToken}`);
    const fields = { scanColumn: fixture.manifest.scanFiles[0]!.scanColumn, uploadToken: uploadToken! };
    const lapsed = await owner.upload(`/api/audits/${await stub()}/upload-multiple`, [], fields);
    expect(lapsed.statusCode).toBe(400);
    expect(lapsed.json()).toMatchObject({ error: 'UPLOAD_TOKEN_EXPIRED', message: expect.stringContaining(`${fixture.manifest.scanFiles[0]!.file} has expired`) });

    const chunks = async () => (await t.db.execute(sql`select count(*)::int as n from stored_file_chunks where upload_token = ${uploadToken}`)) as unknown as { rows: { n: number }[] };
    expect((await chunks()).rows[0]!.n).toBeGreaterThan(0);
    const before = await tokenCount();
    expect(await removeExpiredUploadTokens(t.db)).toBe(1);
    expect(await tokenCount()).toBe(before - 1);
    expect((await chunks()).rows[0]!.n).toBe(0);
    const gone = await owner.upload(`/api/audits/${await stub()}/upload-multiple`, [], fields);
    expect(gone.statusCode).toBe(404);
  });

  it('keeps at most the newest tokens of an organisation, deleting the oldest with their files', async () => {
    const file = { path: fixedWidth, fileName: 'HANDHELD.TXT', sizeBytes: 10 };
    const made = [];
    for (let i = 0; i < 3; i++) made.push((await createUploadToken(t.db, organizationId, file, 2)).uploadToken);
    const live = (await t.db.select({ token: uploadTokens.token }).from(uploadTokens).where(sql`${uploadTokens.organizationId} = ${organizationId}`)).map((r) => r.token);
    expect(live.sort()).toEqual(made.slice(1).sort());
    await expect(openUploadTokens(t.db, organizationId, [{ field: 'uploadToken', token: made[0]! }])).rejects.toMatchObject({ code: 'UPLOAD_TOKEN_NOT_FOUND', status: 404 });
    const opened = await openUploadTokens(t.db, organizationId, [{ field: 'uploadToken', token: made[2]! }]);
    expect(opened.files[0]).toMatchObject({ fileName: 'HANDHELD.TXT', uploadToken: made[2] });
    await opened.cleanup();
  });

  it('stores a file while its preview runs, and keeps nothing, deleting no older token, when the preview fails', async () => {
    const file = { path: fixedWidth, fileName: 'HANDHELD.TXT', sizeBytes: 10 };
    const live = async () => (await t.db.select({ token: uploadTokens.token }).from(uploadTokens).where(sql`${uploadTokens.organizationId} = ${organizationId}`)).map((r) => r.token).sort();
    const chunkCount = async () => ((await t.db.execute(sql`select count(*)::int as n from stored_file_chunks where organization_id = ${organizationId}`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    const older = [(await createUploadToken(t.db, organizationId, file, 2)).uploadToken];
    older.push((await createUploadToken(t.db, organizationId, file, 2)).uploadToken);
    const [tokensBefore, chunksBefore] = [await live(), await chunkCount()];
    expect(tokensBefore).toEqual([...older].sort());

    // The preview fails while (or after) the file is stored: neither the new token, nor its file,
    // nor the loss of the oldest token (two is the most kept here) stays.
    const refused = new Error('the preview could not read the file');
    await expect(keepUploadAlongside(t.db, organizationId, file, async () => Promise.reject(refused), { maxLive: 2 })).rejects.toBe(refused);
    expect(await live()).toEqual(tokensBefore);
    expect(await chunkCount()).toBe(chunksBefore);

    // The preview succeeds: its answer comes back with a token whose file is readable, and the
    // oldest token goes.
    const { value, kept } = await keepUploadAlongside(t.db, organizationId, file, async () => 'previewed', { maxLive: 2 });
    expect(value).toBe('previewed');
    expect(await live()).toEqual([older[1]!, kept.uploadToken].sort());
    const opened = await openUploadTokens(t.db, organizationId, [{ field: 'uploadToken', token: kept.uploadToken }]);
    expect(opened.files[0]).toMatchObject({ fileName: 'HANDHELD.TXT', uploadToken: kept.uploadToken });
    await opened.cleanup();
  });

  it('keeps nothing for a viewer’s preview or an unreadable file; an import file’s token serves no audit', async () => {
    const before = await tokenCount();
    const viewer = await signedInMember(t, organizationId, 'viewer');
    const seen = await viewer.upload('/api/products/preview', [{ field: 'file', path: path.join(fixture.dir, fixture.manifest.scanFiles[0]!.file) }], { flow: 'scan' });
    expect(seen.statusCode).toBe(403);
    const empty = path.join(tmp, 'empty.csv');
    writeFileSync(empty, '');
    expect((await owner.upload('/api/products/preview', [{ field: 'file', path: empty }], { flow: 'scan' })).statusCode).toBe(400);
    expect((await owner.upload('/api/products/preview', [{ field: 'file', path: empty }], { flow: 'import' })).statusCode).toBe(400);
    expect(await tokenCount()).toBe(before);
    // The import flow keeps its file for the user (docs/decisions/0161): not a scan file for an audit.
    const imported = await owner.upload('/api/products/preview', [{ field: 'file', path: path.join(fixture.dir, 'catalogue.csv') }], { flow: 'import' });
    const token = imported.json().uploadToken as string;
    expect(token).toMatch(/^[0-9a-f-]{36}$/);
    const asScans = await owner.upload(`/api/audits/${await stub()}/upload-multiple`, [], { scanColumn: 'SKU', uploadToken: token });
    expect(asScans.statusCode).toBe(404);
    expect(asScans.json().error).toBe('UPLOAD_TOKEN_NOT_FOUND');
  });

  it('reads a fixed-width scan file as columns in preview, upload and processing', async () => {
    const answer = await preview(owner, fixedWidth);
    expect(answer).toMatchObject({ fixedWidth: true, headerRow: true, headers: ['Barcode', 'Qty'], totalRows: 4 });
    expect(answer.suggestedMapping).toEqual({ Barcode: 'scanValue', Qty: 'quantity' });
    const id = await stub();
    const res = await owner.upload(`/api/audits/${id}/upload-multiple`, [], { scanColumn: 'Barcode', quantityColumn: 'Qty', uploadToken: answer.uploadToken! });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().totalScanned).toBe(10);
    const results = (await owner.get(`/api/audits/${id}/results-enhanced?all=true`)).json();
    const line = (sku: string) =>
      Object.values(results.categories as Record<string, { sku: string; scannedQuantity: number }[]>)
        .flat()
        .find((l) => l.sku === sku);
    expect([line('AB-97921')?.scannedQuantity, line('sku9290-XL')?.scannedQuantity, line('NOT-IN-CATALOGUE')?.scannedQuantity]).toEqual([5, 1, 4]);
  });
});
