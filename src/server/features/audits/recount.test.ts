/**
 * Recount of lines (DESIGN.md section 13) on both databases: every Below and Zero Sheet line with
 * |difference| >= N becomes a product audit scoped to exactly those products, linked to its
 * parent; when it completes, the parent's lines, categories and summary use the final figures,
 * marked with the first count; a recount of a recount passes its figures up the chain; what is
 * refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Audit } from '../../../contracts/audits.js';
import type { EnhancedResults, ResultItem } from '../../../contracts/results.js';
import { DATABASE_KINDS } from '../../test-support/databases.js';
import { createTestApp, signedInMember, type TestApp, type TestClient } from '../../test-support/test-app.js';
import { processFiles, processedAudit } from './test-support/fixture-audits.js';
import { rebuildTagStats } from '../tag-analytics/stats-repo.js';

const CATALOGUE = ['SKU,Name,Cost,Qty,Tags', 'A-1,Apples,1.00,5,fruit', 'B-1,Bananas,2.00,3,fruit', 'C-1,Cherries,1.00,2,berry', 'D-1,Dates,0.50,4,fruit', 'E-1,Elderberries,1.00,6,berry'].join('\n');
// A-1 right, B-1 short 2, C-1 over 2, E-1 short 1, D-1 never scanned (zero sheet, -4).
const FIRST = ['Code,Count', 'A-1,5', 'B-1,1', 'C-1,4', 'E-1,5'].join('\n');

describe.each(DATABASE_KINDS)('recounting lines on %s', (kind) => {
  let t: TestApp;
  let owner: TestClient;
  let organizationId: string;
  const ids: Record<string, string> = {};

  async function results(id: string): Promise<EnhancedResults> {
    const res = await owner.get(`/api/audits/${id}/results-enhanced?limit=100`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  function line(r: EnhancedResults, sku: string): { category: string; item: ResultItem } {
    for (const [category, items] of Object.entries(r.categories)) {
      const item = (items as ResultItem[]).find((i) => i.sku === sku);
      if (item) return { category, item };
    }
    throw new Error(`${sku} has no line`);
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = t.client();
    organizationId = (await owner.signUp()).organizationId;
    const res = await owner.upload('/api/products/import', [{ field: 'file', content: CATALOGUE, fileName: 'c.csv' }], {
      columnMapping: JSON.stringify({ SKU: 'sku', Name: 'name', Cost: 'costPrice', Qty: 'currentQuantity', Tags: 'tags' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const p of (await owner.get('/api/products?limit=100')).json().products as Array<{ id: string; sku: string }>) ids[p.sku] = p.id;
  });
  afterAll(async () => t?.close());

  it('recounts the Below and Zero Sheet lines off by 2 or more; the parent then shows the final figures', async () => {
    const parent = await processedAudit(owner, 'Aisle 3', [{ content: FIRST, fileName: 'first.csv' }]);
    const before = await results(parent);
    expect(before.counts).toMatchObject({ quantityCorrect: 1, quantityAbove: 1, quantityBelow: 2, zeroSheetItems: 1 });

    const created = await owner.post(`/api/audits/${parent}/recount`, { minDifference: 2 });
    expect(created.statusCode, created.body).toBe(201);
    const recount: Audit = created.json();
    expect(recount).toMatchObject({ name: 'Aisle 3 (recount)', auditType: 'product-audit', status: 'draft', parentAuditId: parent, scopeProductCount: 2, filterExpression: null });

    // B-1 and D-1 found; A-1 scanned too, but it is not in the recount's scope.
    await processFiles(owner, recount.id, [{ content: ['Code,Count', 'B-1,3', 'D-1,2', 'A-1,1'].join('\n'), fileName: 'recount.csv' }]);
    const own = await results(recount.id);
    expect(own.totalProductsInFilter).toBe(2);
    expect(own.counts).toMatchObject({ quantityCorrect: 1, quantityBelow: 1, scannedNotExpected: 1 });

    const after = await results(parent);
    expect(after.counts).toMatchObject({ quantityCorrect: 2, quantityAbove: 1, quantityBelow: 2, zeroSheetItems: 0 });
    expect(line(after, 'B-1')).toMatchObject({ category: 'quantityCorrect', item: { scannedQuantity: 3, difference: 0, reason: 'Recounted: first count 1, final 3 (Aisle 3 (recount))' } });
    expect(line(after, 'D-1')).toMatchObject({ category: 'quantityBelow', item: { scannedQuantity: 2, difference: -2, expectedQuantity: 4 } });
    expect(line(after, 'A-1')).toMatchObject({ category: 'quantityCorrect', item: { scannedQuantity: 5, reason: null } });
    expect(line(after, 'E-1').item.scannedQuantity).toBe(5);
    // Summary: variance A 0, B 0, C +2, E -1, D -2; accuracy 2 of 5 counted.
    expect(after.summary).toMatchObject({ varianceUnits: -1, accuracy: 2 / 5 });
    expect(after.summary.varianceValue).toBe('0.00');

    // A recount of the recount (D-1 only): its figure goes up the whole chain.
    const second: Audit = (await owner.post(`/api/audits/${recount.id}/recount`, { productIds: [ids['D-1']] })).json();
    expect(second).toMatchObject({ parentAuditId: recount.id, scopeProductCount: 1 });
    await processFiles(owner, second.id, [{ content: ['Code,Count', 'D-1,4'].join('\n'), fileName: 'again.csv' }]);
    expect(line(await results(recount.id), 'D-1')).toMatchObject({ category: 'quantityCorrect', item: { scannedQuantity: 4 } });
    const final = await results(parent);
    expect(final.counts).toMatchObject({ quantityCorrect: 3, quantityAbove: 1, quantityBelow: 1 });
    expect(line(final, 'D-1')).toMatchObject({ category: 'quantityCorrect', item: { scannedQuantity: 4, reason: 'Recounted: first count 0, final 4 (Aisle 3 (recount) (recount))' } });
    expect(final.summary).toMatchObject({ varianceUnits: 1, accuracy: 3 / 5 });

    // The CSV export carries the final figure and the mark.
    const csv = (await owner.get(`/api/audits/${parent}/export`)).body;
    expect(csv).toContain('Recounted: first count 1, final 3');
    // Applying the parent sets the final figures.
    const state = (await owner.get(`/api/audits/${parent}/application`)).json();
    expect(state.next).toMatchObject({ countedProducts: 5, changes: 2 }); // C-1 2 -> 4, E-1 6 -> 5
  });

  it('passes decimal final figures to the parent exactly: difference, category, variance units and the mark', async () => {
    // A-1 right, B-1 short 1.8, C-1 over 0.1, E-1 short 0.1, D-1 never scanned (-4).
    const parent = await processedAudit(owner, 'Deli', [{ content: ['Code,Count', 'A-1,5', 'B-1,1.2', 'C-1,2.1', 'E-1,5.9'].join('\n'), fileName: 'first.csv' }]);
    expect((await results(parent)).summary.varianceUnits).toBe(-5.8);
    const recount: Audit = (await owner.post(`/api/audits/${parent}/recount`, { productIds: [ids['B-1'], ids['C-1']] })).json();
    await processFiles(owner, recount.id, [{ content: ['Code,Count', 'B-1,2.9', 'C-1,1.999'].join('\n'), fileName: 'recount.csv' }]);

    const after = await results(parent);
    expect(line(after, 'B-1')).toMatchObject({ category: 'quantityBelow', item: { scannedQuantity: 2.9, difference: -0.1, reason: 'Recounted: first count 1.2, final 2.9 (Deli (recount))' } });
    expect(line(after, 'C-1')).toMatchObject({ category: 'quantityBelow', item: { scannedQuantity: 1.999, difference: -0.001, reason: 'Recounted: first count 2.1, final 1.999 (Deli (recount))' } });
    // Variance: A 0, B -0.1, C -0.001, E -0.1, D -4.
    expect(after.summary.varianceUnits).toBe(-4.201);
    expect(after.counts).toMatchObject({ quantityCorrect: 1, quantityAbove: 0, quantityBelow: 3, zeroSheetItems: 1 });

    // Tag analytics kept as the recount rewrote the parent's lines equal a rebuild from the lines.
    const tagSummary = async () => (await owner.get('/api/tag-analytics/summary')).json() as unknown[];
    const kept = await tagSummary();
    await rebuildTagStats(t.db, organizationId, null);
    expect(kept).toEqual(await tagSummary());
  });

  it('assigns the recount as a task to a member; refuses a viewer as assignee without creating the recount', async () => {
    const parent = await processedAudit(owner, 'Aisle 5', [{ content: FIRST, fileName: 'first.csv' }]);
    const member = await signedInMember(t, organizationId, 'member');
    const memberId = (await member.get('/api/auth/user')).json().id as string;
    const recount: Audit = (await owner.post(`/api/audits/${parent}/recount`, { minDifference: 2, assignedTo: memberId })).json();
    const tasks = (await member.get('/api/audit-tasks')).json() as Array<{ auditId: string; title: string; status: string }>;
    expect(tasks.filter((task) => task.auditId === recount.id)).toMatchObject([{ title: 'Aisle 5 (recount)', status: 'pending' }]);

    const viewer = await signedInMember(t, organizationId, 'viewer');
    const viewerId = (await viewer.get('/api/auth/user')).json().id as string;
    const before = (await owner.get('/api/audits')).json().length as number;
    const refused = await owner.post(`/api/audits/${parent}/recount`, { minDifference: 2, assignedTo: viewerId });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('INVALID_ASSIGNEE');
    expect((await owner.get('/api/audits')).json()).toHaveLength(before);
  });

  it('recounts chosen lines; refuses nothing to recount, an unfinished audit, a viewer and another organisation', async () => {
    const parent = await processedAudit(owner, 'Aisle 4', [{ content: FIRST, fileName: 'first.csv' }]);
    const chosen: Audit = (await owner.post(`/api/audits/${parent}/recount`, { productIds: [ids['C-1'], ids['E-1']], name: 'Aisle 4 check' })).json();
    expect(chosen).toMatchObject({ name: 'Aisle 4 check', scopeProductCount: 2, parentAuditId: parent });

    const stranger = t.client();
    await stranger.signUp();
    const foreign = await owner.post(`/api/audits/${parent}/recount`, { productIds: ['00000000-0000-4000-8000-000000000000'] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error).toBe('NOTHING_TO_RECOUNT');
    expect((await owner.post(`/api/audits/${parent}/recount`, { minDifference: 100 })).json().error).toBe('NOTHING_TO_RECOUNT');
    const draft = (await owner.post('/api/audits', { name: 'Draft' })).json().id as string;
    expect((await owner.post(`/api/audits/${draft}/recount`, { minDifference: 1 })).statusCode).toBe(409);
    const viewer = await signedInMember(t, organizationId, 'viewer');
    expect((await viewer.post(`/api/audits/${parent}/recount`, { minDifference: 1 })).statusCode).toBe(403);
    expect((await stranger.post(`/api/audits/${parent}/recount`, { minDifference: 1 })).statusCode).toBe(404);
  });
});
