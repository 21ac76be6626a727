/**
 * listProductPage (repo.ts): the total is exact on every side of the cap up to which the page
 * statement counts the matches itself (docs/decisions/0085-list-total-with-the-page.md). The cap
 * is set low here: 4 matches of 9 products, an organisation's look-alikes never counted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { organizations, products } from '../../db/schema.js';
import { DATABASE_KINDS, openTestDatabase } from '../../test-support/databases.js';
import { productListWhere } from './product-filters-sql.js';
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

  // [cap, limit, offset, SKUs of the page]: under, at and over the cap, short and past-the-end pages.
  it.each([
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
  ] as const)('cap %i, limit %i, offset %i: the page in SKU order and the total of 4', async (cap, limit, offset, expected) => {
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
});
