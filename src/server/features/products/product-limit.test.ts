/**
 * The plan's product limit on imports (DESIGN.md section 4): new products only count; an import
 * that would pass the limit imports nothing and says how many fit.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../../db/schema.js';
import { DATABASE_KINDS } from '../../test-support/databases.js';
import { createTestApp, type TestApp, type TestClient } from '../../test-support/test-app.js';
import { productLimitMessage } from './product-limit.js';
import { PLANS } from '../../../domain/plans.js';

const MAPPING = JSON.stringify({ SKU: 'sku', 'Product Name': 'name' });

function csv(skus: string[], name = 'Item'): string {
  return ['SKU,Product Name', ...skus.map((sku) => `${sku},${name}`)].join('\n');
}
const range = (prefix: string, from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => `${prefix}-${String(from + i).padStart(3, '0')}`);

function importFile(c: TestClient, content: string) {
  return c.upload('/api/products/import', [{ field: 'file', content, fileName: 'catalogue.csv' }], { columnMapping: MAPPING });
}

async function status(c: TestClient) {
  const res = await c.get('/api/billing/subscription-status');
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('productLimitMessage', () => {
  it('says how many fit, in words for none and one', () => {
    expect(productLimitMessage(PLANS.free, 90, 25)).toBe(
      'Your Free Trial plan allows 100 products; you have 90, so 10 more fit, but this file adds 25 new ones. Nothing was imported.',
    );
    expect(productLimitMessage(PLANS.free, 99, 2)).toBe(
      'Your Free Trial plan allows 100 products; you have 99, so 1 more fits, but this file adds 2 new ones. Nothing was imported.',
    );
    expect(productLimitMessage(PLANS.free, 120, 1)).toBe(
      'Your Free Trial plan allows 100 products; you have 120, so no more fit, but this file adds 1 new one. Nothing was imported.',
    );
    expect(productLimitMessage(PLANS.starter, 4990, 1200)).toBe(
      'Your Starter plan allows 5,000 products; you have 4,990, so 10 more fit, but this file adds 1,200 new ones. Nothing was imported.',
    );
  });
});

describe.each(DATABASE_KINDS)('the product limit on %s', (kind) => {
  let t: TestApp;
  let owner: TestClient;

  beforeAll(async () => {
    t = await createTestApp(kind, { NEW_ORGANIZATION_TIER: 'free' });
    owner = t.client();
    await owner.signUp();
  });
  afterAll(async () => t?.close());

  it('imports up to the limit, refusing with 402 and how many fit an import that would pass it, importing nothing', async () => {
    expect((await importFile(owner, csv(range('F', 0, 90)))).statusCode).toBe(200);
    // 5 existing SKUs (in another case: still the same products) and 25 new ones: 25 > 10.
    const file = csv([...range('f', 0, 5), ...range('F', 100, 125)], 'Renamed');
    const res = await importFile(owner, file);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({
      error: 'PRODUCT_LIMIT_REACHED',
      message: 'Your Free Trial plan allows 100 products; you have 90, so 10 more fit, but this file adds 25 new ones. Nothing was imported.',
      details: { limit: 100, current: 90, room: 10, adding: 25 },
    });
    const after = await owner.get('/api/products?search=F-000');
    expect(after.json().products[0].name).toBe('Item'); // the 5 updates were not applied either
    expect((await status(owner)).usage.products).toBe(90);
  });

  it('counts only new products: updates pass, and fill the plan exactly', async () => {
    const res = await importFile(owner, csv([...range('F', 0, 20), ...range('F', 100, 110)], 'Updated'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ imported: 10, updated: 20 });
    expect(await status(owner)).toEqual({ tier: 'free', usage: { products: 100, audits: 0 }, limits: { products: 100, audits: 15 } });
    // At the limit: updates only still import; one new product does not.
    expect((await importFile(owner, csv([...range('F', 0, 90), ...range('F', 100, 110)], 'Again'))).json()).toMatchObject({ imported: 0, updated: 100 });
    const one = await importFile(owner, csv(['F-000', 'NEW-1']));
    expect(one.statusCode).toBe(402);
    expect(one.json().message).toBe(
      'Your Free Trial plan allows 100 products; you have 100, so no more fit, but this file adds 1 new one. Nothing was imported.',
    );
  });

  it('stops writing once a long file passes the limit, and still counts all of its new products', async () => {
    const c = t.client();
    const { organizationId } = await c.signUp({ organizationName: 'Starter' });
    await t.db.update(organizations).set({ subscriptionTier: 'starter' }).where(eq(organizations.id, organizationId));
    // 12,000 rows: the first 5,000 fit and are written, the next 5,000 pass the limit, the rest are only counted.
    const res = await importFile(c, csv(range('S', 0, 12_000)));
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe(
      'Your Starter plan allows 5,000 products; you have 0, so 5,000 more fit, but this file adds 12,000 new ones. Nothing was imported.',
    );
    expect((await status(c)).usage.products).toBe(0);
  });

  it('imports nothing when a bad row comes after rows already written', async () => {
    const c = t.client();
    const { organizationId } = await c.signUp({ organizationName: 'Late error' });
    await t.db.update(organizations).set({ subscriptionTier: 'pro' }).where(eq(organizations.id, organizationId));
    // Rows are written 5,000 at a time: the first 5,000 are in the database when line 6,002 is read.
    const lines = ['SKU,Quantity', ...range('L', 0, 7_000).map((sku) => `${sku},1`)];
    lines[6_001] = 'L-6000,lots';
    const res = await c.upload('/api/products/import', [{ field: 'file', content: lines.join('\n'), fileName: 'late.csv' }], {
      columnMapping: JSON.stringify({ SKU: 'sku', Quantity: 'currentQuantity' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.errors).toEqual([{ line: 6002, field: 'currentQuantity', message: 'late.csv line 6002: Current Stock "lots" is not a number' }]);
    expect((await status(c)).usage.products).toBe(0);
  });

  it('lets only one of two simultaneous imports take the last places', async () => {
    const c = t.client();
    await c.signUp({ organizationName: 'Race' });
    expect((await importFile(c, csv(range('R', 0, 90)))).statusCode).toBe(200);
    const [a, b] = await Promise.all([importFile(c, csv(range('A', 0, 10))), importFile(c, csv(range('B', 0, 10)))]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 402]);
    expect((await status(c)).usage.products).toBe(100);
  });
});
