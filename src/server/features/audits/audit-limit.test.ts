/**
 * The monthly audit limit (DESIGN.md section 4; src/domain/plans.ts): on the free plan the 16th
 * audit created in a UTC calendar month answers 402 AUDIT_LIMIT_REACHED on every creating route;
 * audits created in an earlier month do not count.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS } from '../../../domain/plans.js';
import { audits } from '../../db/schema.js';
import { DATABASE_KINDS } from '../../test-support/databases.js';
import { createTestApp, type TestApp, type TestClient } from '../../test-support/test-app.js';

const LIMIT = PLANS.free.auditsPerMonth!;
const filter = { logic: 'AND', conditions: [{ id: 'c1', field: 'category', operator: 'equals', value: 'Pet Care' }] };

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

  it(`allows ${LIMIT} audits a month on the free plan, then answers 402 on every creating route`, async () => {
    const routes = Object.values(create);
    for (let i = 0; i < LIMIT; i++) {
      const res = await routes[i % routes.length]!();
      expect(res.statusCode, `audit ${i + 1}: ${res.body}`).toBe(201);
    }
    for (const [name, route] of Object.entries(create)) {
      const res = await route();
      expect(res.statusCode, name).toBe(402);
      expect(res.json()).toMatchObject({
        error: 'AUDIT_LIMIT_REACHED',
        message: `Monthly audit limit reached: the Free Trial plan includes ${LIMIT} audits a month and ${LIMIT} have been created this month. Upgrade your plan to create more.`,
        details: { limit: LIMIT, used: LIMIT },
      });
    }
    expect((await owner.get('/api/audits')).json()).toHaveLength(LIMIT);
  });

  it('counts only audits created in the current UTC calendar month', async () => {
    const [first] = (await owner.get('/api/audits')).json();
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 1);
    await t.db.update(audits).set({ createdAt: lastMonth }).where(eq(audits.id, first.id));
    expect((await create.productAudit()).statusCode).toBe(201);
    expect((await create.stub()).statusCode).toBe(402);
  });

  it('refuses the limit before looking at the filter', async () => {
    const res = await owner.post('/api/audits/product-audit', {
      name: 'Nothing',
      filterExpression: { logic: 'AND', conditions: [{ id: 'c', field: 'sku', operator: 'equals', value: 'none' }] },
    });
    expect(res.statusCode).toBe(402);
  });
});

describe.each(DATABASE_KINDS)('deleted audits keep counting on %s', (kind) => {
  let t: TestApp;
  let owner: TestClient;

  beforeAll(async () => {
    t = await createTestApp(kind, { NEW_ORGANIZATION_TIER: 'free' });
    owner = t.client();
    await owner.signUp();
  });
  afterAll(async () => t?.close());

  it('gives no quota back when an audit of this month is deleted', async () => {
    for (let i = 0; i < LIMIT; i++) expect((await owner.post('/api/audits', { name: `Count ${i}` })).statusCode).toBe(201);
    const [first, second] = (await owner.get('/api/audits')).json();
    expect((await owner.delete(`/api/audits/${first.id}`)).statusCode).toBe(204);
    expect((await owner.delete(`/api/audits/${second.id}`)).statusCode).toBe(204);
    expect((await owner.get('/api/audits')).json()).toHaveLength(LIMIT - 2);
    const refused = await owner.post('/api/audits', { name: 'One more' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().details).toEqual({ limit: LIMIT, used: LIMIT });
    expect((await owner.get('/api/billing/subscription-status')).json().usage.audits).toBe(LIMIT);
  });
});
