/**
 * The catalogue a processing job reconciles against, read as one JSON text by the database
 * (`loadCatalogueSnapshot`) and built in the processing thread (`parseCatalogueSnapshot`), is the
 * organisation's products as the query builder reads them, field for field, in SKU order, with
 * the product audit's scope applied by the domain's filter rules; on both databases.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FilterExpression } from '../../../../contracts/filters.js';
import { compileFilter } from '../../../../domain/filters.js';
import type { Database } from '../../../db/client.js';
import { organizations, products } from '../../../db/schema.js';
import { DATABASE_KINDS, openTestDatabase } from '../../../test-support/databases.js';
import { loadCatalogueSnapshot } from '../repo.js';
import { parseCatalogueSnapshot } from './catalogue-snapshot.js';

const ODD = [
  { sku: 'B-2', name: 'Café "Crème", 1/2 kg\n2nd line', upc: '0012345678905', otherIdentifier: null, category: 'Pet Care', location: '\u00a0A-01\t', manufacturer: 'Ångström', distributor: null, tags: ['fragile', 'seasonal, summer', 'ΟΔΟΣ'], currentQuantity: -3, costPrice: '12.5' },
  { sku: 'a-1', name: null, upc: null, otherIdentifier: 'X\\Y', category: null, location: null, manufacturer: null, distributor: '100%_pure', tags: [], currentQuantity: 0, costPrice: null },
  { sku: 'C-3', name: '\u{1F4E6} box', upc: null, otherIdentifier: null, category: 'Dairy', location: 'B-07', manufacturer: 'Wayne Foods', distributor: 'North', tags: ['high-value'], currentQuantity: 1_000_000, costPrice: '0.0001' },
];

describe.each(DATABASE_KINDS)('catalogue snapshot on %s', (kind) => {
  let database: Database;
  let organizationId = '';

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const [org] = await database.db.insert(organizations).values({ name: 'snapshot' }).returning();
    organizationId = org!.id;
    await database.db.insert(products).values(ODD.map((p) => ({ ...p, organizationId })));
    const [other] = await database.db.insert(organizations).values({ name: 'other' }).returning();
    await database.db.insert(products).values({ sku: 'A-0', organizationId: other!.id });
  });
  afterAll(async () => database?.close());

  it('gives every product of the organisation as the query builder reads it, in SKU order', async () => {
    const want = await database.db
      .select()
      .from(products)
      .where(eq(products.organizationId, organizationId))
      .orderBy(asc(products.sku));
    const { catalogue, productTags } = parseCatalogueSnapshot(await loadCatalogueSnapshot(database.db, organizationId), null);
    expect(catalogue).toEqual(
      want.map((p) => ({
        id: p.id,
        sku: p.sku,
        upc: p.upc,
        otherIdentifier: p.otherIdentifier,
        name: p.name,
        category: p.category,
        location: p.location,
        expectedQuantity: p.currentQuantity,
        costPrice: p.costPrice,
        inScope: true,
      })),
    );
    // Only the products that have tags are in the map; a line of the others has no tags.
    expect([...productTags]).toEqual(want.filter((p) => p.tags.length > 0).map((p) => [p.id, p.tags]));
    expect(want.filter((p) => p.tags.length === 0).map((p) => productTags.has(p.id))).toEqual([false]);
  });

  it("marks the product audit's scope by the domain's filter rules", async () => {
    const filter: FilterExpression = { logic: 'OR', conditions: [{ id: '1', field: 'tags', operator: 'contains', value: 'SUMMER' }, { id: '2', field: 'distributor', operator: 'equals', value: '100%_PURE' }] };
    const { catalogue } = parseCatalogueSnapshot(await loadCatalogueSnapshot(database.db, organizationId), filter);
    const inFilter = compileFilter(filter);
    expect(catalogue.filter((p) => p.inScope).map((p) => p.sku).sort()).toEqual(ODD.filter(inFilter).map((p) => p.sku).sort());
    expect(catalogue.filter((p) => p.inScope)).toHaveLength(2);
  });

  it('gives the same catalogue when PGlite reads it a page at a time, pages full or not', async () => {
    const whole = parseCatalogueSnapshot(await loadCatalogueSnapshot(database.db, organizationId), null);
    for (const pageSize of [1, 2, 3, 4]) {
      expect(parseCatalogueSnapshot(await loadCatalogueSnapshot(database.db, organizationId, { pageSize }), null)).toEqual(whole);
    }
    expect(whole.catalogue.map((p) => p.sku)).toEqual(['B-2', 'C-3', 'a-1']);
  });

  it('is an empty catalogue for an organisation without products', async () => {
    const [empty] = await database.db.insert(organizations).values({ name: 'empty' }).returning();
    expect(parseCatalogueSnapshot(await loadCatalogueSnapshot(database.db, empty!.id), null)).toEqual({ catalogue: [], productTags: new Map() });
  });
});
