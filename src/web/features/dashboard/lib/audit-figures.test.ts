import { describe, expect, it } from 'vitest';
import { dashboardDiscrepancies, dashboardMatchRate, formatPercent } from './audit-figures';

const figures = (productsMatched: number | null, totalScannedProducts: number | null, quantityOff: number | null, productsNotMatched: number | null) => ({
  productsMatched,
  totalScannedProducts,
  quantityOff,
  productsNotMatched,
});

describe('dashboard audit figures (spec part 1 "Dashboard")', () => {
  it('match rate = productsMatched / totalScannedProducts * 100', () => {
    expect(dashboardMatchRate(figures(45, 50, 3, 2))).toBe(90);
    expect(dashboardMatchRate(figures(50, 50, 0, 0))).toBe(100);
  });

  it('match rate is unknown before results or with nothing scanned', () => {
    expect(dashboardMatchRate(figures(null, null, null, null))).toBeNull();
    expect(dashboardMatchRate(figures(0, 0, 0, 0))).toBeNull();
  });

  it('discrepancies = quantityOff + productsNotMatched', () => {
    expect(dashboardDiscrepancies(figures(45, 50, 3, 2))).toBe(5);
    expect(dashboardDiscrepancies(figures(45, 50, null, 2))).toBe(2);
    expect(dashboardDiscrepancies(figures(null, null, null, null))).toBeNull();
  });

  it('percent with one decimal', () => {
    expect(formatPercent(98.6283)).toBe('98.6%');
    expect(formatPercent(100)).toBe('100.0%');
    expect(formatPercent(null)).toBe('—');
  });
});
