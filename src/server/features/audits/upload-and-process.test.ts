/**
 * The resume flow's calls (spec part 1 sections 2, 7; docs/decisions/0009): `POST /api/audits/stub`,
 * `POST /api/audits/{id}/upload` one file at a time, then `POST /api/audits/{id}/process`; and
 * who may call them (a viewer: 403; another organisation: 404 on every audit route).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PagedResults } from '../../../contracts/results.js';
import { loadFixture } from '../../../domain/test-support/fixtures.js';
import { DATABASE_KINDS } from '../../test-support/databases.js';
import { createTestApp, signedInMember, type TestApp, type TestClient } from '../../test-support/test-app.js';
import { storedFileIds } from './stored-files.js';
import { importFixtureCatalogue, manifestUpload } from './test-support/fixture-audits.js';

const fixture = loadFixture('cycle-count-basic');
const petCare = loadFixture('product-audit-category').manifest.filterExpression!;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'stocktally-upload-test-'));

describe.each(DATABASE_KINDS)('one-file uploads and process on %s', (kind) => {
  let t: TestApp;
  let owner: TestClient;
  let organizationId: string;
  const keptFiles = (auditId: string) => storedFileIds(t.db, auditId);

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = t.client();
    organizationId = (await owner.signUp()).organizationId;
    await importFixtureCatalogue(owner, fixture);
  });
  afterAll(async () => t?.close());

  async function stub(body: Record<string, unknown> = { name: 'Task audit', type: 'cycle-count', status: 'draft' }): Promise<string> {
    const res = await owner.post('/api/audits/stub', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  }

  function uploadOne(client: TestClient, auditId: string, i: number, extra: Record<string, string> = {}) {
    const f = fixture.manifest.scanFiles[i]!;
    const fields: Record<string, string> = { scanColumn: f.scanColumn, teamName: f.teamName, ...extra };
    if (f.quantityColumn) fields.quantityColumn = f.quantityColumn;
    if (f.scannerId) fields.scannerId = f.scannerId;
    return client.upload(`/api/audits/${auditId}/upload`, [{ field: 'scanFile', path: path.join(fixture.dir, f.file) }], fields);
  }

  it('creates draft stubs of either type', async () => {
    const cycle = await owner.post('/api/audits/stub', { name: 'Year end', type: 'cycle-count', status: 'draft' });
    expect(cycle.statusCode).toBe(201);
    expect(cycle.json()).toMatchObject({ name: 'Year end', auditType: 'cycle-count', status: 'draft', filterExpression: null });
    const product = await owner.post('/api/audits/stub', { name: 'Pets', type: 'product-audit', status: 'draft', filterExpression: JSON.stringify(petCare) });
    expect(product.json()).toMatchObject({ auditType: 'product-audit', status: 'draft', filterExpression: petCare });
    expect((await owner.post('/api/audits/stub', { name: 'x', type: 'stocktake', status: 'draft' })).statusCode).toBe(400);
    expect((await owner.post('/api/audits/stub', { name: 'x', type: 'cycle-count', status: 'complete' })).statusCode).toBe(400);
    expect((await owner.post('/api/audits/stub', { name: ' ', type: 'cycle-count', status: 'draft' })).statusCode).toBe(400);
  });

  it('keeps each uploaded file, then processes them all to the same answer as upload-multiple', async () => {
    const id = await stub();
    for (let i = 0; i < fixture.manifest.scanFiles.length; i++) {
      const res = await uploadOne(owner, id, i, i === 0 ? { section: 'Back store' } : {});
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        fileName: fixture.manifest.scanFiles[i]!.file,
        teamName: fixture.manifest.scanFiles[i]!.teamName,
        position: i,
        pendingProcessing: true,
        totalItems: 0,
      });
      expect(res.json().rowCount).toBeGreaterThan(0);
    }
    const pending = (await owner.get(`/api/audits/${id}`)).json();
    expect(pending).toMatchObject({ status: 'pending', section: 'Back store', itemsScanned: null });
    expect(pending.scanFiles).toHaveLength(4);
    expect(await keptFiles(id)).toHaveLength(4);

    const res = await owner.post(`/api/audits/${id}/process`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ totalScanned: fixture.expected.totalScanned, audit: { status: 'complete', progress: 100 } });
    // The files stay with the complete audit, for a recompute (docs/decisions/0138).
    expect(await keptFiles(id)).toHaveLength(4);
    expect(res.json().audit).toMatchObject({ canRecompute: true, recomputeState: null });

    const results: PagedResults = (await owner.get(`/api/audits/${id}/results-enhanced?all=true`)).json();
    for (const [category, n] of Object.entries(fixture.expected.counts)) {
      expect(results.counts[category as keyof typeof results.counts], category).toBe(n);
    }
    expect(results.summary.matchRate).toBeCloseTo(fixture.expected.matchRate, 12);
    expect(results.summary.scanFileBreakdown.map((f) => [f.fileName, f.teamName, f.scannerId, f.totalItems])).toEqual(
      fixture.manifest.scanFiles.map((f) => [f.file, f.teamName, f.scannerId ?? null, fixture.expected.files[f.file]!.totalItems]),
    );
    const done = (await owner.get(`/api/audits/${id}`)).json();
    expect(done.scanFiles.map((f: { pendingProcessing: boolean }) => f.pendingProcessing)).toEqual([false, false, false, false]);

    // The same files through upload-multiple give the same lines.
    const other = await stub({ name: 'Run now', type: 'cycle-count', status: 'draft' });
    const { files, fields } = manifestUpload(fixture);
    expect((await owner.upload(`/api/audits/${other}/upload-multiple`, files, fields)).statusCode).toBe(200);
    const again: PagedResults = (await owner.get(`/api/audits/${other}/results-enhanced?all=true`)).json();
    expect(again.categories).toEqual(results.categories);

    expect((await uploadOne(owner, id, 0)).statusCode).toBe(409);
    expect((await owner.post(`/api/audits/${id}/process`)).statusCode).toBe(409);
  });

  it('processes a product-audit stub with its filter in cross-validation mode when asked', async () => {
    const catalogue = fixture.catalogueRows.filter((r) => r.currentQuantity > 0).slice(0, 2);
    const filter = { logic: 'OR', conditions: catalogue.map((r, i) => ({ id: `c${i}`, field: 'sku', operator: 'equals', value: r.sku })) };
    const id = await stub({ name: 'Two SKUs', type: 'product-audit', status: 'draft', filterExpression: filter });
    for (const [name, qty] of [['a.csv', 0], ['b.csv', 1]] as const) {
      const file = path.join(tmp, name);
      writeFileSync(file, `code,n\n${catalogue[0]!.sku},${catalogue[0]!.currentQuantity + qty}\n${catalogue[1]!.sku},${catalogue[1]!.currentQuantity}\n`);
      const res = await owner.upload(`/api/audits/${id}/upload`, [{ field: 'scanFile', path: file }], { scanColumn: 'code', quantityColumn: 'n' });
      expect(res.statusCode, res.body).toBe(201);
    }
    const res = await owner.post(`/api/audits/${id}/process`, { mode: 'cross-validation' });
    expect(res.statusCode, res.body).toBe(200);
    const results: PagedResults = (await owner.get(`/api/audits/${id}/results-enhanced?all=true`)).json();
    expect(results.totalProductsInFilter).toBe(2);
    expect(results.categories.crossFileDiscrepancies.map((i) => i.sku)).toEqual([catalogue[0]!.sku]);
    expect(results.categories.quantityCorrect.map((i) => i.sku)).toEqual([catalogue[1]!.sku]);
    expect(results.summary.scanFileBreakdown.map((f) => f.teamName)).toEqual(['Team 1', 'Team 2']);
  });

  it('refuses a bad file on upload, naming it, and keeps nothing', async () => {
    const id = await stub();
    const bad = path.join(tmp, 'team2.csv');
    writeFileSync(bad, 'EAN;Menge\n4006381333931;2\n0012345678905;abc\n');
    const quantity = await owner.upload(`/api/audits/${id}/upload`, [{ field: 'scanFile', path: bad }], { scanColumn: 'EAN', quantityColumn: 'Menge', teamName: 'Team 2' });
    expect(quantity.statusCode).toBe(400);
    expect(quantity.json().message).toBe('team2.csv line 3: quantity "abc" is not a number');

    const noColumn = await owner.upload(`/api/audits/${id}/upload`, [{ field: 'scanFile', path: bad }], { teamName: 'Team 2' });
    expect(noColumn.statusCode).toBe(400);
    expect(noColumn.json()).toMatchObject({ error: 'MISSING_SCAN_COLUMN' });
    expect(noColumn.json().message).toContain('team2.csv');

    const unknown = await owner.upload(`/api/audits/${id}/upload`, [{ field: 'scanFile', path: bad }], { scanColumn: 'Barcode' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('team2.csv: there is no column "Barcode". Columns: EAN, Menge');

    const empty = await owner.upload(`/api/audits/${id}/upload`, [{ field: 'scanFile', content: '', fileName: 'empty.csv' }], { scanColumn: 'EAN' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('empty.csv');

    const noFile = await owner.upload(`/api/audits/${id}/upload`, [], { scanColumn: 'EAN' });
    expect(noFile.statusCode).toBe(400);

    expect((await owner.get(`/api/audits/${id}`)).json()).toMatchObject({ status: 'draft', scanFiles: [] });
    expect(await keptFiles(id)).toEqual([]);
    const nothing = await owner.post(`/api/audits/${id}/process`);
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toMatchObject({ error: 'NO_SCAN_FILES' });
  });

  it('deletes the kept files with the audit', async () => {
    const id = await stub();
    expect((await uploadOne(owner, id, 2)).statusCode).toBe(201);
    expect(await keptFiles(id)).toHaveLength(1);
    expect((await owner.delete(`/api/audits/${id}`)).statusCode).toBe(204);
    expect(await keptFiles(id)).toEqual([]);
  });

  it('answers 404 to another organisation on every audit route, and changes nothing', async () => {
    const id = await stub();
    expect((await uploadOne(owner, id, 2)).statusCode).toBe(201);
    const stranger = t.client();
    await stranger.signUp({ organizationName: 'Stranger Goods' });
    for (const url of ['', '/results-enhanced', '/export', '/export-xlsx']) {
      expect((await stranger.get(`/api/audits/${id}${url}`)).statusCode, url).toBe(404);
    }
    expect((await uploadOne(stranger, id, 0)).statusCode).toBe(404);
    expect((await stranger.post(`/api/audits/${id}/process`)).statusCode).toBe(404);
    const { files, fields } = manifestUpload(fixture);
    expect((await stranger.upload(`/api/audits/${id}/upload-multiple`, files, fields)).statusCode).toBe(404);
    expect((await stranger.delete(`/api/audits/${id}`)).statusCode).toBe(404);
    expect((await stranger.post('/api/audits/not-a-uuid/process')).statusCode).toBe(404);
    expect((await stranger.get('/api/audits')).json()).toEqual([]);

    expect((await owner.get(`/api/audits/${id}`)).json()).toMatchObject({ status: 'pending', scanFiles: [{ position: 0 }] });
    expect(await keptFiles(id)).toHaveLength(1);
  });

  it('lets a viewer read but not create, upload or process', async () => {
    const id = await stub();
    const viewer = await signedInMember(t, organizationId, 'viewer');
    expect((await viewer.get(`/api/audits/${id}`)).statusCode).toBe(200);
    expect((await viewer.post('/api/audits/stub', { name: 'x', type: 'cycle-count', status: 'draft' })).statusCode).toBe(403);
    expect((await viewer.post('/api/audits/product-audit', { name: 'x', filterExpression: petCare })).statusCode).toBe(403);
    expect((await uploadOne(viewer, id, 0)).statusCode).toBe(403);
    expect((await viewer.post(`/api/audits/${id}/process`)).statusCode).toBe(403);
    expect(await keptFiles(id)).toEqual([]);

    const member = await signedInMember(t, organizationId, 'member');
    expect((await uploadOne(member, id, 0)).statusCode).toBe(201);
    expect((await member.post(`/api/audits/${id}/process`)).statusCode).toBe(200);
  });

  it('answers 401 to signed-out requests', async () => {
    const anon = t.client();
    expect((await anon.post('/api/audits/stub', { name: 'x', type: 'cycle-count', status: 'draft' })).statusCode).toBe(401);
    expect((await anon.post('/api/audits/product-audit', { name: 'x', filterExpression: petCare })).statusCode).toBe(401);
  });
});
