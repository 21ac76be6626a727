/**
 * Product audits over the API (spec part 1 sections 2, 5, 7; DESIGN.md section 5): creation with
 * the filter as an object or a JSON string, the product-audit-category fixture held to its
 * reference answer, and cross-validation mode.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULT_CATEGORIES, type PagedResults, type ResultCategory, type ResultItem } from '../../../contracts/results.js';
import { compileFilter } from '../../../domain/filters.js';
import { loadFixture } from '../../../domain/test-support/fixtures.js';
import { DATABASE_KINDS } from '../../test-support/databases.js';
import { createTestApp, type TestApp, type TestClient } from '../../test-support/test-app.js';
import { importFixtureCatalogue, manifestUpload } from './test-support/fixture-audits.js';

const fixture = loadFixture('product-audit-category');
const filter = fixture.manifest.filterExpression!;
const inScope = fixture.catalogueRows.filter(compileFilter(filter));
const categoryOf = new Map(fixture.catalogueRows.map((r) => [r.sku, r.category]));
const tmp = mkdtempSync(path.join(os.tmpdir(), 'stocktally-product-audit-test-'));

describe.each(DATABASE_KINDS)('product audits on %s', (kind) => {
  let t: TestApp;
  let owner: TestClient;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = t.client();
    await owner.signUp();
    await importFixtureCatalogue(owner, fixture);
  });
  afterAll(async () => t?.close());

  async function createProductAudit(body: Record<string, unknown>): Promise<string> {
    const res = await owner.post('/api/audits/product-audit', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  }

  it('creates a draft product audit from a filter sent as a JSON string and as an object', async () => {
    for (const filterExpression of [JSON.stringify(filter), filter]) {
      const res = await owner.post('/api/audits/product-audit', { name: 'Pet aisle', section: 'Aisle 7', filterExpression });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        name: 'Pet aisle',
        section: 'Aisle 7',
        auditType: 'product-audit',
        mode: 'standard',
        status: 'draft',
        filterExpression: filter,
        hasTask: false,
        quantityDiscrepancies: null,
        scanFiles: [],
      });
      expect((await owner.get(`/api/audits/${res.json().id}`)).json().filterExpression).toEqual(filter);
    }
  });

  it('refuses a filter that is invalid, not JSON, or matches no product, with a clear message', async () => {
    const noConditions = await owner.post('/api/audits/product-audit', { name: 'x', filterExpression: { logic: 'AND', conditions: [] } });
    expect(noConditions.statusCode).toBe(400);
    expect(noConditions.json().message).toBe('filterExpression.conditions: Add at least one filter condition');

    const notJson = await owner.post('/api/audits/product-audit', { name: 'x', filterExpression: '{logic: AND' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toBe('filterExpression: is not valid JSON');

    const badField = { logic: 'AND', conditions: [{ id: 'c1', field: 'colour', operator: 'equals', value: 'red' }] };
    const unknownField = await owner.post('/api/audits/product-audit', { name: 'x', filterExpression: JSON.stringify(badField) });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json().message).toMatch(/^filterExpression\.conditions\.0\.field: /);

    const missing = await owner.post('/api/audits/product-audit', { name: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^filterExpression: /);

    const none = { logic: 'AND', conditions: [{ id: 'c1', field: 'category', operator: 'equals', value: 'Garden Gnomes' }] };
    const empty = await owner.post('/api/audits/product-audit', { name: 'x', filterExpression: none });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ error: 'NO_MATCHING_PRODUCTS', message: 'No products match this filter. Consider adjusting your criteria.' });
  });

  it('processes the four fixture files to the reference answer', async () => {
    const id = await createProductAudit({ name: 'Pet Care count', filterExpression: filter });
    const { files, fields } = manifestUpload(fixture);
    const res = await owner.upload(`/api/audits/${id}/upload-multiple`, files, fields);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().totalScanned).toBe(fixture.expected.totalScanned);

    const results: PagedResults = (await owner.get(`/api/audits/${id}/results-enhanced?all=true`)).json();
    expect(results.auditType).toBe('product-audit');
    expect(results.totalProductsInFilter).toBe(inScope.length);
    expect(results.summary.totalScanned).toBe(fixture.expected.totalScanned);
    expect(results.summary.matchRate).toBeCloseTo(fixture.expected.matchRate, 12);
    for (const category of RESULT_CATEGORIES) {
      const n = fixture.expected.counts[category] ?? 0;
      expect(results.counts[category], category).toBe(n);
      expect(results.categories[category], category).toHaveLength(n);
    }

    const seen = new Map<string, { category: string; expected: number | null; scanned: number }>();
    for (const category of RESULT_CATEGORIES) {
      if (category === 'notFound') continue;
      for (const item of results.categories[category]) {
        expect(seen.has(item.sku), `${item.sku} in one category only`).toBe(false);
        seen.set(item.sku, { category, expected: item.expectedQuantity, scanned: item.scannedQuantity });
      }
    }
    expect(seen.size).toBe(Object.keys(fixture.expected.items).length);
    for (const [sku, want] of Object.entries(fixture.expected.items)) {
      expect(seen.get(sku), sku).toEqual(want);
    }
    for (const item of results.categories.scannedNotExpected) {
      expect(item.actualCategory, item.sku).toBe(categoryOf.get(item.sku));
      expect(item.actualCategory).not.toBe('Pet Care');
    }
    const notFound = Object.fromEntries(results.categories.notFound.map((i) => [i.sku, i.scannedQuantity]));
    expect(notFound).toEqual(fixture.expected.notFound);

    expect(results.summary.scanFileBreakdown.map((f) => f.fileName)).toEqual(fixture.manifest.scanFiles.map((f) => f.file));
    for (const f of results.summary.scanFileBreakdown) {
      expect(f.totalItems, f.fileName).toBe(fixture.expected.files[f.fileName]!.totalItems);
      expect(f.matchRate, f.fileName).toBeCloseTo(fixture.expected.files[f.fileName]!.matchRate, 12);
    }

    const listed = (await owner.get('/api/audits')).json().find((a: { id: string }) => a.id === id);
    const counts = fixture.expected.counts;
    expect(listed).toMatchObject({
      status: 'complete',
      auditType: 'product-audit',
      itemsScanned: fixture.expected.totalScanned,
      quantityDiscrepancies: counts.quantityAbove! + counts.quantityBelow!,
      missingItems: counts.zeroSheetItems,
      unrecognizedItems: counts.notFound,
      hasTask: false,
    });
    expect(listed.completedAt).not.toBeNull();
  });

  it('cross-validation: products the files disagree on go to crossFileDiscrepancies with each count, and nowhere else', async () => {
    const [agreeCorrect, agreeAbove, disagree, onlyInOne] = inScope.filter((p) => p.currentQuantity > 2);
    const id = await createProductAudit({ name: 'Two teams', filterExpression: JSON.stringify(filter), mode: 'cross-validation' });
    const a = path.join(tmp, 'team-a.csv');
    const b = path.join(tmp, 'team-b.csv');
    writeFileSync(
      a,
      `SKU,Qty\n${agreeCorrect!.sku},${agreeCorrect!.currentQuantity}\n${agreeAbove!.sku},${agreeAbove!.currentQuantity + 1}\n` +
        `${disagree!.sku},${disagree!.currentQuantity}\n${onlyInOne!.sku},${onlyInOne!.currentQuantity}\n`,
    );
    writeFileSync(
      b,
      `Code;Count\n${agreeAbove!.sku.toLowerCase()};${agreeAbove!.currentQuantity + 1}\n${agreeCorrect!.upc ?? agreeCorrect!.sku};${agreeCorrect!.currentQuantity}\n` +
        `${disagree!.sku};${disagree!.currentQuantity - 1}\n`,
    );
    const res = await owner.upload(
      `/api/audits/${id}/upload-multiple`,
      [
        { field: 'scanFiles', path: a },
        { field: 'scanFiles', path: b },
      ],
      { teamName_0: 'Team A', scanColumn_0: 'SKU', quantityColumn_0: 'Qty', teamName_1: 'Team B', scanColumn_1: 'Code', quantityColumn_1: 'Count' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const results: PagedResults = (await owner.get(`/api/audits/${id}/results-enhanced?all=true`)).json();
    expect(results.summary.mode).toBe('cross-validation');

    const where = (sku: string) =>
      RESULT_CATEGORIES.filter((c) => results.categories[c].some((i) => i.sku === sku)) as ResultCategory[];
    expect(where(agreeCorrect!.sku)).toEqual(['quantityCorrect']);
    expect(where(agreeAbove!.sku)).toEqual(['quantityAbove']);
    expect(where(disagree!.sku)).toEqual(['crossFileDiscrepancies']);
    expect(where(onlyInOne!.sku)).toEqual(['crossFileDiscrepancies']);

    const line = (sku: string) => results.categories.crossFileDiscrepancies.find((i) => i.sku === sku) as ResultItem;
    expect(line(disagree!.sku).fileCounts).toEqual([
      { fileName: 'team-a.csv', teamName: 'Team A', quantity: disagree!.currentQuantity },
      { fileName: 'team-b.csv', teamName: 'Team B', quantity: disagree!.currentQuantity - 1 },
    ]);
    expect(line(onlyInOne!.sku).fileCounts).toEqual([
      { fileName: 'team-a.csv', teamName: 'Team A', quantity: onlyInOne!.currentQuantity },
      { fileName: 'team-b.csv', teamName: 'Team B', quantity: 0 },
    ]);
    expect(results.counts.crossFileDiscrepancies).toBe(2);

    const listed = (await owner.get(`/api/audits/${id}`)).json();
    expect(listed).toMatchObject({ mode: 'cross-validation', quantityDiscrepancies: 3 });
  });
});
