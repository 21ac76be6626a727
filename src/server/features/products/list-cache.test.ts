/**
 * The product list's answers and totals kept by catalogue version (docs/decisions/0131, 0143), on both
 * databases: a repeated query is answered from the cache (shown by a change the triggers were
 * told to ignore, which the cached answer does not see), and every kind of catalogue write moves
 * the organisation's version, so the next list shows it: create, edit, bulk edit, quantity upload,
 * import, delete, bulk delete, an alternate identifier, and a write by plain SQL (whatever code runs it). Another
 * organisation's writes leave this one's version alone. Answers are kept as the JSON bytes sent by
 * query text (decision 0154); an import builds the catalogue held in memory at its end.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { DATABASE_KINDS } from '../../test-support/databases.js';
import { createTestApp, type TestApp, type TestClient } from '../../test-support/test-app.js';
import { catalogueSnapshotPrepared } from './list-products.js';
import { readCatalogueVersion } from './repo.js';

const MAPPING = JSON.stringify({ SKU: 'sku', Name: 'name', Quantity: 'currentQuantity', Tags: 'tags' });

interface Listed {
  total: number;
  products: Array<{ id: string; sku: string; name: string | null; currentQuantity: number; tags: string[] }>;
}

describe.each(DATABASE_KINDS)('product list cache by catalogue version on %s', (kind) => {
  let t: TestApp;
  let owner: TestClient;
  let organizationId: string;
  const list = async (query = 'limit=2') => {
    const res = await owner.get(`/api/products?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Listed;
  };
  const all = async () => list('limit=100');
  const bySku = async (sku: string) => (await all()).products.find((p) => p.sku === sku);
  const importCsv = async (client: TestClient, csv: string) => {
    const res = await client.upload('/api/products/import', [{ field: 'file', content: csv, fileName: 'c.csv' }], { columnMapping: MAPPING });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = t.client();
    organizationId = (await owner.signUp()).organizationId;
    await importCsv(owner, 'SKU,Name,Quantity,Tags\nC-1,One,1,a\nC-2,Two,2,b\nC-3,Three,3,c\n');
  });
  afterAll(async () => t?.close());

  it('answers a repeated query from the cache while the catalogue version stays', async () => {
    const first = await list();
    await list('limit=101');
    expect(first.total).toBe(3);
    expect(first.products.map((p) => p.sku)).toEqual(['C-1', 'C-2']);
    // A change that the version triggers do not see (replication role): the cached answer stays.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(sql`UPDATE products SET name = 'Unseen' WHERE organization_id = ${organizationId}::uuid AND sku = 'C-1'`);
    });
    expect(await list()).toEqual(first);
    // Another spelling of the same query is answered afresh, from the catalogue held in memory at
    // this version (docs/decisions/0143), which the unseen change is not in either.
    expect((await list('limit=101')).products[0]!.name).toBe('One');
    expect((await list('page=1&limit=101')).products[0]!.name).toBe('One');
    // Another page of the same query: its total from the cache, its page read.
    const second = await list('limit=2&page=2');
    expect(second).toMatchObject({ total: 3, page: 2 });
    expect(second.products.map((p) => p.sku)).toEqual(['C-3']);
    // A write the triggers see: the next answer is read afresh.
    await t.db.execute(sql`UPDATE products SET name = 'Seen' WHERE organization_id = ${organizationId}::uuid AND sku = 'C-2'`);
    expect((await list()).products.map((p) => p.name)).toEqual(['Unseen', 'Seen']);
  });

  it('answers the kept bytes as JSON, and refuses a bad query every time it is asked', async () => {
    const res = await owner.get('/api/products?limit=2');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toEqual(await list());
    for (let i = 0; i < 2; i += 1) {
      const bad = await owner.get('/api/products?limit=0');
      expect(bad.statusCode, bad.body).toBe(400);
      expect(bad.json()).toMatchObject({ error: 'INVALID_REQUEST' });
    }
  });

  it('builds nothing ahead after an import into a catalogue whose list nobody asked for', async () => {
    const importer = t.client();
    const orgId = (await importer.signUp({ organizationName: 'Unlisted' })).organizationId;
    await importCsv(importer, 'SKU,Name,Quantity,Tags\nU-1,Unlisted,1,\n');
    expect(catalogueSnapshotPrepared(orgId)).toBeUndefined();
    const res = await importer.get('/api/products?limit=5');
    expect((res.json() as Listed).products.map((p) => p.name)).toEqual(['Unlisted']);
  });

  it('builds the catalogue held in memory right after an import into a listed catalogue, before the next list asks for it', async () => {
    const importer = t.client();
    const orgId = (await importer.signUp({ organizationName: 'Eager' })).organizationId;
    // The products page lists the (empty) catalogue before its Import dialog opens.
    expect((await importer.get('/api/products?limit=5')).statusCode).toBe(200);
    await importCsv(importer, 'SKU,Name,Quantity,Tags\nE-1,Before,1,\n');
    const prepared = catalogueSnapshotPrepared(orgId);
    expect(prepared).toBeDefined();
    await prepared;
    // A change the version triggers do not see: a snapshot built at the first list would show it,
    // the one built at the import's end does not.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(sql`UPDATE products SET name = 'After' WHERE organization_id = ${orgId}::uuid`);
    });
    const res = await importer.get('/api/products?limit=5');
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Listed).products.map((p) => p.name)).toEqual(['Before']);
  });

  it('moves the version at every kind of catalogue write, so the list shows each at once', async () => {
    const version = () => readCatalogueVersion(t.db as Db, organizationId);
    let before = await version();
    const moved = async (label: string) => {
      const now = await version();
      expect(now, label).toBeGreaterThan(before);
      before = now;
    };
    await all();

    const created = await owner.post('/api/products', { sku: 'C-4', name: 'Four', currentQuantity: 4 });
    expect(created.statusCode, created.body).toBe(201);
    await moved('create');
    expect((await all()).total).toBe(4);

    const id = (await bySku('C-4'))!.id;
    expect((await owner.patch(`/api/products/${id}`, { name: 'Four edited' })).statusCode).toBe(200);
    await moved('edit');
    expect((await bySku('C-4'))!.name).toBe('Four edited');

    const bulk = await owner.request({ method: 'PATCH', url: '/api/products/bulk-update', payload: { productIds: [id], updates: { tags: ['bulk'] } } });
    expect(bulk.statusCode, bulk.body).toBe(200);
    await moved('bulk edit');
    expect((await bySku('C-4'))!.tags).toEqual(['bulk']);

    const quantities = await owner.upload('/api/products/upload-quantities', [{ field: 'file', content: 'SKU,Quantity\nC-4,44\n', fileName: 'q.csv' }], {
      columnMapping: JSON.stringify({ SKU: 'sku', Quantity: 'quantity' }),
    });
    expect(quantities.statusCode, quantities.body).toBe(200);
    await moved('quantity upload');
    expect((await bySku('C-4'))!.currentQuantity).toBe(44);

    await importCsv(owner, 'SKU,Name,Quantity,Tags\nC-4,Four imported,4,x\nC-5,Five,5,y\n');
    await moved('import');
    expect((await bySku('C-4'))!.name).toBe('Four imported');
    expect((await all()).total).toBe(5);

    expect((await owner.delete(`/api/products/${id}`)).statusCode).toBe(204);
    await moved('delete');
    expect((await all()).total).toBe(4);

    const five = (await bySku('C-5'))!.id;
    expect((await owner.post('/api/products/bulk-delete', { productIds: [five] })).statusCode).toBe(200);
    await moved('bulk delete');
    expect((await all()).total).toBe(3);

    // Alternate identifiers are part of the listed product: a write to them alone moves the version.
    const one = (await bySku('C-1'))!.id;
    await t.db.execute(
      sql`INSERT INTO product_identifiers (organization_id, product_id, position, value, kind, units) VALUES (${organizationId}::uuid, ${one}::uuid, 0, '5012345678900', 'barcode', 24)`,
    );
    await moved('alternate identifier');
    const listedOne = (await all()).products.find((p) => p.sku === 'C-1') as unknown as { alternateIdentifiers: Array<{ value: string }> };
    expect(listedOne.alternateIdentifiers.map((a) => a.value)).toEqual(['5012345678900']);

    await t.db.execute(sql`DELETE FROM products WHERE organization_id = ${organizationId}::uuid AND sku = 'C-3'`);
    await moved('plain SQL');
    expect((await all()).products.map((p) => p.sku)).toEqual(['C-1', 'C-2']);

    // Another organisation's import does not move this one's version.
    const stranger = t.client();
    await stranger.signUp({ organizationName: 'Elsewhere' });
    await importCsv(stranger, 'SKU,Name,Quantity,Tags\nE-1,Else,1,\n');
    expect(await version()).toBe(before);
  });
});
