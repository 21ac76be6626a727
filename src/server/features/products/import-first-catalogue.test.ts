/**
 * A first import into an empty catalogue COPYs its rows straight into products instead of upserting
 * them (import-products.ts `allNew`, docs/decisions/0097 and 0152): on both databases it must give exactly the products,
 * and the answer, of the same file imported the way a catalogue with products is (every batch an
 * upsert), including a non-ASCII SKU that the database's lower case may take for an earlier
 * ASCII one, and a re-import must still update every row; and the values must reach the database
 * exactly as the file has them, through COPY's text escapes, either way.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../test-support/databases.js';
import { createTestApp, type TestApp, type TestClient } from '../../test-support/test-app.js';

const HEADER = 'SKU,UPC,Product Name,Category,Quantity,Cost Price,Selling Price,Tags';
const MAPPING = JSON.stringify({
  SKU: 'sku',
  UPC: 'upc',
  'Product Name': 'name',
  Category: 'category',
  Quantity: 'currentQuantity',
  'Cost Price': 'costPrice',
  'Selling Price': 'price',
  Tags: 'tags',
});

/**
 * 11,000 rows, three batches of the import's 5,000: blanks, quoted tags, prices with 4 decimals.
 * Line 11 has SKU 'ix-1'; with `turkishI`, line 7,002 (second batch) has 'İX-1' with other values:
 * the database's lower() of the C.UTF-8 locale makes it 'ix-1' (JavaScript's keeps the dot apart),
 * so it updates the product of line 11, as it did before plain inserts.
 */
function catalogue(turkishI: boolean): string {
  const lines = [HEADER];
  for (let i = 0; i < 11_000; i += 1) {
    const sku = i === 9 ? 'ix-1' : i === 7_000 && turkishI ? 'İX-1' : `P-${String(i).padStart(5, '0')}`;
    const upc = i % 7 === 0 ? '' : `40${String(100_000_000 + i * 13)}${i % 10}`;
    const tags = i % 3 === 0 ? '' : i % 3 === 1 ? 'new' : '"fragile, local"';
    const cost = i % 11 === 0 ? '' : `${(i % 97) + 0.5}`;
    lines.push([sku, upc, `Item ${i} Ladle`, i % 5 === 0 ? '' : `Cat ${i % 4}`, String((i % 50) - 3), cost, `${(i % 89) + 1}.1234`, tags].join(','));
  }
  return lines.join('\n');
}

type ProductRow = Record<string, unknown>;

async function productsOf(t: TestApp, organizationId: string): Promise<ProductRow[]> {
  const result = (await t.db.execute(sql`
    SELECT sku, upc, other_identifier, name, description, distributor, manufacturer, category, location,
           current_quantity::float8 AS current_quantity, cost_price::text AS cost_price, price::text AS price, tags
    FROM products WHERE organization_id = ${organizationId}::uuid AND sku <> 'PRE-1' ORDER BY sku COLLATE "C"`)) as unknown as { rows: ProductRow[] };
  return result.rows;
}

describe.each(DATABASE_KINDS)('a first import into an empty catalogue on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, { NEW_ORGANIZATION_TIER: 'enterprise' });
  });
  afterAll(async () => t?.close());

  async function organization(withProduct: boolean): Promise<{ client: TestClient; organizationId: string }> {
    const client = t.client();
    const { organizationId } = await client.signUp();
    if (withProduct) {
      // One product of its own: the catalogue is not empty, so every batch is an upsert.
      const res = await client.upload('/api/products/import', [{ field: 'file', content: `${HEADER}\nPRE-1,,Before,,1,,,`, fileName: 'pre.csv' }], {
        columnMapping: MAPPING,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    return { client, organizationId };
  }

  const importFile = (client: TestClient, content: string) =>
    client.upload('/api/products/import', [{ field: 'file', content, fileName: 'catalogue.csv' }], { columnMapping: MAPPING });

  it.each([
    ['ASCII SKUs only', false],
    ['a non-ASCII SKU in the second batch', true],
  ])('gives the products and the answer of upserts, with %s', async (_, turkishI) => {
    const content = catalogue(turkishI);
    const fresh = await organization(false);
    const reference = await organization(true);
    const first = await importFile(fresh.client, content);
    const upserted = await importFile(reference.client, content);
    expect(first.statusCode, first.body).toBe(200);
    expect(upserted.statusCode, upserted.body).toBe(200);
    expect(first.json()).toEqual(upserted.json());
    const body = first.json() as { totalRows: number; imported: number; updated: number };
    expect(body.totalRows).toBe(11_000);
    expect(body.imported + body.updated).toBe(11_000);
    if (!turkishI) expect(body).toMatchObject({ imported: 11_000, updated: 0 });

    const products = await productsOf(t, fresh.organizationId);
    expect(products).toEqual(await productsOf(t, reference.organizationId));
    expect(products).toHaveLength(body.imported);
    expect(products.find((p) => p.sku === 'P-00003')).toEqual({
      sku: 'P-00003',
      upc: '401000000393',
      other_identifier: null,
      name: 'Item 3 Ladle',
      description: null,
      distributor: null,
      manufacturer: null,
      category: 'Cat 3',
      location: null,
      current_quantity: 0,
      cost_price: '3.5000',
      price: '4.1234',
      tags: [],
    });
    expect(products.find((p) => p.sku === 'P-00005')).toMatchObject({ category: null, tags: ['fragile', 'local'] });

    // The same file again: every row now updates a product (both Turkish I rows the same one, where
    // the database takes them for one SKU), none is new.
    const again = await importFile(fresh.client, content);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ imported: 0, updated: 11_000 });
    expect(await productsOf(t, fresh.organizationId)).toEqual(products);
  }, 120_000);

  it('keeps every character of the values as the file has them, COPYed or upserted', async () => {
    // Rows are written to the database as COPY text (copy-text.ts): its escapes and NULL marker
    // must not leak into, or out of, the values.
    const names = ['back\\slash \\N \\.', 'tab\there', 'line\nbreak', 'carriage\rreturn', 'Café ☕ \\t 𝄞', '"quoted" \\'];
    // Tags of ASCII only on odd rows (written by the byte loop), with a non-ASCII tag on even ones.
    const rows = names.map((name, i) => `Q-${i},,"${name.replaceAll('"', '""')}",\\N,${i},,,"a\\b, ""c"", ${i % 2 ? 'd' : 'é'}"`);
    const content = `${HEADER}\n${rows.join('\n')}\n`;
    const fresh = await organization(false);
    const reference = await organization(true);
    for (const { client } of [fresh, reference]) expect((await importFile(client, content)).statusCode).toBe(200);
    for (const { organizationId } of [fresh, reference]) {
      const products = await productsOf(t, organizationId);
      expect(products.map((p) => p.name)).toEqual(names);
      products.forEach((p, i) => expect(p).toMatchObject({ upc: null, category: '\\N', tags: ['a\\b', '"c"', i % 2 ? 'd' : 'é'] }));
    }
  });
});
