import { describe, expect, it } from 'vitest';
import { dashboardDiscrepancies, formatPercent } from './audit-figures';

const figures = (quantityOff: number | null, productsNotMatched: number | null) => ({ quantityOff, productsNotMatched });

describe('dashboard audit figures (spec part 1 "Dashboard")', () => {
  it('discrepancies = quantityOff + productsNotMatched', () => {
    expect(dashboardDiscrepancies(figures(3, 2))).toBe(5);
    expect(dashboardDiscrepancies(figures(null, 2))).toBe(2);
    expect(dashboardDiscrepancies(figures(null, null))).toBeNull();
  });

  it('percent with one decimal', () => {
    expect(formatPercent(98.6283)).toBe('98.6%');
    expect(formatPercent(100)).toBe('100.0%');
    expect(formatPercent(null)).toBe('—');
  });
});
