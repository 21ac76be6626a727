import { describe, expect, it } from 'vitest';
import { RESULT_CATEGORIES, type Categories, type ResultItem } from '../contracts/results.js';
import { summariseMoney } from './money-summary.js';

const line = (sku: string, difference: number | null, varianceValue: string | null) => ({ sku, difference, varianceValue }) as ResultItem;

function categories(parts: Partial<Categories>): Categories {
  return Object.fromEntries(RESULT_CATEGORIES.map((c) => [c, parts[c] ?? []])) as unknown as Categories;
}

describe('summariseMoney', () => {
  it('adds units and value short and over, net shrinkage, lines without cost (the worked example of results-money-sort.test.ts)', () => {
    const result = summariseMoney(
      categories({
        quantityBelow: [line('A-1', -3, '-7.50'), line('D-4', -2, null)],
        zeroSheetItems: [line('B-2', -5, '-20.00')],
        quantityAbove: [line('C-3', 4, '5.00')],
        quantityCorrect: [line('E-5', 0, '0.00')],
        notFound: [line('ZZZ', null, null)],
      }),
    );
    expect(result).toEqual({ unitsShort: 10, valueShort: '27.50', unitsOver: 4, valueOver: '5.00', netShrinkageValue: '22.50', linesWithoutCost: 1 });
  });

  it('a count that found more than the books holds has a negative net shrinkage', () => {
    const result = summariseMoney(categories({ quantityAbove: [line('X', 2, '3.10')], quantityBelow: [line('Y', -1, '-0.05')] }));
    expect(result.netShrinkageValue).toBe('-3.05');
    expect(result.valueShort).toBe('0.05');
  });

  it('nothing to count: zeros', () => {
    expect(summariseMoney(categories({}))).toEqual({ unitsShort: 0, valueShort: '0.00', unitsOver: 0, valueOver: '0.00', netShrinkageValue: '0.00', linesWithoutCost: 0 });
  });
});
