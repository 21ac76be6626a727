/**
 * `PATCH /api/audits/{id}` (rename; a stub product audit gets its filter and can then be
 * completed) and `POST /api/audits/{id}/recount` (a new draft of the same scope), with who may
 * call them and what is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Audit } from '../../../contracts/audits.js';
import { DATABASE_KINDS } from '../../test-support/databases.js';
import { createTestApp, signedInMember, type TestApp, type TestClient } from '../../test-support/test-app.js';

const CATALOGUE = ['SKU,Name,Category,Qty', 'P-1,Dog food,Pet Care,4', 'P-2,Cat litter,Pet Care,2', 'G-1,Rake,Garden,1'].join('\n');
const SCANS = ['Code,Count', 'P-1,4', 'P-2,1', 'G-1,1'].join('\n');
const petCare = { logic: 'AND', conditions: [{ id: 'c1', field: 'category', operator: 'equals', value: 'pet care' }] };

async function waitFor(c: TestClient, id: string, status: string): Promise<Audit> {
  for (let i = 0; i < 600; i++) {
    const audit: Audit = (await c.get(`/api/audits/${id}`)).json();
    if (audit.status === status) return audit;
    if (audit.status === 'error') throw new Error(audit.errorMessage ?? 'error');
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`audit never became ${status}`);
}

describe.each(DATABASE_KINDS)('changing and recounting audits on %s', (kind) => {
  let t: TestApp;
  let owner: TestClient;
  let organizationId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = t.client();
    organizationId = (await owner.signUp()).organizationId;
    const res = await owner.upload('/api/products/import', [{ field: 'file', content: CATALOGUE, fileName: 'c.csv' }], {
      columnMapping: JSON.stringify({ SKU: 'sku', Name: 'name', Category: 'category', Qty: 'currentQuantity' }),
    });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(async () => t?.close());

  it('renames an audit, trims the name, and refuses a blank one or an empty body', async () => {
    const id = (await owner.post('/api/audits', { name: 'Aisle 7' })).json().id;
    const renamed = await owner.request({ method: 'PATCH', url: `/api/audits/${id}`, payload: { name: '  Aisle 7 year-end ', section: 'North' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id, name: 'Aisle 7 year-end', section: 'North', status: 'draft' });
    const blank = await owner.request({ method: 'PATCH', url: `/api/audits/${id}`, payload: { name: '  ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain('Audit name is required');
    expect((await owner.request({ method: 'PATCH', url: `/api/audits/${id}`, payload: {} })).statusCode).toBe(400);
    expect((await owner.get(`/api/audits/${id}`)).json().name).toBe('Aisle 7 year-end');
  });

  it('gives a stub product audit its filter, then it completes against that scope', async () => {
    const stub = await owner.post('/api/audits/stub', { name: 'Pet aisle task', type: 'product-audit' });
    expect(stub.statusCode, stub.body).toBe(201);
    const id = stub.json().id;
    // Without a filter the process call cannot run (what the resume flow used to run into).
    const cycle = await owner.post('/api/audits', { name: 'Cycle' });
    const onCycle = await owner.request({ method: 'PATCH', url: `/api/audits/${cycle.json().id}`, payload: { filterExpression: petCare } });
    expect(onCycle.statusCode).toBe(400);
    expect(onCycle.json().error).toBe('NOT_A_PRODUCT_AUDIT');
    const none = await owner.request({
      method: 'PATCH',
      url: `/api/audits/${id}`,
      payload: { filterExpression: { logic: 'AND', conditions: [{ id: 'x', field: 'category', operator: 'equals', value: 'Toys' }] } },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('No products match this filter. Consider adjusting your criteria.');

    const set = await owner.request({ method: 'PATCH', url: `/api/audits/${id}`, payload: { filterExpression: JSON.stringify(petCare) } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().filterExpression).toEqual(petCare);

    const up = await owner.upload(`/api/audits/${id}/upload`, [{ field: 'scanFile', content: SCANS, fileName: 'pets.csv' }], { scanColumn: 'Code', quantityColumn: 'Count' });
    expect(up.statusCode, up.body).toBe(201);
    const processed = await owner.post(`/api/audits/${id}/process`, {});
    expect(processed.statusCode, processed.body).toBeLessThan(300);
    await waitFor(owner, id, 'complete');
    const results = (await owner.get(`/api/audits/${id}/results-enhanced`)).json();
    expect(results.totalProductsInFilter).toBe(2);
    expect(results.counts).toMatchObject({ quantityCorrect: 1, quantityBelow: 1, scannedNotExpected: 1 });

    const late = await owner.request({ method: 'PATCH', url: `/api/audits/${id}`, payload: { filterExpression: petCare } });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('AUDIT_ALREADY_PROCESSED');
    // A rename of the finished audit is fine and leaves its results alone.
    expect((await owner.request({ method: 'PATCH', url: `/api/audits/${id}`, payload: { name: 'Pet aisle, March' } })).statusCode).toBe(200);
    expect((await owner.get(`/api/audits/${id}/results-enhanced`)).json().counts).toEqual(results.counts);

    const recount = await owner.post(`/api/audits/${id}/recount`, {});
    expect(recount.statusCode, recount.body).toBe(201);
    expect(recount.json()).toMatchObject({ name: 'Pet aisle, March (recount)', auditType: 'product-audit', status: 'draft', filterExpression: petCare });
    expect(recount.json().id).not.toBe(id);
    const named = await owner.post(`/api/audits/${id}/recount`, { name: 'Pet aisle, April' });
    expect(named.json().name).toBe('Pet aisle, April');
  });

  it('a viewer cannot rename or recount (403); another organisation gets 404', async () => {
    const id = (await owner.post('/api/audits', { name: 'Mine' })).json().id;
    const viewer = await signedInMember(t, organizationId, 'viewer');
    expect((await viewer.request({ method: 'PATCH', url: `/api/audits/${id}`, payload: { name: 'x' } })).statusCode).toBe(403);
    expect((await viewer.post(`/api/audits/${id}/recount`, {})).statusCode).toBe(403);
    const stranger = t.client();
    await stranger.signUp();
    expect((await stranger.request({ method: 'PATCH', url: `/api/audits/${id}`, payload: { name: 'x' } })).statusCode).toBe(404);
    expect((await stranger.post(`/api/audits/${id}/recount`, {})).statusCode).toBe(404);
    expect((await owner.get(`/api/audits/${id}`)).json().name).toBe('Mine');
  });
});
