/**
 * listProductPage (repo.ts): the total is exact on every side of the cap up to which the page
 * statement counts the matches itself, and without it (docs/decisions/0085-list-total-with-the-page.md).
 * The cap is set low here: 4 matches of 9 products, an organisation's look-alikes never counted.
 * listProducts: a query answered again, after its total grew past the cap, stays exact.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ProductListResponse } from '../../../contracts/products.js';
import type { Database } from '../../db/client.js';
import { organizations, products } from '../../db/schema.js';
import { DATABASE_KINDS, openTestDatabase } from '../../test-support/databases.js';
import { productListWhere } from './product-filters-sql.js';
import { listProducts } from './list-products.js';
import { COUNTED_WITH_PAGE, listProductPage } from './repo.js';

describe.each(DATABASE_KINDS)('listProductPage on %s', (kind) => {
  let database: Database;
  let organizationId: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const { db } = database;
    const [ours, theirs] = await db.insert(organizations).values([{ name: 'Ours' }, { name: 'Theirs' }]).returning();
    organizationId = ours!.id;
    // Four widgets (s-1, S-4, S-6, S-8) among 9 products, SKUs mixed in case, inserted out of order.
    const names = ['Gadget', 'Widget', 'gizmo', 'WIDGET blue', 'Sprocket', 'widget red', 'Bolt', 'Nut', 'Widget green'];
    await db.insert(products).values(names.map((name, i) => ({ organizationId: ours!.id, sku: `${i % 2 ? 'S' : 's'}-${9 - i}`, name })));
    await db.insert(products).values(names.map((name, i) => ({ organizationId: theirs!.id, sku: `S-${i}`, name })));
  });
  afterAll(async () => database?.close());

  const widgets = () => productListWhere({ organizationId, search: 'widget' });
  const skus = (rows: Array<{ sku: string }>) => rows.map((r) => r.sku);

  it('counts the first twenty pages of fifty with the page', () => {
    expect(COUNTED_WITH_PAGE).toBe(1000);
  });

  // [cap, limit, offset, SKUs of the page]: under, at and over the cap, short and past-the-end
  // pages; no cap: the page statement, then the count.
  it.each([
    [undefined, 2, 0, ['s-1', 'S-4']],
    [undefined, 3, 3, ['S-8']],
    [undefined, 2, 8, []],
    [10, 2, 0, ['s-1', 'S-4']],
    [10, 2, 2, ['S-6', 'S-8']],
    [10, 3, 3, ['S-8']],
    [10, 2, 8, []],
    [4, 2, 2, ['S-6', 'S-8']],
    [3, 2, 0, ['s-1', 'S-4']],
    [3, 2, 2, ['S-6', 'S-8']],
    [2, 1, 1, ['S-4']],
    [1, 1, 0, ['s-1']],
    [3, 2, 6, []],
  ] as const)('cap %s, limit %i, offset %i: the page in SKU order and the total of 4', async (cap, limit, offset, expected) => {
    const { rows, total } = await listProductPage(database.db, widgets(), { limit, offset }, cap);
    expect(skus(rows)).toEqual(expected);
    expect(total).toBe(4);
  });

  it('answers the same rows and values through the counted statement as without it', async () => {
    const counted = await listProductPage(database.db, widgets(), { limit: 50, offset: 0 });
    const plain = await database.db.select().from(products).where(widgets()).orderBy(sql`lower(${products.sku})`);
    expect(counted.rows).toEqual(plain);
    expect(counted.rows[0]!.createdAt).toBeInstanceOf(Date);
  });

  it('answers a total of 0 with an empty first page', async () => {
    const none = productListWhere({ organizationId, search: 'nothing like it' });
    expect(await listProductPage(database.db, none, { limit: 50, offset: 0 })).toEqual({ rows: [], total: 0 });
    expect(await listProductPage(database.db, none, { limit: 2, offset: 0 }, 1)).toEqual({ rows: [], total: 0 });
  });

  it('answers a query again exactly after its total grew past the cap', async () => {
    const query = { page: 1, limit: 2, search: 'gizmo' };
    const first = await listProducts(database.db, { organizationId, query });
    expect(first).toMatchObject({ total: 1, page: 1, limit: 2 });
    expect(await listProducts(database.db, { organizationId, query })).toEqual(first);
    // The last total (1) was under the cap: the next answer is read by the counted statement,
    // which now counts the cap and leaves the total to the count.
    await database.db.execute(
      sql`INSERT INTO products (organization_id, sku, name) SELECT ${organizationId}::uuid, 'G-' || n, 'Gizmo ' || n FROM generate_series(1, ${COUNTED_WITH_PAGE}) AS n`,
    );
    const grown = await listProducts(database.db, { organizationId, query });
    expect(grown).toMatchObject({ total: COUNTED_WITH_PAGE + 1 });
    expect(skus((grown as ProductListResponse).products)).toEqual(['G-1', 'G-10']);
    expect(await listProducts(database.db, { organizationId, query: { ...query, page: 3 } })).toMatchObject({ total: COUNTED_WITH_PAGE + 1 });
    await database.db.execute(sql`DELETE FROM products WHERE sku LIKE 'G-%'`);
    expect(await listProducts(database.db, { organizationId, query })).toEqual(first);
  });
});
