import path from 'node:path';
import { writeFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixture } from '../../../domain/test-support/fixtures.js';
import { DATABASE_KINDS } from '../../test-support/databases.js';
import { createTestApp, signedInMember, type TestApp, type TestClient } from '../../test-support/test-app.js';

const fixture = loadFixture('cycle-count-basic');
const catalogue = path.join(fixture.dir, fixture.manifest.catalogue);
const mapping = JSON.stringify(fixture.manifest.catalogueMapping);
const tmp = mkdtempSync(path.join(os.tmpdir(), 'stocktally-products-test-'));

function tmpFile(name: string, content: string | Buffer): string {
  const file = path.join(tmp, name);
  writeFileSync(file, content);
  return file;
}

async function productCount(c: TestClient): Promise<number> {
  const res = await c.get('/api/products?limit=1');
  expect(res.statusCode).toBe(200);
  return res.json().total;
}

describe.each(DATABASE_KINDS)('products on %s', (kind) => {
  let t: TestApp;
  let owner: TestClient;
  let organizationId: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { MAX_UPLOAD_MB: '1' });
    owner = t.client();
    organizationId = (await owner.signUp()).organizationId;
  });
  afterAll(async () => t?.close());

  it('previews a catalogue with headers, rows and the auto-mapping of the manifest', async () => {
    const res = await owner.upload('/api/products/preview', [{ field: 'file', path: catalogue }]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.headers).toEqual(Object.keys(fixture.manifest.catalogueMapping));
    expect(body.totalRows).toBe(fixture.catalogueRows.length);
    expect(body.preview[0][0]).toBe(fixture.catalogueRows[0]!.sku);
    expect(body.suggestedMapping).toEqual(fixture.manifest.catalogueMapping);
  });

  it('reads a UTF-8 catalogue with one Latin-1 line line by line: the preview names that line, the import keeps every name', async () => {
    const bytes = Buffer.concat([
      Buffer.from('SKU,Product Name,Quantity\nE-1,Café crème,3\n', 'utf8'),
      Buffer.from('E-2,Crème brûlée,4\n', 'latin1'),
      Buffer.from('E-3,Größe 42,5\n', 'utf8'),
    ]);
    const file = tmpFile('mixed-encoding.csv', bytes);
    const preview = await owner.upload('/api/products/preview', [{ field: 'file', path: file }]);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().preview.map((row: string[]) => row[1])).toEqual(['Café crème', 'Crème brûlée', 'Größe 42']);
    expect(preview.json().warnings).toEqual([
      'mixed-encoding.csv: line 3 is not valid UTF-8 and was read as Windows-1252; check its accented letters.',
    ]);
    const imported = await owner.upload('/api/products/import', [{ field: 'file', path: file }], {
      columnMapping: JSON.stringify({ SKU: 'sku', 'Product Name': 'name', Quantity: 'currentQuantity' }),
    });
    expect(imported.statusCode).toBe(200);
    const names = (await owner.get('/api/products?search=E-&limit=10')).json().products.map((p: { sku: string; name: string }) => `${p.sku} ${p.name}`);
    expect(names.sort()).toEqual(['E-1 Café crème', 'E-2 Crème brûlée', 'E-3 Größe 42']);
    const ids = (await owner.get('/api/products?search=E-&limit=10')).json().products.map((p: { id: string }) => p.id);
    expect((await owner.post('/api/products/bulk-delete', { productIds: ids })).statusCode).toBe(200);
    expect(await productCount(owner)).toBe(0);
  });

  it('refuses a catalogue with a bad quantity, listing the line and field, and imports nothing', async () => {
    const lines = ['SKU,Product Name,Quantity', 'A-1,Apple,3', 'A-2,Pear,abc', 'A-3,Plum,2.5005', 'A-4,Fig,4'];
    const file = tmpFile('bad-qty.csv', lines.join('\n'));
    const res = await owner.upload('/api/products/import', [{ field: 'file', path: file }], {
      columnMapping: JSON.stringify({ SKU: 'sku', 'Product Name': 'name', Quantity: 'currentQuantity' }),
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error).toBe('IMPORT_INVALID');
    expect(body.details.errors).toEqual([
      { line: 3, field: 'currentQuantity', message: 'bad-qty.csv line 3: Current Stock "abc" is not a number' },
      { line: 4, field: 'currentQuantity', message: 'bad-qty.csv line 4: Current Stock "2.5005" has more than 3 decimal places' },
    ]);
    expect(await productCount(owner)).toBe(0);
  });

  it('reads rows sharing a SKU (case-insensitive) as one item: its stock summed, the lines named', async () => {
    const file = tmpFile('dupes.csv', 'SKU,Product Name,Quantity\nX-1,One,2\nX-2,Two,1\nx-1,One again,5\nX-2,Two,1\n');
    const res = await owner.upload('/api/products/import', [{ field: 'file', path: file }], {
      columnMapping: JSON.stringify({ SKU: 'sku', 'Product Name': 'name', Quantity: 'currentQuantity' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.imported).toBe(2);
    expect(body.warnings.map((w: { message: string }) => w.message)).toEqual(['dupes.csv line 4: SKU "x-1" also appears on line 2: one item, its stock summed']);
    expect(body.skipped).toEqual([
      { reason: 'rows sharing a SKU with an earlier row (stock summed)', count: 1 },
      { reason: 'repeated rows (same SKU, same values)', count: 1 },
    ]);
    const products = (await owner.get('/api/products?search=X-&limit=10')).json().products as { sku: string; name: string; currentQuantity: number; id: string }[];
    expect(products.map((p) => [p.sku, p.name, p.currentQuantity]).sort()).toEqual([
      ['X-1', 'One', 7],
      ['X-2', 'Two', 1],
    ]);
    expect((await owner.post('/api/products/bulk-delete', { productIds: products.map((p) => p.id) })).statusCode).toBe(200);
    expect(await productCount(owner)).toBe(0);
  });

  it.each([
    ['empty.csv', '', /empty/i],
    ['header-only.csv', 'SKU,Product Name\n', /no data rows/i],
    ['garbage.csv', Buffer.from([0x00, 0xff, 0x13, 0x88, 0x00, 0x01, 0x02, 0x9c, 0x00, 0x00, 0xfe, 0x00]), /garbage\.csv/],
    ['not-a-zip.xlsx', 'SKU,Name\nA,B\n', /not-a-zip\.xlsx/],
  ])('refuses %s with a message naming the problem', async (name, content, message) => {
    const file = tmpFile(name, content);
    const res = await owner.upload('/api/products/import', [{ field: 'file', path: file }], {
      columnMapping: JSON.stringify({ SKU: 'sku', 'Product Name': 'name' }),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().message).toMatch(message);
    expect(await productCount(owner)).toBe(0);
  });

  it('needs the SKU column mapped, with the spec message', async () => {
    const res = await owner.upload('/api/products/import', [{ field: 'file', path: catalogue }], {
      columnMapping: JSON.stringify({ 'Product Name': 'name' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Missing Required Columns: Please map the following required columns: SKU.');
  });

  it('names a mapped column the file does not have', async () => {
    const res = await owner.upload('/api/products/import', [{ field: 'file', path: catalogue }], {
      columnMapping: JSON.stringify({ SKU: 'sku', Colour: 'name' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('UNKNOWN_COLUMN');
    expect(res.json().message).toContain('"Colour"');
  });

  it('refuses an upload over MAX_UPLOAD_MB with a clear message', async () => {
    const big = tmpFile('big.csv', 'SKU\n' + 'X'.repeat(1024 * 1024 + 10));
    const res = await owner.upload('/api/products/import', [{ field: 'file', path: big }], { columnMapping: JSON.stringify({ SKU: 'sku' }) });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('File is larger than the upload limit of 1 MB.');
    expect(await productCount(owner)).toBe(0);
  });

  it('imports the fixture catalogue, then updates by SKU on a second import', async () => {
    const first = await owner.upload('/api/products/import', [{ field: 'file', path: catalogue }], { columnMapping: mapping });
    expect(first.statusCode).toBe(200);
    const n = fixture.catalogueRows.length;
    expect(first.json()).toEqual({ totalRows: n, imported: n, updated: 0, errors: [] });
    const again = await owner.upload('/api/products/import', [{ field: 'file', path: catalogue }], { columnMapping: mapping });
    expect(again.json()).toEqual({ totalRows: n, imported: 0, updated: n, errors: [] });
    expect(await productCount(owner)).toBe(n);

    // Every field stored as the file says (tags split on commas, money exact, digit-only SKUs kept).
    const res = await owner.get(`/api/products?limit=${n}`);
    const bySku = new Map(res.json().products.map((p: { sku: string }) => [p.sku, p]));
    for (const row of fixture.catalogueRows) {
      expect(bySku.get(row.sku)).toMatchObject(row);
    }
  });

  it('lists 50 a page by default and searches SKU or name', async () => {
    const page = await owner.get('/api/products');
    expect(page.json().products).toHaveLength(50);
    expect(page.json().total).toBe(fixture.catalogueRows.length);
    const target = fixture.catalogueRows.find((r) => r.name)!;
    const search = await owner.get(`/api/products?search=${encodeURIComponent(target.name!.toUpperCase())}`);
    expect(search.json().products.map((p: { sku: string }) => p.sku)).toContain(target.sku);
    for (const p of search.json().products) {
      expect(`${p.sku} ${p.name}`.toLowerCase()).toContain(target.name!.toLowerCase());
    }
    const none = await owner.get('/api/products?search=%25_nothing_like_this');
    expect(none.json().total).toBe(0);
  });

  it('keeps organisations apart', async () => {
    const other = t.client();
    await other.signUp({ organizationName: 'Other Org' });
    expect(await productCount(other)).toBe(0);
  });

  it('lets a viewer read but not import', async () => {
    const viewer = await signedInMember(t, organizationId, 'viewer');
    expect(await productCount(viewer)).toBe(fixture.catalogueRows.length);
    const res = await viewer.upload('/api/products/import', [{ field: 'file', path: catalogue }], { columnMapping: mapping });
    expect(res.statusCode).toBe(403);
  });

  it('answers 401 to signed-out requests', async () => {
    const anon = t.client();
    expect((await anon.get('/api/products')).statusCode).toBe(401);
    expect((await anon.upload('/api/products/preview', [{ field: 'file', path: catalogue }])).statusCode).toBe(401);
  });

  it('serves the template with every import column', async () => {
    const res = await owner.get('/api/products/template');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('products_template.csv');
    const file = tmpFile('template.csv', res.body);
    const preview = await owner.upload('/api/products/preview', [{ field: 'file', path: file }]);
    expect(Object.values(preview.json().suggestedMapping).sort()).toEqual(
      ['sku', 'name', 'upc', 'otherIdentifier', 'description', 'distributor', 'manufacturer', 'currentQuantity', 'category', 'location', 'costPrice', 'price', 'tags'].sort(),
    );
  });
});
