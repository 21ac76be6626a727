/**
 * One product added or edited by hand (`POST /api/products`, `PATCH /api/products/{id}`, issue
 * 13 point 8): values cleaned as imports and the bulk edit clean them, SKU unique per
 * organisation (case-insensitive), the plan's product limit on adding, a viewer and a member
 * refused (403), another organisation's product answered 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../contracts/products.js';
import { DATABASE_KINDS } from '../../test-support/databases.js';
import { createTestApp, signedInMember, type TestApp, type TestClient } from '../../test-support/test-app.js';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

const FULL = {
  sku: '  HND-1 ',
  name: 'Hand soap',
  upc: '012345678905',
  otherIdentifier: '',
  description: '  ',
  distributor: 'Acme Supply',
  manufacturer: 'Soapworks',
  category: 'Cleaning',
  location: 'A-1',
  currentQuantity: 12,
  costPrice: '1.5',
  price: 2.99,
  tags: [' eco ', 'Eco', 'bath', ''],
};

describe.each(DATABASE_KINDS)('adding and editing one product on %s', (kind) => {
  let t: TestApp;
  let owner: TestClient;
  let organizationId: string;
  let soap: Product;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = t.client();
    organizationId = (await owner.signUp()).organizationId;
  });
  afterAll(async () => t?.close());

  it('adds a product with cleaned values, and lists it', async () => {
    const res = await owner.post('/api/products', FULL);
    expect(res.statusCode, res.body).toBe(201);
    soap = res.json();
    expect(soap).toMatchObject({
      sku: 'HND-1',
      name: 'Hand soap',
      upc: '012345678905',
      otherIdentifier: null,
      description: null,
      currentQuantity: 12,
      costPrice: '1.50',
      price: '2.99',
      tags: ['eco', 'bath'],
    });
    const list = (await owner.get('/api/products?search=hnd')).json();
    expect(list.total).toBe(1);
    expect(list.products[0]).toEqual(soap);

    const bare = await owner.post('/api/products', { sku: 'BARE-1' });
    expect(bare.statusCode).toBe(201);
    expect(bare.json()).toMatchObject({ sku: 'BARE-1', name: null, currentQuantity: 0, costPrice: null, tags: [] });
  });

  it('refuses a taken SKU (any case), a missing SKU, a bad price and unknown fields, adding nothing', async () => {
    const taken = await owner.post('/api/products', { sku: 'hnd-1', name: 'Other soap' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: 'SKU_TAKEN', message: 'A product with SKU "hnd-1" already exists.' });
    expect((await owner.post('/api/products', { sku: '  ' })).statusCode).toBe(400);
    const cents = await owner.post('/api/products', { sku: 'P-3', price: '1.234' });
    expect(cents.statusCode).toBe(400);
    expect(cents.json().message).toBe('price: Selling Price "1.234" has more than 2 decimal places');
    expect((await owner.post('/api/products', { sku: 'P-4', organizationId: 'x' })).statusCode).toBe(400);
    expect((await owner.get('/api/products')).json().total).toBe(2);
  });

  it('edits only the fields sent; a SKU may change case but not take another product’s', async () => {
    const res = await owner.patch(`/api/products/${soap.id}`, { name: 'Liquid hand soap', price: '3.25', location: '', sku: 'hnd-1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ...soap, sku: 'hnd-1', name: 'Liquid hand soap', price: '3.25', location: null, updatedAt: expect.any(String) });

    const clash = await owner.patch(`/api/products/${soap.id}`, { sku: 'bare-1' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error).toBe('SKU_TAKEN');
    expect((await owner.patch(`/api/products/${soap.id}`, {})).statusCode).toBe(400);
    expect((await owner.get(`/api/products?search=hnd`)).json().products[0].sku).toBe('hnd-1');
  });

  it('answers 403 to a viewer and a member, 404 for another organisation or a missing id', async () => {
    for (const role of ['viewer', 'member'] as const) {
      const c = await signedInMember(t, organizationId, role);
      expect((await c.post('/api/products', { sku: `R-${role}` })).statusCode).toBe(403);
      expect((await c.patch(`/api/products/${soap.id}`, { name: role })).statusCode).toBe(403);
    }
    const admin = await signedInMember(t, organizationId, 'admin');
    expect((await admin.patch(`/api/products/${soap.id}`, { currentQuantity: 7 })).json().currentQuantity).toBe(7);

    const stranger = t.client();
    await stranger.signUp();
    expect((await stranger.patch(`/api/products/${soap.id}`, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await stranger.patch(`/api/products/${MISSING_ID}`, { name: 'x' })).statusCode).toBe(404);
    expect((await stranger.patch('/api/products/not-an-id', { name: 'x' })).statusCode).toBe(404);
    // The same SKU is free in another organisation.
    expect((await stranger.post('/api/products', { sku: 'HND-1' })).statusCode).toBe(201);
    expect((await owner.get('/api/products?search=hnd')).json().products[0].name).toBe('Liquid hand soap');
  });
});

describe.each(DATABASE_KINDS)('the product limit on adding one product on %s', (kind) => {
  let t: TestApp;
  let owner: TestClient;

  beforeAll(async () => {
    t = await createTestApp(kind, { NEW_ORGANIZATION_TIER: 'free' });
    owner = t.client();
    await owner.signUp();
    const csv = ['SKU,Quantity', ...Array.from({ length: 100 }, (_, i) => `F-${i + 1},1`)].join('\n');
    const res = await owner.upload('/api/products/import', [{ field: 'file', content: csv, fileName: 'full.csv' }], {
      columnMapping: JSON.stringify({ SKU: 'sku', Quantity: 'currentQuantity' }),
    });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(async () => t?.close());

  it('answers 402 when the free plan’s 100 products are there, and still lets a product be edited', async () => {
    const res = await owner.post('/api/products', { sku: 'F-101' });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({
      error: 'PRODUCT_LIMIT_REACHED',
      message: 'Your Free Trial plan allows 100 products; you have 100, so no more fit. Nothing was added.',
    });
    const list = (await owner.get('/api/products?search=F-1')).json();
    expect(list.products.some((p: Product) => p.sku === 'F-101')).toBe(false);
    const first = list.products[0] as Product;
    expect((await owner.patch(`/api/products/${first.id}`, { name: 'Still editable' })).statusCode).toBe(200);
  });
});
