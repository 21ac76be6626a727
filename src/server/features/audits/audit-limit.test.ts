/**
 * The monthly audit limit (DESIGN.md section 4; src/domain/plans.ts; docs/decisions/0118): on the
 * free plan an audit counts when it first runs, in that UTC calendar month. Drafts count nothing;
 * once 15 audits ran this month, every creating route and the first run of an older draft answer
 * 402 AUDIT_LIMIT_REACHED; runs of an earlier month do not count; deleting gives nothing back.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS } from '../../../domain/plans.js';
import { auditCreations } from '../../db/schema.js';
import { DATABASE_KINDS } from '../../test-support/databases.js';
import { createTestApp, type TestApp, type TestClient } from '../../test-support/test-app.js';

const LIMIT = PLANS.free.auditsPerMonth!;
const filter = { logic: 'AND', conditions: [{ id: 'c1', field: 'category', operator: 'equals', value: 'Pet Care' }] };
const SCAN = { field: 'scanFiles', content: 'Barcode\nP-1\nP-1\n', fileName: 'scan.csv' };

describe.each(DATABASE_KINDS)('monthly audit limit on %s', (kind) => {
  let t: TestApp;
  let owner: TestClient;

  beforeAll(async () => {
    t = await createTestApp(kind, { NEW_ORGANIZATION_TIER: 'free' });
    owner = t.client();
    await owner.signUp();
    const imported = await owner.upload(
      '/api/products/import',
      [{ field: 'file', content: 'SKU,Product Name,Category,Quantity\nP-1,Kibble,Pet Care,4\nP-2,Soap,Cleaning,2\n', fileName: 'products.csv' }],
      { columnMapping: JSON.stringify({ SKU: 'sku', 'Product Name': 'name', Category: 'category', Quantity: 'currentQuantity' }) },
    );
    expect(imported.statusCode, imported.body).toBe(200);
  });
  afterAll(async () => t?.close());

  const create = {
    cycleCount: () => owner.post('/api/audits', { name: 'Count' }),
    productAudit: () => owner.post('/api/audits/product-audit', { name: 'Pets', filterExpression: JSON.stringify(filter) }),
    stub: () => owner.post('/api/audits/stub', { name: 'Task', type: 'cycle-count', status: 'draft' }),
  };
  const run = (auditId: string, fields: Record<string, string> = { scanColumn_0: 'Barcode' }) =>
    owner.upload(`/api/audits/${auditId}/upload-multiple`, [SCAN], fields);
  const usage = async () => (await owner.get('/api/billing/subscription-status')).json().usage.audits as number;

  it('counts no draft: more drafts than the limit are made and the month has used nothing', async () => {
    const routes = Object.values(create);
    for (let i = 0; i < 2 * LIMIT; i++) {
      const res = await routes[i % routes.length]!();
      expect(res.statusCode, `draft ${i + 1}: ${res.body}`).toBe(201);
    }
    expect(await usage()).toBe(0);
  });

  it('counts nothing for a run refused for bad input', async () => {
    const draft = (await create.cycleCount()).json();
    const refused = await run(draft.id, { scanColumn_0: 'No such column' });
    expect(refused.statusCode).toBe(400);
    expect(await usage()).toBe(0);
  });

  it(`counts each audit when it runs; after ${LIMIT} runs, creating and first runs answer 402`, async () => {
    const drafts = (await owner.get('/api/audits')).json() as Array<{ id: string; auditType: string }>;
    const cycleCounts = drafts.filter((a) => a.auditType === 'cycle-count');
    expect(cycleCounts.length).toBeGreaterThan(LIMIT);
    for (const [i, draft] of cycleCounts.slice(0, LIMIT).entries()) {
      const res = await run(draft.id);
      expect(res.statusCode, `run ${i + 1}: ${res.body}`).toBe(200);
    }
    expect(await usage()).toBe(LIMIT);
    for (const [name, route] of Object.entries(create)) {
      const res = await route();
      expect(res.statusCode, name).toBe(402);
      expect(res.json()).toMatchObject({
        error: 'AUDIT_LIMIT_REACHED',
        message: `Monthly audit limit reached: the Free Trial plan includes ${LIMIT} audits a month and ${LIMIT} have run this month. Upgrade your plan to run more.`,
        details: { limit: LIMIT, used: LIMIT },
      });
    }
    const olderDraft = cycleCounts[LIMIT]!;
    const refused = await run(olderDraft.id);
    expect(refused.statusCode).toBe(402);
    expect((await owner.get(`/api/audits/${olderDraft.id}`)).json().status).toBe('draft');
  });

  it('counts only audits that ran in the current UTC calendar month', async () => {
    const [first] = await t.db.select().from(auditCreations).limit(1);
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 1);
    await t.db.update(auditCreations).set({ createdAt: lastMonth }).where(eq(auditCreations.id, first!.id));
    expect((await create.productAudit()).statusCode).toBe(201);
    expect(await usage()).toBe(LIMIT - 1);
  });

  it('refuses the limit before looking at the filter', async () => {
    const done = (await owner.get('/api/audits')).json().find((a: { status: string }) => a.status === 'draft');
    expect((await run(done.id)).statusCode).toBe(200);
    const res = await owner.post('/api/audits/product-audit', {
      name: 'Nothing',
      filterExpression: { logic: 'AND', conditions: [{ id: 'c', field: 'sku', operator: 'equals', value: 'none' }] },
    });
    expect(res.statusCode).toBe(402);
  });

  it('gives no quota back when an audit that ran is deleted', async () => {
    const ran = (await owner.get('/api/audits')).json().find((a: { status: string }) => a.status === 'complete');
    expect((await owner.delete(`/api/audits/${ran.id}`)).statusCode).toBe(204);
    expect(await usage()).toBe(LIMIT);
    expect((await create.cycleCount()).statusCode).toBe(402);
  });
});
