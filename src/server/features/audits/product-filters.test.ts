/**
 * The filter step's calls (spec part 1 sections 5 "Define Filters", 7): `POST
 * /api/products/filter-preview` counts what the domain's matchesFilter accepts, and `GET
 * /api/products/filter-options` suggests each field's values. Routes: products/filter-routes.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILTER_FIELDS, FILTER_OPERATORS, type FilterExpression, type FilterField } from '../../../contracts/filters.js';
import { FILTER_OPTION_FIELDS } from '../../../contracts/audits.js';
import { compileFilter } from '../../../domain/filters.js';
import { loadFixture, type FixtureCatalogueRow } from '../../../domain/test-support/fixtures.js';
import { DATABASE_KINDS } from '../../test-support/databases.js';
import { createTestApp, signedInMember, type TestApp, type TestClient } from '../../test-support/test-app.js';
import { importFixtureCatalogue } from './test-support/fixture-audits.js';

const fixture = loadFixture('product-audit-category');
const rows = fixture.catalogueRows;
const countOf = (expression: FilterExpression) => rows.filter(compileFilter(expression)).length;

/** A value of `field` that some products have and others do not (its most common one). */
function commonValue(field: FilterField): string {
  const tally = new Map<string, number>();
  for (const row of rows as FixtureCatalogueRow[]) {
    const values = field === 'tags' ? row.tags : [row[field] ?? ''];
    for (const v of values) if (v) tally.set(v, (tally.get(v) ?? 0) + 1);
  }
  return [...tally].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
}

const one = (field: FilterField, operator: (typeof FILTER_OPERATORS)[number], value: string): FilterExpression => ({
  logic: 'AND',
  conditions: [{ id: 'c1', field, operator, value }],
});

describe.each(DATABASE_KINDS)('product filter calls on %s', (kind) => {
  let t: TestApp;
  let owner: TestClient;
  let organizationId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = t.client();
    organizationId = (await owner.signUp()).organizationId;
    await importFixtureCatalogue(owner, fixture);
  });
  afterAll(async () => t?.close());

  async function preview(filterExpression: unknown): Promise<number> {
    const res = await owner.post('/api/products/filter-preview', { filterExpression });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().count;
  }

  it('counts every field x operator as matchesFilter does', async () => {
    for (const field of FILTER_FIELDS) {
      const full = commonValue(field);
      // The full value, another case with padding, and a fragment (contains on part of it).
      const values = [full, ` ${full.toUpperCase()} `, full.slice(1, Math.max(2, Math.ceil(full.length / 2)))];
      for (const operator of FILTER_OPERATORS) {
        for (const value of values) {
          const expression = one(field, operator, value);
          expect(await preview(expression), `${field} ${operator} ${JSON.stringify(value)}`).toBe(countOf(expression));
        }
      }
      const hits = countOf(one(field, 'equals', full));
      expect(hits, `${field} equals ${full}`).toBeGreaterThan(0);
      expect(hits, `${field} equals ${full}`).toBeLessThan(rows.length);
    }
  });

  it('combines conditions with AND and OR, tags included, sent as an object or a JSON string', async () => {
    const tag = commonValue('tags');
    const expressions: FilterExpression[] = [
      {
        logic: 'AND',
        conditions: [
          { id: 'a', field: 'category', operator: 'equals', value: 'Pet Care' },
          { id: 'b', field: 'tags', operator: 'contains', value: tag.slice(0, 4) },
        ],
      },
      {
        logic: 'OR',
        conditions: [
          { id: 'a', field: 'tags', operator: 'equals', value: tag },
          { id: 'b', field: 'manufacturer', operator: 'equals', value: commonValue('manufacturer') },
        ],
      },
      {
        logic: 'AND',
        conditions: [
          { id: 'a', field: 'tags', operator: 'not_equals', value: tag },
          { id: 'b', field: 'location', operator: 'not_contains', value: 'a' },
          { id: 'c', field: 'name', operator: 'contains', value: 'e' },
        ],
      },
      {
        logic: 'OR',
        conditions: [
          { id: 'a', field: 'sku', operator: 'contains', value: 'HX-' },
          { id: 'b', field: 'distributor', operator: 'equals', value: commonValue('distributor') },
          { id: 'c', field: 'tags', operator: 'not_contains', value: tag },
        ],
      },
    ];
    for (const expression of expressions) {
      const want = countOf(expression);
      expect(want).toBeGreaterThan(0);
      expect(await preview(expression)).toBe(want);
      expect(await preview(JSON.stringify(expression))).toBe(want);
    }
    expect(await preview(fixture.manifest.filterExpression)).toBe(countOf(fixture.manifest.filterExpression!));
  });

  it('refuses an invalid filter with a clear message', async () => {
    const res = await owner.post('/api/products/filter-preview', { filterExpression: { logic: 'AND', conditions: [{ id: 'c', field: 'sku', operator: 'equals', value: '  ' }] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('filterExpression.conditions.0.value: Filter value is required');
  });

  it('offers each field\'s distinct non-blank values, sorted, cached for 5 minutes', async () => {
    const res = await owner.get('/api/products/filter-options');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    const options = res.json();
    expect(Object.keys(options).sort()).toEqual([...FILTER_OPTION_FIELDS].sort());
    for (const field of FILTER_OPTION_FIELDS) {
      const want = new Set(rows.flatMap((r) => (field === 'tags' ? r.tags : [r[field]])).filter((v): v is string => !!v && v.trim() !== ''));
      expect(new Set(options[field]), field).toEqual(want);
      expect(options[field]).toHaveLength(want.size);
      const sorted = [...options[field]].sort((a: string, b: string) => {
        const [x, y] = [a.toLowerCase(), b.toLowerCase()];
        return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0;
      });
      expect(options[field], field).toEqual(sorted);
    }
    expect(options.category).toContain('Pet Care');
  });

  it('is scoped to the organisation, open to a viewer, closed to the signed-out', async () => {
    const stranger = t.client();
    await stranger.signUp({ organizationName: 'Stranger Goods' });
    expect((await stranger.post('/api/products/filter-preview', { filterExpression: fixture.manifest.filterExpression })).json()).toEqual({ count: 0 });
    expect((await stranger.get('/api/products/filter-options')).json()).toEqual({ manufacturer: [], category: [], distributor: [], location: [], tags: [] });

    const viewer = await signedInMember(t, organizationId, 'viewer');
    expect((await viewer.post('/api/products/filter-preview', { filterExpression: fixture.manifest.filterExpression })).json()).toEqual({
      count: countOf(fixture.manifest.filterExpression!),
    });
    expect((await viewer.get('/api/products/filter-options')).statusCode).toBe(200);

    const anon = t.client();
    expect((await anon.get('/api/products/filter-options')).statusCode).toBe(401);
    expect((await anon.post('/api/products/filter-preview', { filterExpression: fixture.manifest.filterExpression })).statusCode).toBe(401);
  });
});
