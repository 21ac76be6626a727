/**
 * The SQL form of a filter expression (filter-sql.ts) counts exactly the products that the
 * domain's matchesFilter accepts, on both databases: on the fixture catalogues and on a
 * catalogue of awkward text (untrimmed with spaces, tabs, line breaks and non-breaking spaces,
 * mixed case, accents composed and decomposed, Greek final sigma, LIKE metacharacters, nulls).
 */
import fc from 'fast-check';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILTER_FIELDS, FILTER_OPERATORS, type FilterCondition, type FilterExpression } from '../../../contracts/filters.js';
import { compileFilter, type FilterableProduct } from '../../../domain/filters.js';
import { loadFixture } from '../../../domain/test-support/fixtures.js';
import type { Database } from '../../db/client.js';
import { organizations, products } from '../../db/schema.js';
import { DATABASE_KINDS, openTestDatabase } from '../../test-support/databases.js';
import { filterSql } from './filter-sql.js';

type Row = Omit<FilterableProduct, 'tags'> & { tags: string[] };

const AWKWARD: Row[] = [
  { sku: ' a-1 ', name: 'Café Crème', manufacturer: 'CAFÉ CO', category: 'Pet Care', distributor: null, location: '\u00a0A-01\t', tags: ['Fast-Mover', ' seasonal '] },
  { sku: 'A-2', name: 'Cafe\u0301 noir', manufacturer: 'café co', category: 'pet care ', distributor: '', location: 'a-01', tags: [] },
  { sku: 'a-3', name: 'ΟΔΟΣ', manufacturer: 'Straße', category: 'PET  CARE', distributor: '100%_pure', location: null, tags: ['100%', 'x_y'] },
  { sku: 'B-4', name: null, manufacturer: null, category: null, distributor: 'Metro Wholesale', location: 'B\u200907', tags: ['İstanbul', 'ÉTÉ'] },
  { sku: 'b-5', name: 'Family Pencil', manufacturer: 'Wayne Foods', category: 'Dairy', distributor: '  ', location: 'Backroom', tags: ['fast-mover', 'FRAGILE'] },
  { sku: 'c-7', name: '\vTab\tName\r\n', manufacturer: 'Wayne Foods ', category: '\tDairy', distributor: 'North Supply\f', location: 'B-07 ', tags: ['\tfragile\n'] },
  { sku: '6', name: '\ufeffZero width', manufacturer: 'Ångström', category: 'Pet Care', distributor: 'North Supply', location: 'A\u030angström', tags: ['seasonal, fragile'] },
];

const fixtureRows: Row[] = [...loadFixture('product-audit-category').catalogueRows, ...loadFixture('cycle-count-basic').catalogueRows].map((r) => ({
  sku: r.sku,
  name: r.name,
  manufacturer: r.manufacturer,
  category: r.category,
  distributor: r.distributor,
  location: r.location,
  tags: r.tags,
}));
// The two fixture catalogues may share SKUs; one product per SKU (case-insensitively) per organisation.
const catalogue = [...new Map(fixtureRows.map((r) => [r.sku.toLowerCase(), r])).values()];

/** Values worth testing: every field's values, their pieces, other cases, padded, and some noise. */
function valuePool(rows: Row[]): string[] {
  const pool = new Set<string>(['x', '%', '_', 'care', 'CARE', 'é', 'e\u0301', 'ς', 'σ', 'i\u0307', 'ss', 'ß', 'å', '01']);
  for (const row of rows) {
    for (const text of [row.sku, row.name, row.manufacturer, row.category, row.distributor, row.location, ...row.tags]) {
      if (!text || !text.trim()) continue;
      pool.add(text);
      pool.add(text.toUpperCase());
      pool.add(` ${text.toLowerCase()} `);
      const t = text.trim();
      if (t.length > 3) pool.add(t.slice(1, Math.ceil(t.length / 2)));
    }
  }
  return [...pool].filter((v) => v.trim() !== '');
}

function expressionArb(values: string[]): fc.Arbitrary<FilterExpression> {
  const condition: fc.Arbitrary<FilterCondition> = fc.record({
    id: fc.constant('c'),
    field: fc.constantFrom(...FILTER_FIELDS),
    operator: fc.constantFrom(...FILTER_OPERATORS),
    value: fc.constantFrom(...values),
  });
  return fc.record({ logic: fc.constantFrom('AND' as const, 'OR' as const), conditions: fc.array(condition, { minLength: 1, maxLength: 4 }) });
}

describe.each(DATABASE_KINDS)('filterSql on %s', (kind) => {
  let database: Database;
  const orgs: Record<'fixture' | 'awkward', string> = { fixture: '', awkward: '' };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    for (const [key, rows] of [['fixture', catalogue], ['awkward', AWKWARD]] as const) {
      const [org] = await database.db.insert(organizations).values({ name: key }).returning();
      orgs[key] = org!.id;
      await database.db.insert(products).values(rows.map((r) => ({ ...r, organizationId: org!.id })));
    }
  });
  afterAll(async () => database?.close());

  async function sqlCount(organizationId: string, expression: FilterExpression): Promise<number> {
    const rows = await database.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.organizationId, organizationId), filterSql(expression)));
    return rows.length;
  }

  for (const [key, rows] of [['fixture', catalogue], ['awkward', AWKWARD]] as const) {
    it(`counts what matchesFilter counts on the ${key} catalogue`, async () => {
      await fc.assert(
        fc.asyncProperty(expressionArb(valuePool(rows)), async (expression) => {
          const want = rows.filter(compileFilter(expression)).length;
          expect(await sqlCount(orgs[key], expression)).toBe(want);
        }),
        { numRuns: key === 'fixture' ? 300 : 400 },
      );
    });
  }

  it('matches every field x operator alike on the awkward catalogue', async () => {
    for (const field of FILTER_FIELDS) {
      for (const operator of FILTER_OPERATORS) {
        for (const value of valuePool(AWKWARD)) {
          const expression: FilterExpression = { logic: 'AND', conditions: [{ id: 'c', field, operator, value }] };
          const want = AWKWARD.filter(compileFilter(expression)).length;
          expect(await sqlCount(orgs.awkward, expression), `${field} ${operator} ${JSON.stringify(value)}`).toBe(want);
        }
      }
    }
  });
});
