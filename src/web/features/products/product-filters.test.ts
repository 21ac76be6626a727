import { describe, expect, it } from 'vitest';
import * as contract from '../../../contracts/product-filters';
import {
  filtersParam,
  filtersToApply,
  newFilter,
  operatorsFor,
  PRODUCT_FILTER_FIELDS,
  withField,
  withoutFilter,
  type ProductFilter,
} from './product-filters';

const row = (over: Partial<ProductFilter>): ProductFilter => ({
  id: 'f',
  field: 'name',
  operator: 'contains',
  value: '',
  ...over,
});

describe('product filter operators (spec part 2 section 5)', () => {
  it('allows eq, gt, lt, gte, lte, ne on numeric fields', () => {
    for (const field of ['currentQuantity', 'costPrice', 'price'] as const) {
      expect(operatorsFor(field)).toEqual(['eq', 'gt', 'lt', 'gte', 'lte', 'ne']);
    }
  });

  it('allows contains and not_contains on tags', () => {
    expect(operatorsFor('tags')).toEqual(['contains', 'not_contains']);
  });

  it('allows contains, eq, starts_with, ends_with, not_contains, ne on the text fields', () => {
    for (const field of ['sku', 'name', 'upc', 'otherIdentifier', 'distributor', 'manufacturer', 'category', 'location'] as const) {
      expect(operatorsFor(field)).toEqual(['contains', 'eq', 'starts_with', 'ends_with', 'not_contains', 'ne']);
    }
  });

  it('offers every product field exactly once', () => {
    expect(new Set(PRODUCT_FILTER_FIELDS).size).toBe(PRODUCT_FILTER_FIELDS.length);
    expect([...PRODUCT_FILTER_FIELDS].sort()).toEqual([...contract.PRODUCT_FILTER_FIELDS].sort());
  });

  it('allows exactly the operators the contract allows, in its order', () => {
    for (const field of contract.PRODUCT_FILTER_FIELDS) expect(operatorsFor(field)).toEqual(contract.operatorsFor(field));
  });

  it('builds a filters parameter the contract accepts', () => {
    const rows = [
      row({ id: 'a', field: 'manufacturer', operator: 'contains', value: 'Stark' }),
      row({ id: 'b', field: 'price', operator: 'gt', value: '60', logicalOperator: 'OR' }),
      row({ id: 'c', field: 'tags', operator: 'not_contains', value: 'x', logicalOperator: 'AND' }),
    ];
    expect(contract.productFiltersParamSchema.parse(filtersParam(rows))).toEqual([
      { field: 'manufacturer', operator: 'contains', value: 'Stark', logicalOperator: 'AND' },
      { field: 'price', operator: 'gt', value: '60', logicalOperator: 'OR' },
      { field: 'tags', operator: 'not_contains', value: 'x', logicalOperator: 'AND' },
    ]);
  });
});

describe('editing filters', () => {
  it('a new row has no logical operator when first, AND after that', () => {
    const first = newFilter([]);
    expect(first.logicalOperator).toBeUndefined();
    expect(first.operator).toBe(operatorsFor(first.field)[0]);
    expect(newFilter([first]).logicalOperator).toBe('AND');
  });

  it('changing the field resets the operator to the first allowed one', () => {
    expect(withField(row({ field: 'name', operator: 'ends_with', value: 'x' }), 'category')).toMatchObject({
      field: 'category',
      operator: 'contains',
      value: 'x',
    });
    expect(withField(row({ field: 'name', operator: 'ne', value: 'x' }), 'price')).toMatchObject({
      field: 'price',
      operator: 'eq',
      value: '',
    });
    expect(withField(row({ field: 'price', operator: 'gt', value: '5' }), 'tags')).toMatchObject({
      operator: 'contains',
      value: '',
    });
  });

  it('removing the first row takes the logical operator off the new first', () => {
    const rows = [row({ id: 'a' }), row({ id: 'b', logicalOperator: 'OR' }), row({ id: 'c', logicalOperator: 'AND' })];
    const left = withoutFilter(rows, 'a');
    expect(left.map((f) => f.id)).toEqual(['b', 'c']);
    expect(left[0]).not.toHaveProperty('logicalOperator');
    expect(left[1]!.logicalOperator).toBe('AND');
  });
});

describe('the filters query parameter', () => {
  it('is absent when no row has a usable value', () => {
    expect(filtersParam([])).toBeUndefined();
    expect(filtersParam([row({ value: '  ' }), row({ field: 'price', operator: 'gt', value: 'abc' })])).toBeUndefined();
  });

  it('sends complete rows, trimmed, without a logical operator on the first', () => {
    const rows = [
      row({ id: 'a', field: 'sku', value: '' }),
      row({ id: 'b', field: 'manufacturer', operator: 'contains', value: ' Stark ', logicalOperator: 'OR' }),
      row({ id: 'c', field: 'price', operator: 'gt', value: '60', logicalOperator: 'AND' }),
    ];
    expect(JSON.parse(filtersParam(rows)!)).toEqual([
      { id: 'b', field: 'manufacturer', operator: 'contains', value: 'Stark' },
      { id: 'c', field: 'price', operator: 'gt', value: '60', logicalOperator: 'AND' },
    ]);
    expect(filtersToApply(rows)).toHaveLength(2);
  });
});
