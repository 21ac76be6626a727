/**
 * Bulk edit, delete and bulk delete (spec part 2 sections 2, 5, 7): only the organisation's
 * products change, whatever ids are sent; a viewer changes nothing; finished audits keep the
 * lines of deleted products.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../test-support/databases.js';
import { createTestApp, signedInMember, type TestApp, type TestClient } from '../../test-support/test-app.js';

type Product = { id: string; sku: string; name: string | null; [field: string]: unknown };

const CATALOGUE = [
  'SKU,Product Name,Distributor,Manufacturer,Category,Location,Quantity,Cost Price,Selling Price,Tags',
  'C-1,One,D1,M1,Cat,L-1,1,1.00,2.00,old',
  'C-2,Two,D2,M2,Cat,L-2,2,2.00,4.00,old',
  'C-3,Three,D3,M3,Cat,L-3,3,3.00,6.00,old',
  'C-4,Four,D4,M4,Cat,L-4,4,4.00,8.00,old',
  'C-5,Five,D5,M5,Cat,L-5,5,5.00,10.00,old',
].join('\n');
const MAPPING = JSON.stringify({
  SKU: 'sku',
  'Product Name': 'name',
  Distributor: 'distributor',
  Manufacturer: 'manufacturer',
  Category: 'category',
  Location: 'location',
  Quantity: 'currentQuantity',
  'Cost Price': 'costPrice',
  'Selling Price': 'price',
  Tags: 'tags',
});
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

async function importCatalogue(c: TestClient, csv = CATALOGUE, mapping = MAPPING) {
  const res = await c.upload('/api/products/import', [{ field: 'file', content: csv, fileName: 'catalogue.csv' }], { columnMapping: mapping });
  expect(res.statusCode, res.body).toBe(200);
}

async function productsOf(c: TestClient): Promise<Map<string, Product>> {
  const res = await c.get('/api/products?limit=10000');
  expect(res.statusCode).toBe(200);
  return new Map(res.json().products.map((p: Product) => [p.sku, p]));
}

function patch(c: TestClient, body: unknown) {
  return c.request({ method: 'PATCH', url: '/api/products/bulk-update', payload: body });
}

describe.each(DATABASE_KINDS)('changing products on %s', (kind) => {
  let t: TestApp;
  let owner: TestClient;
  let other: TestClient;
  let organizationId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = t.client();
    organizationId = (await owner.signUp()).organizationId;
    other = t.client();
    await other.signUp({ organizationName: 'Other Org' });
  });
  afterAll(async () => t?.close());

  it('bulk-updates the chosen fields of the selected products only, ignoring other organisations\' ids', async () => {
    await importCatalogue(owner);
    await importCatalogue(other);
    const ours = await productsOf(owner);
    const theirs = await productsOf(other);
    const res = await patch(owner, {
      productIds: [ours.get('C-1')!.id, ours.get('C-2')!.id, theirs.get('C-3')!.id, MISSING_ID],
      updates: {
        distributor: '  New Dist ',
        manufacturer: 'New Maker',
        category: 'Sale',
        location: 'Z-9',
        currentQuantity: 42,
        costPrice: 1.5,
        price: '19.99',
        tags: [' promo ', 'PROMO', 'clearance', ''],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 2 });
    const after = await productsOf(owner);
    for (const sku of ['C-1', 'C-2']) {
      expect(after.get(sku)).toMatchObject({
        distributor: 'New Dist',
        manufacturer: 'New Maker',
        category: 'Sale',
        location: 'Z-9',
        currentQuantity: 42,
        costPrice: '1.50',
        price: '19.99',
        tags: ['promo', 'clearance'],
      });
      expect(after.get(sku)!.name).toBe(ours.get(sku)!.name); // not a bulk-edit field
    }
    expect(after.get('C-3')).toEqual(ours.get('C-3'));
    expect(await productsOf(other)).toEqual(theirs);
  });

  it('leaves the fields that were not sent as they are, and clears a field sent blank or null', async () => {
    const before = await productsOf(owner);
    const id = before.get('C-4')!.id;
    expect((await patch(owner, { productIds: [id], updates: { category: 'Only this' } })).json()).toEqual({ updated: 1 });
    const changed = (await productsOf(owner)).get('C-4')!;
    expect(changed).toMatchObject({ ...before.get('C-4'), category: 'Only this', updatedAt: changed.updatedAt });
    expect((await patch(owner, { productIds: [id], updates: { distributor: '', costPrice: null } })).json()).toEqual({ updated: 1 });
    expect((await productsOf(owner)).get('C-4')).toMatchObject({ distributor: null, costPrice: null, manufacturer: 'M4' });
  });

  it('adds tags to what each product has, keeping its own and skipping ones it has already', async () => {
    const before = await productsOf(owner);
    const [a, b] = [before.get('C-5')!, before.get('C-4')!];
    await patch(owner, { productIds: [a.id], updates: { tags: ['Fragile', 'aisle-3'] } });
    await patch(owner, { productIds: [b.id], updates: { tags: [] } });
    const res = await patch(owner, { productIds: [a.id, b.id], updates: { addTags: [' fragile ', 'seasonal', 'SEASONAL', ''] } });
    expect(res.json()).toEqual({ updated: 2 });
    const after = await productsOf(owner);
    expect(after.get('C-5')!.tags).toEqual(['Fragile', 'aisle-3', 'seasonal']);
    expect(after.get('C-4')!.tags).toEqual(['fragile', 'seasonal']);
    const both = await patch(owner, { productIds: [a.id], updates: { tags: ['x'], addTags: ['y'] } });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toContain('not both');
  });

  it.each([
    [{ updates: { category: 'x' } }, 'productIds'],
    [{ productIds: [], updates: { category: 'x' } }, 'Please select at least one product.'],
    [{ productIds: ['C-1'], updates: { category: 'x' } }, 'is not a product id'],
    [{ productIds: [MISSING_ID], updates: {} }, 'Please select at least one field to update.'],
    [{ productIds: [MISSING_ID], updates: { sku: 'NEW' } }, 'sku'],
    [{ productIds: [MISSING_ID], updates: { name: 'Renamed' } }, 'name'],
    [{ productIds: [MISSING_ID], updates: { currentQuantity: 1.0005 } }, 'at most 3 decimal places'],
    [{ productIds: [MISSING_ID], updates: { costPrice: 'abc' } }, 'Cost Price "abc" is not an amount of money'],
    [{ productIds: [MISSING_ID], updates: { price: -1 } }, 'Selling Price'],
    [{ productIds: [MISSING_ID], updates: { price: 1.234 } }, 'more than 2 decimal places'],
    [{ productIds: [MISSING_ID], updates: { tags: ['a,b'] } }, 'comma'],
    [{ productIds: [MISSING_ID], updates: { addTags: ['a,b'] } }, 'comma'],
  ])('refuses a bad bulk update with 400: %j', async (body, message) => {
    const before = await productsOf(owner);
    const res = await patch(owner, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await productsOf(owner)).toEqual(before);
  });

  it('deletes one product; another organisation\'s, a missing one or a bad id is 404', async () => {
    const ours = await productsOf(owner);
    const theirs = await productsOf(other);
    expect((await owner.delete(`/api/products/${ours.get('C-5')!.id}`)).statusCode).toBe(204);
    expect((await productsOf(owner)).has('C-5')).toBe(false);
    for (const id of [ours.get('C-5')!.id, theirs.get('C-1')!.id, MISSING_ID, 'not-an-id']) {
      const res = await owner.delete(`/api/products/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().error).toBe('NOT_FOUND');
    }
    expect(await productsOf(other)).toEqual(theirs);
  });

  it('bulk-deletes the organisation\'s products among the ids in one request', async () => {
    const ours = await productsOf(owner);
    const theirs = await productsOf(other);
    const res = await owner.post('/api/products/bulk-delete', {
      productIds: [ours.get('C-1')!.id, ours.get('C-2')!.id, theirs.get('C-1')!.id, theirs.get('C-2')!.id, MISSING_ID],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: 2 });
    expect([...(await productsOf(owner)).keys()].sort()).toEqual(['C-3', 'C-4']);
    expect(await productsOf(other)).toEqual(theirs);
    expect((await owner.post('/api/products/bulk-delete', { productIds: [] })).statusCode).toBe(400);
  });

  it('selects all 5,000 matching products and deletes them with one bulk request', async () => {
    const big = t.client();
    await big.signUp({ organizationName: 'Big Store' });
    const lines = ['SKU,Product Name'];
    for (let i = 0; i < 5000; i += 1) lines.push(`BULK-${String(i).padStart(4, '0')},Item ${i}`);
    await importCatalogue(big, lines.join('\n'), JSON.stringify({ SKU: 'sku', 'Product Name': 'name' }));
    const ids = (await big.get('/api/products?getAllIds=true&search=bulk-')).json().productIds as string[];
    expect(ids).toHaveLength(5000);
    const res = await big.post('/api/products/bulk-delete', { productIds: ids });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: 5000 });
    expect((await big.get('/api/products?limit=1')).json().total).toBe(0);
    expect((await owner.get('/api/products?limit=1')).json().total).toBe(2);
  });

  it('keeps a finished audit\'s lines of a deleted product; new audits no longer see it', async () => {
    const scan = { field: 'scanFiles', content: 'Barcode,Qty\nC-3,3\nC-4,1\n', fileName: 'count.csv' };
    const runAudit = async (name: string) => {
      const created = await owner.post('/api/audits', { name });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().id as string;
      const res = await owner.upload(`/api/audits/${id}/upload-multiple`, [scan], { teamName_0: 'A', scanColumn_0: 'Barcode', quantityColumn_0: 'Qty' });
      expect(res.statusCode, res.body).toBe(200);
      return id;
    };
    const lineFor = async (auditId: string, sku: string) => {
      const results = (await owner.get(`/api/audits/${auditId}/results-enhanced?all=true`)).json();
      for (const [category, items] of Object.entries(results.categories as Record<string, Array<{ sku: string; productName: string | null; scanValue: string | null }>>)) {
        const item = items.find((i) => i.sku === sku || i.scanValue === sku);
        if (item) return { category, ...item };
      }
      return undefined;
    };
    const before = await runAudit('Before delete');
    expect(await lineFor(before, 'C-3')).toMatchObject({ category: 'quantityCorrect', sku: 'C-3', productName: 'Three' });
    const id = (await productsOf(owner)).get('C-3')!.id;
    expect((await owner.delete(`/api/products/${id}`)).statusCode).toBe(204);
    expect(await lineFor(before, 'C-3')).toMatchObject({ category: 'quantityCorrect', sku: 'C-3', productName: 'Three' });
    const after = await runAudit('After delete');
    expect(await lineFor(after, 'C-3')).toMatchObject({ category: 'notFound' });
  });

  it('refuses every change to a viewer (403) and to a signed-out request (401), changing nothing', async () => {
    const viewer = await signedInMember(t, organizationId, 'viewer');
    const before = await productsOf(owner);
    const id = before.get('C-4')!.id;
    const attempts = (c: TestClient) => [
      patch(c, { productIds: [id], updates: { category: 'Viewer was here' } }),
      c.post('/api/products/bulk-delete', { productIds: [id] }),
      c.delete(`/api/products/${id}`),
      c.upload('/api/products/upload-quantities', [{ field: 'file', content: 'SKU,Quantity\nC-4,99\n', fileName: 'q.csv' }], {
        columnMapping: JSON.stringify({ SKU: 'sku', Quantity: 'quantity' }),
      }),
      c.upload('/api/products/import', [{ field: 'file', content: 'SKU\nV-1\n', fileName: 'v.csv' }], { columnMapping: JSON.stringify({ SKU: 'sku' }) }),
    ];
    for (const res of await Promise.all(attempts(viewer))) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error).toBe('FORBIDDEN');
    }
    for (const res of await Promise.all(attempts(t.client()))) expect(res.statusCode).toBe(401);
    expect(await productsOf(owner)).toEqual(before);
    // A member reads the catalogue but does not change it (DESIGN.md section 3); an admin may edit.
    const member = await signedInMember(t, organizationId, 'member');
    for (const res of await Promise.all(attempts(member))) expect(res.statusCode).toBe(403);
    expect(await productsOf(owner)).toEqual(before);
    const admin = await signedInMember(t, organizationId, 'admin');
    expect((await patch(admin, { productIds: [id], updates: { category: 'Admin' } })).json()).toEqual({ updated: 1 });
  });
});
