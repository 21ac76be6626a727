/**
 * Alternate identifiers (DESIGN.md section 5 rule 1, "Identifiers"): kept with the product by the
 * product form's calls and by the import's service call, listed with the products, snapshotted
 * by an audit and counted with their units; on both databases.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../contracts/products.js';
import type { PagedResults } from '../../../contracts/results.js';
import { DATABASE_KINDS } from '../../test-support/databases.js';
import { createTestApp, type TestApp, type TestClient } from '../../test-support/test-app.js';
import { storeAlternateIdentifiers } from './store-identifiers.js';

describe.each(DATABASE_KINDS)('alternate identifiers on %s', (kind) => {
  let t: TestApp;
  let owner: TestClient;
  let organizationId: string;
  let flour: Product;

  const products = async (c: TestClient = owner) => (await c.get('/api/products?limit=50')).json().products as Product[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = t.client();
    organizationId = (await owner.signUp()).organizationId;
    const created = await owner.post('/api/products', {
      sku: 'FLOUR',
      upc: '4006381333931',
      currentQuantity: 50,
      alternateIdentifiers: [
        { value: '14006381333938', kind: 'barcode', units: 24 },
        { value: ' 4006381333931 ', kind: 'barcode', units: 1 }, // its own UPC: left out
        { value: 'mehl-405', kind: 'alias', units: 1 },
        { value: 'MEHL-405', kind: 'alias', units: 1 }, // a repeat: left out
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    flour = created.json();
    expect((await owner.post('/api/products', { sku: 'RICE', currentQuantity: 2 })).statusCode).toBe(201);
  });
  afterAll(async () => t?.close());

  it('keeps them in order without repeats, and lists them with the product', async () => {
    const expected = [
      { value: '14006381333938', kind: 'barcode', units: 24 },
      { value: 'mehl-405', kind: 'alias', units: 1 },
    ];
    expect(flour.alternateIdentifiers).toEqual(expected);
    expect((await products()).find((p) => p.sku === 'FLOUR')!.alternateIdentifiers).toEqual(expected);
    expect((await products()).find((p) => p.sku === 'RICE')!.alternateIdentifiers).toEqual([]);
  });

  it('replaces them from the edit form, keeps them when the form leaves them out, refuses bad units', async () => {
    const edited = await owner.patch(`/api/products/${flour.id}`, { alternateIdentifiers: [{ value: '14006381333938', kind: 'barcode', units: 12 }] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().alternateIdentifiers).toEqual([{ value: '14006381333938', kind: 'barcode', units: 12 }]);
    const renamed = await owner.patch(`/api/products/${flour.id}`, { name: 'Flour 1 kg' });
    expect(renamed.json().alternateIdentifiers).toEqual([{ value: '14006381333938', kind: 'barcode', units: 12 }]);
    for (const units of [0, -1, 1.0005]) {
      const bad = await owner.patch(`/api/products/${flour.id}`, { alternateIdentifiers: [{ value: 'X', kind: 'barcode', units }] });
      expect(bad.statusCode).toBe(400);
    }
    expect((await owner.patch(`/api/products/${flour.id}`, { alternateIdentifiers: [{ value: 'X', kind: 'plu', units: 1 }] })).statusCode).toBe(400);
  });

  it('stores identifiers by SKU for an import, adding to what a product has, and names unknown SKUs', async () => {
    const stored = await storeAlternateIdentifiers(t.db, {
      organizationId,
      mode: 'add',
      bySku: [
        { sku: 'rice', identifiers: [{ value: '20012345', kind: 'barcode', units: 0.25 }] },
        { sku: 'FLOUR', identifiers: [{ value: '0012345678905', kind: 'barcode', units: 1 }] },
        { sku: 'NOPE', identifiers: [{ value: '1', kind: 'alias', units: 1 }] },
      ],
    });
    expect(stored).toEqual({ products: 2, unknownSkus: ['NOPE'] });
    const listed = await products();
    expect(listed.find((p) => p.sku === 'RICE')!.alternateIdentifiers).toEqual([{ value: '20012345', kind: 'barcode', units: 0.25 }]);
    expect(listed.find((p) => p.sku === 'FLOUR')!.alternateIdentifiers.map((i) => i.value)).toEqual(['14006381333938', '0012345678905']);
    // Another organisation sees none of them and cannot write to these products.
    const stranger = t.client();
    const other = await stranger.signUp({ organizationName: 'Other Goods' });
    const theirs = await storeAlternateIdentifiers(t.db, { organizationId: other.organizationId, mode: 'replace', bySku: [{ sku: 'FLOUR', identifiers: [] }] });
    expect(theirs).toEqual({ products: 0, unknownSkus: ['FLOUR'] });
    expect((await products()).find((p) => p.sku === 'FLOUR')!.alternateIdentifiers).toHaveLength(2);
  });

  it('imports a second Barcode or EAN column as alternate barcodes, once however often imported', async () => {
    const csv = 'SKU,Barcode,Product Name,EAN\nSOAP,4006381333948,Soap,0012345678912\nTEA,96385074,Tea,\nOIL,,Oil,1.23457E+11\n';
    const mapping = JSON.stringify({ SKU: 'sku', Barcode: 'upc', 'Product Name': 'name', EAN: 'upc' });
    for (let i = 0; i < 2; i++) {
      const res = await owner.upload('/api/products/import', [{ field: 'file', content: csv, fileName: 'two-barcodes.csv' }], { columnMapping: mapping });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().warnings).toEqual([expect.objectContaining({ line: 4, field: 'upc', message: expect.stringContaining('1.23457E+11') })]);
    }
    const listed = await products();
    expect(listed.find((p) => p.sku === 'SOAP')).toMatchObject({ upc: '4006381333948', alternateIdentifiers: [{ value: '0012345678912', kind: 'barcode', units: 1 }] });
    expect(listed.find((p) => p.sku === 'TEA')).toMatchObject({ upc: '96385074', alternateIdentifiers: [] });
    expect(listed.find((p) => p.sku === 'OIL')).toMatchObject({ upc: null, alternateIdentifiers: [] });
    const other = await owner.upload('/api/products/import', [{ field: 'file', content: csv, fileName: 'two.csv' }], {
      columnMapping: JSON.stringify({ SKU: 'sku', Barcode: 'upc', 'Product Name': 'name', EAN: 'name' }),
    });
    expect(other.json()).toMatchObject({ error: 'DUPLICATE_FIELD' });
  });

  it('counts a read of an alternate identifier with its units in an audit', async () => {
    const audit = (await owner.post('/api/audits', { name: 'Cases', section: 'Dry goods' })).json();
    const scans = 'Barcode,Qty\n14006381333938,2\n4006381333931,1\n0012345678905,1\n20012345,3\nMEHL-405,1\n';
    const processed = await owner.upload(`/api/audits/${audit.id}/upload-multiple`, [{ field: 'scanFiles', content: scans, fileName: 'cases.csv' }], {
      scanColumn_0: 'Barcode',
      quantityColumn_0: 'Qty',
    });
    expect(processed.statusCode, processed.body).toBe(200);
    const results: PagedResults = (await owner.get(`/api/audits/${audit.id}/results-enhanced?all=true`)).json();
    const line = (sku: string) => Object.values(results.categories).flat().find((l) => l.sku === sku);
    // 2 cases of 12 + 1 unit + 1 by the second supplier's UPC; the alias was replaced by the edit.
    expect(line('FLOUR')).toMatchObject({ scannedQuantity: 26, scanValue: '14006381333938', expectedQuantity: 50 });
    expect(line('RICE')).toMatchObject({ scannedQuantity: 0.75, expectedQuantity: 2 });
    expect(line('MEHL-405')).toMatchObject({ reason: 'unknown' });
  });

  it('go with their product', async () => {
    expect((await owner.post('/api/products/bulk-delete', { productIds: [flour.id] })).statusCode).toBe(200);
    const left = (await t.db.execute(sql`SELECT count(*)::int AS n FROM product_identifiers WHERE product_id = ${flour.id}::uuid`)) as unknown as {
      rows: Array<{ n: number }>;
    };
    expect(left.rows[0]!.n).toBe(0);
  });
});
