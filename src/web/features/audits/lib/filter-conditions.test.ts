import { describe, expect, it } from 'vitest';
import { FILTER_FIELDS, FILTER_OPERATORS } from '../../../../contracts/filters';
import { describeFilter } from '../../../../domain/describe-filter';
import { draftFromStored, FIELDS, newCondition, OPERATORS, toFilterExpression } from './filter-conditions';

describe('filter conditions', () => {
  it('offers the contract fields and operators, in its order', () => {
    expect(FIELDS).toEqual([...FILTER_FIELDS]);
    expect(OPERATORS).toEqual([...FILTER_OPERATORS]);
  });

  it('gives no expression while a condition lacks field, operator or a non-blank value', () => {
    expect(toFilterExpression({ logic: 'AND', conditions: [] })).toBeNull();
    const c = newCondition();
    expect(toFilterExpression({ logic: 'AND', conditions: [{ ...c, value: 'x' }] })).toBeNull();
    expect(toFilterExpression({ logic: 'AND', conditions: [{ ...c, field: 'category', value: '   ' }] })).toBeNull();
    expect(toFilterExpression({ logic: 'AND', conditions: [{ ...c, field: 'category', operator: '', value: 'x' }] })).toBeNull();
  });

  it('trims values and keeps the logic', () => {
    const c = { ...newCondition(), field: 'category' as const, value: '  Pet Care ' };
    expect(toFilterExpression({ logic: 'OR', conditions: [c] })).toEqual({
      logic: 'OR',
      conditions: [{ id: c.id, field: 'category', operator: 'equals', value: 'Pet Care' }],
    });
  });

  it('reads a stored expression back and refuses a malformed one', () => {
    const stored = { logic: 'AND', conditions: [{ id: 'c1', field: 'category', operator: 'equals', value: 'Pet Care' }] };
    const draft = draftFromStored(stored);
    expect(draft && toFilterExpression(draft)).toEqual(stored);
    expect(draftFromStored({ conditions: [{ field: 'colour', operator: 'equals', value: 'x' }] })).toBeNull();
    expect(draftFromStored(null)).toBeNull();
    expect(describeFilter(stored as never)).toBe('Products whose category is "Pet Care"');
  });
});
