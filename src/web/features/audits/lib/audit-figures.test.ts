import { describe, expect, it } from 'vitest';
import { discrepancyCount, discrepancyTone, listMatchRate, matchRateTone } from './audit-figures';

describe('listMatchRate (spec part 1 section 9)', () => {
  const figures = (itemsScanned: number | null, quantityDiscrepancies: number | null, missingItems: number | null, unrecognizedItems: number | null) => ({
    itemsScanned,
    quantityDiscrepancies,
    missingItems,
    unrecognizedItems,
  });
  it('is (scanned - (quantity discrepancies + missing + unrecognized)) / scanned * 100', () => {
    expect(listMatchRate(figures(200, 10, 6, 4))).toBe(90);
    expect(listMatchRate(figures(9255, 123, 57, 16))).toBeCloseTo(97.88, 2);
  });
  it('is clamped to 0-100', () => {
    expect(listMatchRate(figures(5, 10, 3, 0))).toBe(0);
  });
  it('is null before anything was scanned', () => {
    expect(listMatchRate(figures(null, null, null, null))).toBeNull();
    expect(listMatchRate(figures(0, 0, 0, 0))).toBeNull();
  });
});

describe('tones', () => {
  it('match rate: green from 95, yellow from 85, red below', () => {
    expect(matchRateTone(95)).toBe('good');
    expect(matchRateTone(94.99)).toBe('warn');
    expect(matchRateTone(85)).toBe('warn');
    expect(matchRateTone(84.9)).toBe('bad');
  });
  it('discrepancies: 0 green, under 10 yellow, else red', () => {
    expect(discrepancyTone(0)).toBe('good');
    expect(discrepancyTone(9)).toBe('warn');
    expect(discrepancyTone(10)).toBe('bad');
  });
  it('discrepancies = quantity off + not matched', () => {
    expect(discrepancyCount({ quantityOff: 3, productsNotMatched: 4 })).toBe(7);
    expect(discrepancyCount({ quantityOff: null, productsNotMatched: null })).toBeNull();
  });
});
