import { describe, expect, it } from 'vitest';
import { rejectedQuantityCsv } from './quantity-columns';

describe('rejectedQuantityCsv', () => {
  it('writes Line, SKU, Quantity, Reason; quotes what needs it; guards formulas but not numbers', () => {
    const csv = rejectedQuantityCsv([
      { line: 3, sku: 'Q-2x', quantity: '-5', reason: 'SKU "Q-2x" matches no product' },
      { line: 4, sku: '=HYPERLINK("x")', quantity: 'abc', reason: 'Quantity is not a whole number' },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Line,SKU,Quantity,Reason',
      '3,Q-2x,-5,"SKU ""Q-2x"" matches no product"',
      `4,"'=HYPERLINK(""x"")",abc,Quantity is not a whole number`,
    ]);
  });
});
