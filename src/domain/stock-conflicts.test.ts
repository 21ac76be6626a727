import { describe, expect, it } from 'vitest';
import { unresolvedConflicts, zeroSheetDefault } from './stock-conflicts.js';

describe('stock conflicts', () => {
  it('leaves the conflicts neither confirmed nor skipped, in order', () => {
    expect(unresolvedConflicts(['a', 'b', 'c', 'd'], ['b'], ['d', 'x'])).toEqual(['a', 'c']);
    expect(unresolvedConflicts(['a'], [], [])).toEqual(['a']);
    expect(unresolvedConflicts([], ['a'], [])).toEqual([]);
  });

  it('offers the zero sheet by default for a cycle count only', () => {
    expect(zeroSheetDefault('cycle-count')).toBe(true);
    expect(zeroSheetDefault('product-audit')).toBe(false);
  });
});
