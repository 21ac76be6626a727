import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  filterExpressionInputSchema,
  filterExpressionSchema,
  type FilterCondition,
  type FilterExpression,
} from '../contracts/filters.js';
import { compileFilter, matchesFilter, type FilterableProduct } from './filters.js';
import { loadFixture } from './test-support/fixtures.js';

const product: FilterableProduct = {
  sku: 'AB-97921',
  name: 'Classic Crisps 291',
  manufacturer: 'Stark Industries',
  category: 'Pet Care',
  distributor: null,
  location: 'Cooler 2',
  tags: ['high-value', 'Fast-Mover'],
};

const one = (field: FilterCondition['field'], operator: FilterCondition['operator'], value: string): FilterExpression => ({
  logic: 'AND',
  conditions: [{ id: 'c1', field, operator, value }],
});

describe('matchesFilter (spec part 1 section 3)', () => {
  it.each([
    ['category', 'equals', 'Pet Care', true],
    ['category', 'equals', '  pet care ', true],
    ['category', 'equals', 'Pet', false],
    ['category', 'not_equals', 'PET CARE', false],
    ['category', 'not_equals', 'Dairy', true],
    ['category', 'contains', 'et ca', true],
    ['category', 'not_contains', 'care', false],
    ['category', 'not_contains', 'dairy', true],
    ['manufacturer', 'contains', 'stark', true],
    ['name', 'contains', 'crisps', true],
    ['sku', 'equals', 'ab-97921', true],
    ['sku', 'contains', '979', true],
    ['location', 'equals', 'cooler 2', true],
    // a missing field is the empty string
    ['distributor', 'equals', 'North Supply', false],
    ['distributor', 'not_equals', 'North Supply', true],
    ['distributor', 'contains', 'x', false],
    ['distributor', 'not_contains', 'x', true],
    // tags: equals = some tag equals, contains = some tag contains
    ['tags', 'equals', 'fast-mover', true],
    ['tags', 'equals', 'fast', false],
    ['tags', 'contains', 'fast', true],
    ['tags', 'contains', 'VALUE', true],
    ['tags', 'not_equals', 'high-value', false],
    ['tags', 'not_equals', 'seasonal', true],
    ['tags', 'not_contains', 'mover', false],
    ['tags', 'not_contains', 'season', true],
  ] as const)('%s %s %j -> %s', (field, operator, value, want) => {
    expect(matchesFilter(product, one(field, operator, value))).toBe(want);
  });

  it('compares Unicode text in NFC', () => {
    const cafe = { ...product, category: 'Caf\u00e9' };
    expect(matchesFilter(cafe, one('category', 'equals', 'CAFE\u0301'))).toBe(true);
  });

  it('a product without tags passes the negative tag operators only', () => {
    const untagged = { ...product, tags: [] };
    expect(matchesFilter(untagged, one('tags', 'equals', 'x'))).toBe(false);
    expect(matchesFilter(untagged, one('tags', 'contains', 'x'))).toBe(false);
    expect(matchesFilter(untagged, one('tags', 'not_equals', 'x'))).toBe(true);
    expect(matchesFilter(untagged, one('tags', 'not_contains', 'x'))).toBe(true);
  });

  it('combines with AND and OR', () => {
    const conditions: FilterCondition[] = [
      { id: 'a', field: 'category', operator: 'equals', value: 'Pet Care' },
      { id: 'b', field: 'manufacturer', operator: 'equals', value: 'Globex' },
    ];
    expect(matchesFilter(product, { logic: 'AND', conditions })).toBe(false);
    expect(matchesFilter(product, { logic: 'OR', conditions })).toBe(true);
    expect(matchesFilter(product, { logic: 'OR', conditions: conditions.slice(1) })).toBe(false);
  });

  it('matches everything with no conditions', () => {
    expect(compileFilter({ logic: 'AND', conditions: [] })(product)).toBe(true);
    expect(compileFilter({ logic: 'OR', conditions: [] })(product)).toBe(true);
  });

  it('x and its negation never agree', () => {
    const text = fc.string({ maxLength: 6 });
    fc.assert(
      fc.property(
        fc.record({ category: text, tags: fc.array(text, { maxLength: 3 }) }),
        fc.constantFrom('category', 'tags' as const),
        fc.constantFrom(['equals', 'not_equals'] as const, ['contains', 'not_contains'] as const),
        text,
        (p, field, [positive, negative], value) => {
          const subject = { ...product, ...p };
          expect(matchesFilter(subject, one(field, positive, value))).toBe(
            !matchesFilter(subject, one(field, negative, value)),
          );
        },
      ),
    );
  });

  it("selects the fixture's product audit scope", () => {
    const fixture = loadFixture('product-audit-category');
    const inScope = fixture.catalogue.filter((p) => p.inScope);
    expect(inScope.length).toBeGreaterThan(0);
    expect(inScope.every((p) => p.category === 'Pet Care')).toBe(true);
    expect(fixture.catalogue.filter((p) => !p.inScope).every((p) => p.category !== 'Pet Care')).toBe(true);
  });
});

describe('filter expression contract', () => {
  const valid = { logic: 'AND', conditions: [{ id: 'c1', field: 'category', operator: 'equals', value: ' Pet Care ' }] };

  it('accepts the fixture expression and trims values', () => {
    expect(filterExpressionSchema.parse(valid).conditions[0]!.value).toBe('Pet Care');
    expect(filterExpressionSchema.parse(loadFixture('product-audit-category').manifest.filterExpression)).toBeTruthy();
  });

  it.each([
    ['no conditions', { logic: 'AND', conditions: [] }],
    ['blank value', { ...valid, conditions: [{ ...valid.conditions[0], value: '   ' }] }],
    ['unknown field', { ...valid, conditions: [{ ...valid.conditions[0], field: 'price' }] }],
    ['unknown operator', { ...valid, conditions: [{ ...valid.conditions[0], operator: 'eq' }] }],
    ['unknown logic', { ...valid, logic: 'XOR' }],
    ['missing id', { ...valid, conditions: [{ field: 'category', operator: 'equals', value: 'x' }] }],
  ])('refuses %s', (_, body) => {
    expect(filterExpressionSchema.safeParse(body).success).toBe(false);
  });

  it('accepts the expression as a JSON string where the client sends one', () => {
    expect(filterExpressionInputSchema.parse(JSON.stringify(valid))).toEqual(filterExpressionSchema.parse(valid));
    expect(filterExpressionInputSchema.parse(valid).logic).toBe('AND');
    expect(filterExpressionInputSchema.safeParse('{not json').success).toBe(false);
    expect(filterExpressionInputSchema.safeParse('{"logic":"AND","conditions":[]}').success).toBe(false);
  });
});
