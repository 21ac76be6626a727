/** TotalHints (total-hints.ts): remembers the last total per query, drops the least recently used. */
import { describe, expect, it } from 'vitest';
import { TotalHints, totalHintKey } from './total-hints.js';

describe('TotalHints', () => {
  it('answers the last total remembered, undefined for a query never answered', () => {
    const hints = new TotalHints(2);
    expect(hints.get('a')).toBeUndefined();
    hints.remember('a', 70);
    hints.remember('a', 71);
    expect(hints.get('a')).toBe(71);
    expect(hints.size).toBe(1);
  });

  it('drops the least recently used past its capacity, a read counting as a use', () => {
    const hints = new TotalHints(2);
    hints.remember('a', 1);
    hints.remember('b', 2);
    expect(hints.get('a')).toBe(1);
    hints.remember('c', 3);
    expect(hints.get('b')).toBeUndefined();
    expect([hints.get('a'), hints.get('c'), hints.size]).toEqual([1, 3, 2]);
  });

  it('keys a query by organisation, search and filters, not by page', () => {
    const filters = [{ field: 'price' as const, operator: 'lt' as const, value: '100', logicalOperator: 'AND' as const }];
    const key = totalHintKey({ organizationId: 'o1', search: 'ladle', filters });
    expect(totalHintKey({ organizationId: 'o1', search: 'ladle', filters: [...filters] })).toBe(key);
    expect(totalHintKey({ organizationId: 'o2', search: 'ladle', filters })).not.toBe(key);
    expect(totalHintKey({ organizationId: 'o1', search: 'ladl', filters })).not.toBe(key);
    expect(totalHintKey({ organizationId: 'o1', search: 'ladle' })).not.toBe(key);
    expect(totalHintKey({ organizationId: 'o1' })).toBe(totalHintKey({ organizationId: 'o1', search: '', filters: [] }));
  });
});
