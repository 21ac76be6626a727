/**
 * GET /api/products with quick search and Advanced Filters (spec part 2 sections 2, 5, 7):
 * every operator of every kind of field, blank fields, AND/OR precedence, LIKE wildcards in
 * values, validation, getAllIds, organisation scoping. Expectations are written out by hand
 * against the five products below.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../test-support/databases.js';
import { createTestApp, signedInMember, type TestApp, type TestClient } from '../../test-support/test-app.js';

// Blank cells are NULL fields. P-04 has nothing but a SKU, a quantity, a cost price and a tag.
const CATALOGUE = [
  'SKU,Product Name,UPC,Other ID,Distributor,Manufacturer,Category,Location,Quantity,Cost Price,Selling Price,Tags',
  'P-01,Blue Widget,012345678905,VN-100,Acme Dist,Acme,Hardware,A-01,5,1.50,2.99,"sale, Fast-Mover"',
  'P-02,blue gadget,,VN-200,Bolt Supply,,Electronics,B-02,10,10.00,19.99,Seasonal',
  'P-03,Red Widget 50% off,4006381333931,,acme dist,Acme Corp,hardware,A-02,0,,5.00,',
  'P-04,,,,,,,,-2,0.10,,clearance',
  'X_05,Green_Thing,5012345678900,VN-100-B,Bolt Supply,Zenith,Garden,C-10,100,25.25,49.95,"fast-mover, outdoor"',
].join('\n');
const MAPPING = {
  SKU: 'sku',
  'Product Name': 'name',
  UPC: 'upc',
  'Other ID': 'otherIdentifier',
  Distributor: 'distributor',
  Manufacturer: 'manufacturer',
  Category: 'category',
  Location: 'location',
  Quantity: 'currentQuantity',
  'Cost Price': 'costPrice',
  'Selling Price': 'price',
  Tags: 'tags',
};
const ALL = ['P-01', 'P-02', 'P-03', 'P-04', 'X_05'];

type Filter = { field: string; operator: string; value: unknown; logicalOperator?: string; id?: string };

function listUrl(opts: { filters?: Filter[] | string; search?: string; getAllIds?: boolean; limit?: number }): string {
  const params = new URLSearchParams({ limit: String(opts.limit ?? 100) });
  if (opts.filters !== undefined) params.set('filters', typeof opts.filters === 'string' ? opts.filters : JSON.stringify(opts.filters));
  if (opts.search !== undefined) params.set('search', opts.search);
  if (opts.getAllIds) params.set('getAllIds', 'true');
  return `/api/products?${params}`;
}

// [field, operator, value, SKUs expected]
const OPERATOR_CASES: Array<[string, string, string | number, string[]]> = [
  // text: name
  ['name', 'contains', 'widget', ['P-01', 'P-03']],
  ['name', 'contains', 'WIDGET', ['P-01', 'P-03']],
  ['name', 'contains', '%', ['P-03']], // a wildcard in the value is a plain character
  ['name', 'contains', '_', ['X_05']],
  ['name', 'eq', 'blue widget', ['P-01']],
  ['name', 'starts_with', 'BLUE', ['P-01', 'P-02']],
  ['name', 'ends_with', 'widget', ['P-01']],
  ['name', 'not_contains', 'widget', ['P-02', 'P-04', 'X_05']], // P-04 has no name: it does not contain "widget"
  ['name', 'ne', 'Blue Widget', ['P-02', 'P-03', 'P-04', 'X_05']],
  // text: sku (never blank)
  ['sku', 'contains', '_', ['X_05']],
  ['sku', 'eq', 'p-03', ['P-03']],
  ['sku', 'starts_with', 'p-0', ['P-01', 'P-02', 'P-03', 'P-04']],
  ['sku', 'ends_with', '5', ['X_05']],
  ['sku', 'not_contains', 'p', ['X_05']],
  ['sku', 'ne', 'P-03', ['P-01', 'P-02', 'P-04', 'X_05']],
  // text: upc
  ['upc', 'contains', '0123', ['P-01', 'X_05']],
  ['upc', 'eq', '4006381333931', ['P-03']],
  ['upc', 'starts_with', '0', ['P-01']],
  ['upc', 'ends_with', '00', ['X_05']],
  ['upc', 'not_contains', '0123', ['P-02', 'P-03', 'P-04']],
  ['upc', 'ne', '4006381333931', ['P-01', 'P-02', 'P-04', 'X_05']],
  // text: otherIdentifier
  ['otherIdentifier', 'contains', '-100', ['P-01', 'X_05']],
  ['otherIdentifier', 'eq', 'vn-100', ['P-01']],
  ['otherIdentifier', 'starts_with', 'VN-100', ['P-01', 'X_05']],
  ['otherIdentifier', 'ends_with', '-b', ['X_05']],
  ['otherIdentifier', 'not_contains', 'vn', ['P-03', 'P-04']],
  ['otherIdentifier', 'ne', 'VN-200', ['P-01', 'P-03', 'P-04', 'X_05']],
  // text: distributor
  ['distributor', 'contains', 'supply', ['P-02', 'X_05']],
  ['distributor', 'eq', 'ACME DIST', ['P-01', 'P-03']],
  ['distributor', 'starts_with', 'bolt', ['P-02', 'X_05']],
  ['distributor', 'ends_with', 'dist', ['P-01', 'P-03']],
  ['distributor', 'not_contains', 'acme', ['P-02', 'P-04', 'X_05']],
  ['distributor', 'ne', 'acme dist', ['P-02', 'P-04', 'X_05']],
  // text: manufacturer
  ['manufacturer', 'contains', 'CORP', ['P-03']],
  ['manufacturer', 'eq', 'acme', ['P-01']],
  ['manufacturer', 'starts_with', 'acme', ['P-01', 'P-03']],
  ['manufacturer', 'ends_with', 'corp', ['P-03']],
  ['manufacturer', 'not_contains', 'acme', ['P-02', 'P-04', 'X_05']],
  ['manufacturer', 'ne', 'Acme', ['P-02', 'P-03', 'P-04', 'X_05']],
  // text: category
  ['category', 'contains', 'ware', ['P-01', 'P-03']],
  ['category', 'eq', 'hardware', ['P-01', 'P-03']],
  ['category', 'starts_with', 'g', ['X_05']],
  ['category', 'ends_with', 'ics', ['P-02']],
  ['category', 'not_contains', 'ware', ['P-02', 'P-04', 'X_05']],
  ['category', 'ne', 'HARDWARE', ['P-02', 'P-04', 'X_05']],
  // text: location
  ['location', 'contains', '0', ['P-01', 'P-02', 'P-03', 'X_05']],
  ['location', 'eq', 'b-02', ['P-02']],
  ['location', 'starts_with', 'a-', ['P-01', 'P-03']],
  ['location', 'ends_with', '-10', ['X_05']],
  ['location', 'not_contains', 'a-', ['P-02', 'P-04', 'X_05']],
  ['location', 'ne', 'A-01', ['P-02', 'P-03', 'P-04', 'X_05']],
  // numbers: currentQuantity 5, 10, 0, -2, 100
  ['currentQuantity', 'eq', 10, ['P-02']],
  ['currentQuantity', 'gt', 5, ['P-02', 'X_05']],
  ['currentQuantity', 'gt', '4.5', ['P-01', 'P-02', 'X_05']],
  ['currentQuantity', 'lt', 0, ['P-04']],
  ['currentQuantity', 'gte', '5', ['P-01', 'P-02', 'X_05']],
  ['currentQuantity', 'lte', 0, ['P-03', 'P-04']],
  ['currentQuantity', 'ne', 0, ['P-01', 'P-02', 'P-04', 'X_05']],
  // numbers: costPrice 1.50, 10.00, blank, 0.10, 25.25
  ['costPrice', 'eq', 10, ['P-02']],
  ['costPrice', 'eq', '0.1', ['P-04']], // exact decimal, no float rounding
  ['costPrice', 'gt', 1.5, ['P-02', 'X_05']],
  ['costPrice', 'lt', 10, ['P-01', 'P-04']],
  ['costPrice', 'gte', 10, ['P-02', 'X_05']],
  ['costPrice', 'lte', '1.50', ['P-01', 'P-04']],
  ['costPrice', 'ne', 10, ['P-01', 'P-03', 'P-04', 'X_05']], // P-03 has no cost price: not equal to 10
  // numbers: price 2.99, 19.99, 5.00, blank, 49.95
  ['price', 'eq', 5, ['P-03']],
  ['price', 'gt', 19.99, ['X_05']],
  ['price', 'lt', 5, ['P-01']],
  ['price', 'gte', '19.99', ['P-02', 'X_05']],
  ['price', 'lte', 5, ['P-01', 'P-03']],
  ['price', 'ne', 5, ['P-01', 'P-02', 'P-04', 'X_05']],
  // tags: [sale, Fast-Mover], [Seasonal], [], [clearance], [fast-mover, outdoor]
  ['tags', 'contains', 'FAST', ['P-01', 'X_05']],
  ['tags', 'contains', 'seas', ['P-02']],
  ['tags', 'contains', '%', []],
  ['tags', 'not_contains', 'fast', ['P-02', 'P-03', 'P-04']], // no tags: contains nothing
  ['tags', 'not_contains', 'e', ['P-03']],
];

describe.each(DATABASE_KINDS)('products list filters on %s', (kind) => {
  let t: TestApp;
  let owner: TestClient;
  let organizationId: string;

  async function skus(opts: Parameters<typeof listUrl>[0]): Promise<string[]> {
    const res = await owner.get(listUrl(opts));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total).toBe(body.products.length);
    return body.products.map((p: { sku: string }) => p.sku);
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = t.client();
    organizationId = (await owner.signUp()).organizationId;
    const res = await owner.upload('/api/products/import', [{ field: 'file', content: CATALOGUE, fileName: 'catalogue.csv' }], {
      columnMapping: JSON.stringify(MAPPING),
    });
    expect(res.statusCode, res.body).toBe(200);
    // Another organisation with look-alike products: never in our answers.
    const other = t.client();
    await other.signUp({ organizationName: 'Other Org' });
    const theirs = await other.upload('/api/products/import', [{ field: 'file', content: CATALOGUE.replace(/P-0/g, 'Q-0'), fileName: 'c.csv' }], {
      columnMapping: JSON.stringify(MAPPING),
    });
    expect(theirs.statusCode).toBe(200);
  });
  afterAll(async () => t?.close());

  it('lists in SKU order, case-insensitively', async () => {
    expect(await skus({})).toEqual(ALL);
  });

  it.each(OPERATOR_CASES)('%s %s %j', async (field, operator, value, expected) => {
    expect(await skus({ filters: [{ id: 'f1', field, operator, value }] })).toEqual(expected);
  });

  it('ANDs rows joined by AND', async () => {
    const filters: Filter[] = [
      { field: 'name', operator: 'contains', value: 'widget' },
      { field: 'category', operator: 'eq', value: 'hardware', logicalOperator: 'AND' },
    ];
    expect(await skus({ filters })).toEqual(['P-01', 'P-03']);
    filters.push({ field: 'price', operator: 'gt', value: '3', logicalOperator: 'AND' });
    expect(await skus({ filters })).toEqual(['P-03']);
  });

  it('ORs rows joined by OR', async () => {
    const filters: Filter[] = [
      { field: 'manufacturer', operator: 'eq', value: 'zenith' },
      { field: 'currentQuantity', operator: 'lt', value: 0, logicalOperator: 'OR' },
    ];
    expect(await skus({ filters })).toEqual(['P-04', 'X_05']);
  });

  it('binds AND tighter than OR: A OR B AND C is A OR (B AND C)', async () => {
    const filters: Filter[] = [
      { field: 'name', operator: 'contains', value: 'gadget' },
      { field: 'category', operator: 'eq', value: 'hardware', logicalOperator: 'OR' },
      { field: 'price', operator: 'lt', value: 3, logicalOperator: 'AND' },
    ];
    // Left to right, (A OR B) AND C, would give P-01 alone.
    expect(await skus({ filters })).toEqual(['P-01', 'P-02']);
    // A AND B OR C AND D: (A AND B) OR (C AND D).
    const four: Filter[] = [
      { field: 'category', operator: 'eq', value: 'hardware' },
      { field: 'price', operator: 'gt', value: 3, logicalOperator: 'AND' },
      { field: 'distributor', operator: 'eq', value: 'bolt supply', logicalOperator: 'OR' },
      { field: 'currentQuantity', operator: 'gt', value: 50, logicalOperator: 'AND' },
    ];
    expect(await skus({ filters: four })).toEqual(['P-03', 'X_05']);
  });

  it('ignores the first row\'s logical operator and takes a missing one later as AND', async () => {
    const filters: Filter[] = [
      { field: 'category', operator: 'eq', value: 'hardware', logicalOperator: 'OR' },
      { field: 'price', operator: 'gt', value: 3 },
    ];
    expect(await skus({ filters })).toEqual(['P-03']);
  });

  it('skips rows with a blank value', async () => {
    expect(await skus({ filters: [{ field: 'name', operator: 'contains', value: '  ' }] })).toEqual(ALL);
    expect(await skus({ filters: [{ field: 'price', operator: 'gt', value: '' }, { field: 'sku', operator: 'eq', value: 'P-02', logicalOperator: 'AND' }] })).toEqual(['P-02']);
    expect(await skus({ filters: '' })).toEqual(ALL);
    expect(await skus({ filters: '[]' })).toEqual(ALL);
  });

  it('combines the quick search (SKU or name contains) with the filters', async () => {
    expect(await skus({ search: 'BLUE' })).toEqual(['P-01', 'P-02']);
    expect(await skus({ search: 'x_0' })).toEqual(['X_05']);
    expect(await skus({ search: '%' })).toEqual(['P-03']);
    expect(await skus({ search: 'widget', filters: [{ field: 'price', operator: 'gt', value: 3 }] })).toEqual(['P-03']);
  });

  it('pages with the total of all matches', async () => {
    const res = await owner.get('/api/products?limit=2&page=2&filters=' + encodeURIComponent(JSON.stringify([{ field: 'sku', operator: 'starts_with', value: 'P' }])));
    expect(res.json()).toMatchObject({ total: 4, page: 2, limit: 2 });
    expect(res.json().products.map((p: { sku: string }) => p.sku)).toEqual(['P-03', 'P-04']);
    // A short last page and a page past the end still carry the total.
    const filters = encodeURIComponent(JSON.stringify([{ field: 'sku', operator: 'starts_with', value: 'P' }]));
    const last = (await owner.get(`/api/products?limit=3&page=2&filters=${filters}`)).json();
    expect(last).toMatchObject({ total: 4, page: 2 });
    expect(last.products.map((p: { sku: string }) => p.sku)).toEqual(['P-04']);
    expect((await owner.get(`/api/products?limit=2&page=5&filters=${filters}`)).json()).toMatchObject({ total: 4, products: [] });
  });

  it('answers every matching id with getAllIds, in list order, without paging', async () => {
    const page = await owner.get(listUrl({ search: 'widget', filters: [{ field: 'price', operator: 'gt', value: 1 }] }));
    const ids = await owner.get(listUrl({ search: 'widget', filters: [{ field: 'price', operator: 'gt', value: 1 }], getAllIds: true, limit: 1 }));
    expect(ids.statusCode).toBe(200);
    expect(Object.keys(ids.json())).toEqual(['productIds']);
    expect(ids.json().productIds).toEqual(page.json().products.map((p: { id: string }) => p.id));
    expect(ids.json().productIds).toHaveLength(2);
    const all = await owner.get(listUrl({ getAllIds: true, limit: 1 }));
    expect(all.json().productIds).toHaveLength(ALL.length);
  });

  it.each([
    [[{ field: 'colour', operator: 'eq', value: 'red' }], 'filters.0.field', '"colour" is not a filterable field'],
    [[{ field: 'sku', operator: 'eq', value: 'x' }, { field: 'name', operator: 'gt', value: 'x' }], 'filters.1.operator', '"gt" is not an operator for name'],
    [[{ field: 'tags', operator: 'eq', value: 'x' }], 'filters.0.operator', 'use contains, not_contains'],
    [[{ field: 'price', operator: 'contains', value: '1' }], 'filters.0.operator', '"contains" is not an operator for price'],
    [[{ field: 'price', operator: 'gt', value: 'abc' }], 'filters.0.value', '"abc" is not a number'],
    [[{ field: 'currentQuantity', operator: 'eq', value: '1,000' }], 'filters.0.value', '"1,000" is not a number'],
    [[{ field: 'sku', operator: 'eq', value: 'x', logicalOperator: 'XOR' }], 'filters.0.logicalOperator', ''],
    ['{not json', 'filters', 'is not valid JSON'],
    ['{"field":"sku"}', 'filters', ''],
  ])('refuses bad filters with a 400 naming the part: %j', async (filters, path, message) => {
    const res = await owner.get(listUrl({ filters: filters as Filter[] | string }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(`${path}: `);
    expect(res.json().message).toContain(message);
  });

  it('caps the page size at 10,000 and defaults to 50', async () => {
    expect((await owner.get('/api/products?limit=10001')).statusCode).toBe(400);
    expect((await owner.get('/api/products?limit=10000')).statusCode).toBe(200);
    expect((await owner.get('/api/products')).json().limit).toBe(50);
  });

  it('lets a viewer search and filter', async () => {
    const viewer = await signedInMember(t, organizationId, 'viewer');
    const res = await viewer.get(listUrl({ filters: [{ field: 'tags', operator: 'contains', value: 'fast' }] }));
    expect(res.json().products.map((p: { sku: string }) => p.sku)).toEqual(['P-01', 'X_05']);
  });
});
