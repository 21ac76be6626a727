import { describe, expect, it } from 'vitest';
import { describeFilter } from './describe-filter.js';
import type { FilterExpression } from '../contracts/filters.js';

const c = (field: string, operator: string, value: string) => ({ id: field + operator, field, operator, value }) as FilterExpression['conditions'][number];

describe('describeFilter', () => {
  it('reads AND conditions as one sentence', () => {
    expect(describeFilter({ logic: 'AND', conditions: [c('category', 'equals', ' Tools '), c('tags', 'contains', 'fragile')] })).toBe(
      'Products whose category is "Tools" and that have a tag containing "fragile"',
    );
  });
  it('reads OR and every operator', () => {
    expect(
      describeFilter({
        logic: 'OR',
        conditions: [c('sku', 'not_equals', 'A-1'), c('manufacturer', 'not_contains', 'Acme'), c('location', 'contains', 'Aisle 7'), c('tags', 'not_equals', 'seasonal')],
      }),
    ).toBe('Products whose SKU is not "A-1" or whose manufacturer does not contain "Acme" or whose location contains "Aisle 7" or that do not have the tag "seasonal"');
  });
  it('tags equals and not_contains', () => {
    expect(describeFilter({ logic: 'AND', conditions: [c('tags', 'equals', 'high-value'), c('tags', 'not_contains', 'old')] })).toBe(
      'Products that have the tag "high-value" and that have no tag containing "old"',
    );
  });
  it('no condition = all products', () => {
    expect(describeFilter({ logic: 'AND', conditions: [] })).toBe('All products');
  });
});
