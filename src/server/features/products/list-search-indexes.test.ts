/**
 * The products list's search through the indexes keyed by organisation and category
 * (drizzle/0017_products_search_by_organization.sql, docs/decisions/0086): on both databases the
 * indexes exist, a list query read through them (scans turned off) answers exactly what a scan of
 * the table answers, and another organisation's products never appear.
 */
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductFilterCondition } from '../../../contracts/product-filters.js';
import type { ProductListResponse } from '../../../contracts/products.js';
import type { Db } from '../../db/client.js';
import { DATABASE_KINDS } from '../../test-support/databases.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { listProducts } from './list-products.js';
import { productListWhere } from './product-filters-sql.js';
import { pageQuery } from './repo.js';

const NAMES = ['Oak Ladle', 'Steel Ladle', 'Ladder', 'Copper Candle', 'Pine Shelf', 'Ladle Hook', 'Glass Jar', 'Cork Mat'];
const CATEGORIES = ['Kitchen', 'kitchen', 'Garden', 'KITCHEN', 'Tools', null];

/** 240 products: names, categories (in several cases, or none) and prices cycling. */
function catalogue(prefix: string): string {
  const lines = ['SKU,Product Name,Category,Selling Price'];
  for (let i = 0; i < 240; i += 1) {
    lines.push(`${prefix}-${String(i).padStart(4, '0')},${NAMES[i % NAMES.length]} ${i},${CATEGORIES[i % CATEGORIES.length] ?? ''},${(i % 150) + 0.5}`);
  }
  return lines.join('\n');
}
const MAPPING = { SKU: 'sku', 'Product Name': 'name', Category: 'category', 'Selling Price': 'price' };

const kitchen: ProductFilterCondition = { field: 'category', operator: 'eq', value: 'kitchen', logicalOperator: 'AND' };
const cheap: ProductFilterCondition = { field: 'price', operator: 'lt', value: '100', logicalOperator: 'AND' };
const QUERIES: Array<{ search?: string; filters: ProductFilterCondition[] }> = [
  { search: 'ladle', filters: [kitchen, cheap] },
  { search: 'ladle', filters: [] },
  { search: 'LAD', filters: [kitchen] },
  { search: 'sku-00', filters: [] },
  { search: 'a-01', filters: [kitchen] },
  { search: 'zz', filters: [] },
  { filters: [{ field: 'name', operator: 'starts_with', value: 'ladle', logicalOperator: 'AND' }] },
  { filters: [{ field: 'name', operator: 'ends_with', value: 'dle 14', logicalOperator: 'AND' }, kitchen] },
  { filters: [kitchen, { field: 'sku', operator: 'contains', value: '-01', logicalOperator: 'OR' }] },
];

/**
 * Runs `work` in a transaction that is rolled back, where the planner either only scans the
 * table (`scan`) or cannot: table scans off and the b-tree indexes of products dropped (in the
 * transaction only), so that what the search reads comes from the trigram indexes.
 */
async function withPlanner<T>(db: Db, scan: boolean, work: (tx: Db) => Promise<T>): Promise<T> {
  let result: T | undefined;
  await db
    .transaction(async (t) => {
      const tx = t as unknown as Db;
      if (scan) {
        await tx.execute(sql`SET LOCAL enable_indexscan = off`);
        await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
      } else {
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        await tx.execute(sql`DROP INDEX products_org_category_idx, products_org_sku_key, products_org_created_idx`);
      }
      result = await work(tx);
      throw new RolledBack();
    })
    .catch((err: unknown) => {
      if (!(err instanceof RolledBack)) throw err;
    });
  return result as T;
}
class RolledBack extends Error {}

function list(tx: Db, organizationId: string, query: (typeof QUERIES)[number]): Promise<ProductListResponse> {
  return listProducts(tx, { organizationId, query: { page: 1, limit: 500, search: query.search, filters: query.filters } }) as Promise<ProductListResponse>;
}

describe.each(DATABASE_KINDS)('products search indexes on %s', (kind) => {
  let t: TestApp;
  let organizationId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const prefix of ['SKU', 'OTHER']) {
      const owner = t.client();
      const user = await owner.signUp();
      if (prefix === 'SKU') organizationId = user.organizationId;
      // The other organisation has the same names and categories: its rows must never show.
      const content = prefix === 'SKU' ? catalogue('SKU') : catalogue('SKU').replace(/^SKU-/gm, 'OTHER-SKU-');
      const res = await owner.upload('/api/products/import', [{ field: 'file', content, fileName: 'c.csv' }], { columnMapping: JSON.stringify(MAPPING) });
      expect(res.statusCode, res.body).toBe(200);
    }
    await t.db.execute(sql`ANALYZE products`);
  }, 60_000);
  afterAll(async () => t?.close());

  it('has the search indexes keyed by organisation and category', async () => {
    const result = (await t.db.execute(sql`SELECT indexname FROM pg_indexes WHERE tablename = 'products' AND indexname LIKE '%trgm%' ORDER BY 1`)) as unknown as {
      rows: Array<{ indexname: string }>;
    };
    expect(result.rows.map((r) => r.indexname)).toEqual(['products_org_category_name_trgm_idx', 'products_org_category_sku_trgm_idx']);
  });

  it('reads a search with a category through them, keyed by the organisation', async () => {
    const where = productListWhere({ organizationId, search: 'ladle', filters: [kitchen] });
    const plan = await withPlanner(t.db, false, async (tx) => {
      const { sql: text, params } = new PgDialect().sqlToQuery(pageQuery(where, { limit: 50, offset: 0 }));
      const bound = params.reduce<string>((s, p, i) => s.replace(new RegExp(`\\$${i + 1}(?!\\d)`), `'${String(p).replace(/'/g, "''")}'`), text);
      return (await tx.execute(sql.raw(`EXPLAIN ${bound}`))) as unknown as { rows: Array<Record<string, string>> };
    });
    const text = plan.rows.map((r) => Object.values(r)[0]).join('\n');
    expect(text).toMatch(/Bitmap Index Scan on products_org_category_(name|sku)_trgm_idx\s+.*\n\s+Index Cond: \(\(organization_id = /);
  });

  it.each(QUERIES.map((q) => [JSON.stringify(q), q] as const))('answers %s through the indexes as a scan does', async (_, query) => {
    const scanned = await withPlanner(t.db, true, (tx) => list(tx, organizationId, query));
    const indexed = await withPlanner(t.db, false, (tx) => list(tx, organizationId, query));
    expect(indexed.total).toBe(scanned.total);
    expect(indexed.products.map((p) => p.sku)).toEqual(scanned.products.map((p) => p.sku));
    expect(indexed.products.every((p) => p.sku.startsWith('SKU-'))).toBe(true);
    if (query.search === 'ladle' && query.filters.length === 2) expect(indexed.total).toBeGreaterThan(0);
  });
});
