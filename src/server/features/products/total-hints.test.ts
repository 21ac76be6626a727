/**
 * TotalHints (total-hints.ts): remembers the last total per query, drops the least recently used;
 * RecentMap with a byte budget (the list's answers, decision 0154) drops past it too.
 */
import { describe, expect, it } from 'vitest';
import { RecentMap, TotalHints, totalHintKey } from './total-hints.js';

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

  it('with a byte budget, drops the least recently used until the values fit, counting replaced values once', () => {
    const answers = new RecentMap<Buffer>(100, { maxBytes: 10, bytesOf: (b) => b.length });
    answers.remember('a', Buffer.alloc(4));
    answers.remember('b', Buffer.alloc(4));
    answers.remember('b', Buffer.alloc(5));
    expect([answers.size, answers.totalBytes]).toEqual([2, 9]);
    expect(answers.get('a')?.length).toBe(4); // now the most recently used
    answers.remember('c', Buffer.alloc(3));
    expect(answers.get('b')).toBeUndefined();
    expect([answers.get('a')?.length, answers.get('c')?.length, answers.totalBytes]).toEqual([4, 3, 7]);
    // A value over the budget alone is kept alone.
    answers.remember('d', Buffer.alloc(11));
    expect([answers.size, answers.totalBytes, answers.get('d')?.length]).toEqual([1, 11, 11]);
  });
});
