import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULT_CATEGORIES, type PagedResults, type ResultCategory } from '../../../contracts/results.js';
import { loadFixture } from '../../../domain/test-support/fixtures.js';
import { DATABASE_KINDS } from '../../test-support/databases.js';
import { createTestApp, signedInMember, type TestApp, type TestClient } from '../../test-support/test-app.js';
import { importFixtureCatalogue, manifestUpload as fixtureUpload } from './test-support/fixture-audits.js';

const manifestUpload = () => fixtureUpload(fixture);

const fixture = loadFixture('cycle-count-basic');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'stocktally-audits-test-'));

async function createAudit(c: TestClient, name = 'Year-end count'): Promise<string> {
  const res = await c.post('/api/audits', { name, section: 'Main store' });
  expect(res.statusCode).toBe(201);
  expect(res.json()).toMatchObject({ name, section: 'Main store', status: 'draft', auditType: 'cycle-count' });
  return res.json().id;
}

describe.each(DATABASE_KINDS)('cycle count audits on %s', (kind) => {
  let t: TestApp;
  let owner: TestClient;
  let organizationId: string;
  let auditId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = t.client();
    organizationId = (await owner.signUp()).organizationId;
    await importFixtureCatalogue(owner, fixture);
  });
  afterAll(async () => t?.close());

  it('refuses a scan file with quantity "abc", naming file and line, and changes nothing', async () => {
    const id = await createAudit(owner, 'Bad quantities');
    const file = path.join(tmp, 'team2.csv');
    writeFileSync(file, 'EAN;Menge\n4006381333931;2\n' + '5000112637922;1\n'.repeat(11) + '0012345678905;abc\n');
    const res = await owner.upload(`/api/audits/${id}/upload-multiple`, [{ field: 'scanFiles', path: file }], {
      teamName_0: 'Team 2',
      scanColumn_0: 'EAN',
      quantityColumn_0: 'Menge',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('team2.csv line 14: quantity "abc" is not a number');
    const audit = (await owner.get(`/api/audits/${id}`)).json();
    expect(audit).toMatchObject({ status: 'draft', scanFiles: [], itemsScanned: null });
    expect((await owner.get(`/api/audits/${id}/results-enhanced`)).statusCode).toBe(409);
  });

  it('refuses a file without a chosen scan column, and an unknown column', async () => {
    const id = await createAudit(owner, 'Bad mapping');
    const scan = { field: 'scanFiles', path: path.join(fixture.dir, 'team3-handheld.csv') };
    const none = await owner.upload(`/api/audits/${id}/upload-multiple`, [scan], { teamName_0: 'Team 3' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ error: 'MISSING_SCAN_COLUMN' });
    expect(none.json().message).toContain('team3-handheld.csv');
    const unknown = await owner.upload(`/api/audits/${id}/upload-multiple`, [scan], { scanColumn_0: 'Barcode' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('team3-handheld.csv: there is no column "Barcode". Columns: scan');
    expect((await owner.get(`/api/audits/${id}`)).json().status).toBe('draft');
  });

  it('refuses an empty scan file and one that is not a spreadsheet', async () => {
    const id = await createAudit(owner, 'Bad files');
    const empty = path.join(tmp, 'empty.csv');
    writeFileSync(empty, '');
    const fake = path.join(tmp, 'counts.xlsx');
    writeFileSync(fake, 'Barcode,Qty\n1,2\n');
    for (const file of [empty, fake]) {
      const res = await owner.upload(`/api/audits/${id}/upload-multiple`, [{ field: 'scanFiles', path: file }], { scanColumn_0: 'Barcode' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(path.basename(file));
    }
  });

  it('processes the four fixture files to the reference answer', async () => {
    auditId = await createAudit(owner);
    const { files, fields } = manifestUpload();
    const res = await owner.upload(`/api/audits/${auditId}/upload-multiple`, files, fields);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.audit.status).toBe('complete');
    expect(body.totalScanned).toBe(fixture.expected.totalScanned);

    const results: PagedResults = (await owner.get(`/api/audits/${auditId}/results-enhanced?all=true`)).json();
    expect(results.auditType).toBe('cycle-count');
    expect(results.summary.totalScanned).toBe(fixture.expected.totalScanned);
    expect(results.summary.matchRate).toBeCloseTo(fixture.expected.matchRate, 12);
    expect(results.summary.processingTime).toBeGreaterThanOrEqual(0);
    for (const [category, n] of Object.entries(fixture.expected.counts)) {
      expect(results.counts[category as ResultCategory], category).toBe(n);
      expect(results.categories[category as ResultCategory]).toHaveLength(n);
    }
    const seen = new Map<string, { category: string; expected: number | null; scanned: number }>();
    for (const category of RESULT_CATEGORIES) {
      if (category === 'notFound') continue;
      for (const item of results.categories[category]) {
        seen.set(item.sku, { category, expected: item.expectedQuantity, scanned: item.scannedQuantity });
      }
    }
    for (const [sku, want] of Object.entries(fixture.expected.items)) {
      expect(seen.get(sku), sku).toEqual(want.category === 'zeroSheetItems' ? { ...want, scanned: 0 } : want);
    }
    const notFound = Object.fromEntries(results.categories.notFound.map((i) => [i.sku, i.scannedQuantity]));
    expect(notFound).toEqual(fixture.expected.notFound);
    expect(results.summary.scanFileBreakdown.map((f) => f.fileName)).toEqual(fixture.manifest.scanFiles.map((f) => f.file));
    for (const f of results.summary.scanFileBreakdown) {
      expect(f.totalItems).toBe(fixture.expected.files[f.fileName]!.totalItems);
      expect(f.matchRate).toBeCloseTo(fixture.expected.files[f.fileName]!.matchRate, 12);
    }
    expect(results.summary.scanFileBreakdown[0]).toMatchObject({ teamName: 'Team 1', scannerId: 'MC3300-07' });

    const audit = (await owner.get(`/api/audits/${auditId}`)).json();
    expect(audit).toMatchObject({ status: 'complete', itemsScanned: fixture.expected.totalScanned, progress: 100 });
    expect(audit.completedAt).not.toBeNull();
    expect(audit.scanFiles).toHaveLength(4);
  });

  it('pages each category and searches within them', async () => {
    const page2 = (await owner.get(`/api/audits/${auditId}/results-enhanced?pageSize=10&quantityCorrectPage=2`)).json();
    const all = (await owner.get(`/api/audits/${auditId}/results-enhanced?all=true`)).json();
    expect(page2.categories.quantityCorrect).toEqual(all.categories.quantityCorrect.slice(10, 20));
    expect(page2.categories.quantityAbove).toEqual(all.categories.quantityAbove.slice(0, 10));
    expect(page2.totals.quantityCorrect).toBe(fixture.expected.counts.quantityCorrect);
    expect(page2.pages.quantityCorrect).toEqual({ page: 2, pageSize: 10 });

    const target = all.categories.quantityBelow[0];
    const found = (await owner.get(`/api/audits/${auditId}/results-enhanced?search=${encodeURIComponent(target.sku.toLowerCase())}`)).json();
    expect(found.categories.quantityBelow.map((i: { sku: string }) => i.sku)).toContain(target.sku);
    expect(found.totals.quantityBelow).toBeLessThan(all.totals.quantityBelow);
    expect(found.counts).toEqual(all.counts);
  });

  it('exports every line as CSV, with formula-safe text', async () => {
    const res = await owner.get(`/api/audits/${auditId}/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename=".+\.csv"/);
    const parsed = Papa.parse<Record<string, string>>(res.body.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true });
    const perCategory = new Map<string, number>();
    for (const row of parsed.data) perCategory.set(row.Category!, (perCategory.get(row.Category!) ?? 0) + 1);
    const total = Object.values(fixture.expected.counts).reduce((a, b) => a + b, 0);
    expect(parsed.data).toHaveLength(total);
    expect(perCategory.size).toBe(Object.values(fixture.expected.counts).filter((n) => n > 0).length);
  });

  it('exports the Professional XLSX with a sheet per category', async () => {
    const res = await owner.get(`/api/audits/${auditId}/export-xlsx`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const names = workbook.worksheets.map((w) => w.name);
    expect(names.slice(0, 2)).toEqual(['Instructions', 'Executive Summary']);
    const rowsOf = (sheet: string) => workbook.getWorksheet(sheet)!.actualRowCount;
    expect(rowsOf('Correct')).toBe(fixture.expected.counts.quantityCorrect! + 1);
    expect(rowsOf('Above')).toBe(fixture.expected.counts.quantityAbove! + 1);
    expect(rowsOf('Below')).toBe(fixture.expected.counts.quantityBelow! + 1);
    expect(rowsOf('Not Found')).toBe(fixture.expected.counts.notFound! + 1);
    expect(rowsOf('Zero Sheet')).toBe(fixture.expected.counts.zeroSheetItems! + 1);
  });

  it('lists audits newest first with their headline figures', async () => {
    const list = (await owner.get('/api/audits')).json();
    expect(list[0]).toMatchObject({ id: expect.any(String) });
    const done = list.find((a: { id: string }) => a.id === auditId);
    expect(done).toMatchObject({ status: 'complete', itemsScanned: fixture.expected.totalScanned });
  });

  it('answers 404 for another organisation on every audit route', async () => {
    const stranger = t.client();
    await stranger.signUp({ organizationName: 'Stranger Goods' });
    expect((await stranger.get('/api/audits')).json()).toEqual([]);
    for (const url of ['', '/results-enhanced', '/export', '/export-xlsx']) {
      const res = await stranger.get(`/api/audits/${auditId}${url}`);
      expect(res.statusCode, url).toBe(404);
    }
    const { files, fields } = manifestUpload();
    expect((await stranger.upload(`/api/audits/${auditId}/upload-multiple`, files, fields)).statusCode).toBe(404);
    expect((await stranger.delete(`/api/audits/${auditId}`)).statusCode).toBe(404);
    expect((await stranger.get('/api/audits/not-a-uuid')).statusCode).toBe(404);
    expect((await owner.get(`/api/audits/${auditId}`)).statusCode).toBe(200);
  });

  it('lets a viewer read results but not create, process or delete', async () => {
    const viewer = await signedInMember(t, organizationId, 'viewer');
    expect((await viewer.get(`/api/audits/${auditId}/results-enhanced`)).statusCode).toBe(200);
    expect((await viewer.post('/api/audits', { name: 'Nope' })).statusCode).toBe(403);
    expect((await viewer.delete(`/api/audits/${auditId}`)).statusCode).toBe(403);
    const draft = await createAudit(owner, 'Viewer target');
    const { files, fields } = manifestUpload();
    expect((await viewer.upload(`/api/audits/${draft}/upload-multiple`, files, fields)).statusCode).toBe(403);
  });

  it('answers 401 to signed-out requests', async () => {
    const anon = t.client();
    expect((await anon.get('/api/audits')).statusCode).toBe(401);
    expect((await anon.get(`/api/audits/${auditId}`)).statusCode).toBe(401);
    expect((await anon.post('/api/audits', { name: 'x' })).statusCode).toBe(401);
  });

  it('will not process a complete audit again', async () => {
    const { files, fields } = manifestUpload();
    const res = await owner.upload(`/api/audits/${auditId}/upload-multiple`, files, fields);
    expect(res.statusCode).toBe(409);
  });

  it('deletes an audit with its lines', async () => {
    const res = await owner.delete(`/api/audits/${auditId}`);
    expect(res.statusCode).toBe(204);
    expect((await owner.get(`/api/audits/${auditId}`)).statusCode).toBe(404);
    expect((await owner.get(`/api/audits/${auditId}/results-enhanced`)).statusCode).toBe(404);
  });
});
