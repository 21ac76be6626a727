/**
 * The product list from the in-memory catalogue (catalogue-snapshot.ts, snapshot-query.ts,
 * docs/decisions/0143) gives the SQL path's answer exactly, on both databases: random catalogues
 * (texts beyond ASCII whose lower case depends on the locale, LIKE's wildcards and its escape as
 * plain characters, blanks, numbers a double does not hold, tag lists with a blank tag, alternate
 * identifiers) and random queries (quick search, up to three filter rows of every field and
 * operator joined by AND and OR, pages and page sizes), the page, the total and every id. The
 * other organisation, with look-alike products, is never in the answers.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_FILTER_FIELDS, operatorsFor, type ProductFilterField } from '../../../contracts/product-filters.js';
import { productListQuerySchema } from '../../../contracts/products.js';
import { seededRandom } from '../../../domain/test-support/seeded-random.js';
import type { Database, Db } from '../../db/client.js';
import { organizations, productIdentifiers, products } from '../../db/schema.js';
import { DATABASE_KINDS, openTestDatabase } from '../../test-support/databases.js';
import { loadCatalogueSnapshot, type CatalogueSnapshot } from './catalogue-snapshot.js';
import { pageFromSnapshot, pageFromSql } from './list-products.js';
import { productListWhere } from './product-filters-sql.js';
import { listProductIds } from './repo.js';
import { lowerQuery, matchingRows } from './snapshot-query.js';

/**
 * Letters whose lower case differs by locale or by length (Kelvin sign, dotted I, final sigma),
 * wildcards, an emoji, and the quote and backslash that JSON text escapes.
 */
const LETTERS = ['a', 'B', 'c', 'D', 'x', 'Ä', 'é', 'ß', 'İ', 'Σ', 'ς', 'K', 'ǅ', '%', '_', '\\', ' ', '1', '0', '-', '😀', '"'];
const QUANTITIES = ['0', '1', '-5', '2.5', '0.001', '12.345', '100', '7'];
const EXACT_QUANTITIES = ['999999999999999.999', '999999999999999.998', '-123456789012345.678', '100.001'];
const PRICES = [null, '0.1', '0.0001', '12.5', '9999999999.9999', '100', '-3.25', '25', '49.99', '10'];
const NUMBER_VALUES = ['100.00000000000000001', '1e2', '-0', '.5', '999999999999999.9985', '999999999999999.999', '0.1', '12.5', '10', '0.0001', '-3.25', '7'];

describe.each(DATABASE_KINDS)('the product list from the in-memory catalogue equals the SQL path on %s', (kind) => {
  let database: Database;
  let db: Db;
  let organizationId: string;
  let otherId: string;
  const random = seededRandom(kind === 'postgres' ? 4301 : 4302);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const word = (max: number) => Array.from({ length: 1 + Math.floor(random() * max) }, () => pick(LETTERS)).join('');
  const blankOr = (text: () => string) => (random() < 0.15 ? null : text());
  const texts: string[] = [];

  /** `count` products of the organisation, values drawn from small pools so that they repeat. */
  async function addCatalogue(orgId: string, count: number): Promise<void> {
    const pools = Array.from({ length: 4 }, () => Array.from({ length: 6 }, () => word(6)));
    const tagPool = Array.from({ length: 6 }, () => word(5));
    const rows = Array.from({ length: count }, (_, i) => {
      const row = {
        organizationId: orgId,
        sku: `${word(3)}${i}`,
        name: blankOr(() => `${word(8)} ${word(6)}`),
        upc: blankOr(() => `${Math.floor(random() * 1e12)}`),
        otherIdentifier: blankOr(() => word(5)),
        description: blankOr(() => word(10)),
        distributor: random() < 0.2 ? null : pick(pools[0]!),
        manufacturer: random() < 0.2 ? null : pick(pools[1]!),
        category: random() < 0.2 ? null : pick(pools[2]!),
        location: random() < 0.2 ? null : pick(pools[3]!),
        currentQuantity: Number(pick(QUANTITIES)),
        costPrice: pick(PRICES),
        price: pick(PRICES),
        tags: random() < 0.05 ? [pick(tagPool), null as unknown as string] : Array.from({ length: Math.floor(random() * 3) }, () => pick(tagPool)),
      };
      texts.push(row.sku, row.name ?? '', row.category ?? '', row.location ?? '', ...row.tags.filter(Boolean));
      return row;
    });
    const inserted = await db.insert(products).values(rows).returning({ id: products.id });
    // Quantities a double does not hold, written as text.
    for (const p of inserted.filter(() => random() < 0.1)) {
      await db.execute(sql`UPDATE products SET current_quantity = ${pick(EXACT_QUANTITIES)}::numeric WHERE id = ${p.id}::uuid`);
    }
    const some = inserted.filter(() => random() < 0.1);
    const identifiers = some.flatMap((p) => [
      { organizationId: orgId, productId: p.id, position: 0, value: word(6), kind: 'barcode', units: 24 },
      { organizationId: orgId, productId: p.id, position: 1, value: word(6), kind: 'alias', units: 0.25 },
    ]);
    if (identifiers.length > 0) await db.insert(productIdentifiers).values(identifiers);
  }

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.db;
    const [ours, theirs] = await db.insert(organizations).values([{ name: 'Ours' }, { name: 'Theirs' }]).returning();
    organizationId = ours!.id;
    otherId = theirs!.id;
    await addCatalogue(organizationId, 400);
    await addCatalogue(otherId, 100);
  });
  afterAll(async () => database?.close());

  /** A piece of a catalogue text, in another case now and then, or a fresh word. */
  const searchText = () => {
    if (random() < 0.25) return word(3);
    const text = pick(texts.filter(Boolean));
    const from = Math.floor(random() * text.length);
    const piece = text.slice(from, from + 1 + Math.floor(random() * 5));
    return random() < 0.3 ? piece.toUpperCase() : piece;
  };
  const filterRow = (i: number) => {
    const field = pick(PRODUCT_FILTER_FIELDS) as ProductFilterField;
    const numeric = field === 'currentQuantity' || field === 'costPrice' || field === 'price';
    return {
      id: `f${i}`,
      field,
      operator: pick(operatorsFor(field)),
      value: numeric ? pick(NUMBER_VALUES) : field === 'upc' ? String(Math.floor(random() * 10)) : searchText(),
      ...(i > 0 ? { logicalOperator: random() < 0.6 ? 'AND' : 'OR' } : {}),
    };
  };
  const randomQuery = () =>
    productListQuerySchema.parse({
      page: String(1 + Math.floor(random() * 3)),
      limit: String(pick([1, 3, 10, 50, 500])),
      ...(random() < 0.6 ? { search: searchText() } : {}),
      ...(random() < 0.7 ? { filters: JSON.stringify(Array.from({ length: 1 + Math.floor(random() * 3) }, (_, i) => filterRow(i))) } : {}),
    });

  let snapshot: CatalogueSnapshot;
  let asked = 0;
  it('holds the organisation\'s products only, in list order', async () => {
    snapshot = await loadCatalogueSnapshot(db, organizationId);
    expect(snapshot.size).toBe(400);
    expect(Array.from({ length: snapshot.size }, (_, row) => snapshot.idOf(row))).toEqual(await listProductIds(db, productListWhere({ organizationId })));
  });

  it('answers 400 random queries as SQL does: page, total and every matching id', async () => {
    let nonEmpty = 0;
    for (let n = 0; n < 400; n += 1) {
      const query = randomQuery();
      const label = JSON.stringify({ search: query.search, filters: query.filters, page: query.page, limit: query.limit });
      asked += 1;
      const fromSnapshot = await pageFromSnapshot(db, snapshot, query, `property ${kind} ${asked} snapshot`);
      const fromSql = await pageFromSql(db, organizationId, query, `property ${kind} ${asked} sql`);
      // The snapshot's answer is JSON text written by hand: the same values, and the same text
      // as the SQL path's answer serialised.
      expect(JSON.parse(fromSnapshot), label).toEqual(fromSql);
      expect(fromSnapshot, label).toBe(JSON.stringify(fromSql));
      const where = productListWhere({ organizationId, search: query.search, filters: query.filters });
      const ids = Array.from(matchingRows(snapshot, await lowerQuery(db, query.search, query.filters)), (row) => snapshot.idOf(row));
      expect(ids, label).toEqual(await listProductIds(db, where));
      if (fromSql.total > 0 && fromSql.total < 400) nonEmpty += 1;
    }
    // The queries narrow the catalogue, not just all or nothing.
    expect(nonEmpty).toBeGreaterThan(100);
  });

  it('never shows the other organisation\'s products', async () => {
    const theirs = await listProductIds(db, productListWhere({ organizationId: otherId }));
    const ours = new Set(Array.from({ length: snapshot.size }, (_, row) => snapshot.idOf(row)));
    expect(theirs.some((id) => ours.has(id))).toBe(false);
  });
});
