import { describe, expect, it } from 'vitest';
import { discrepancyCount, discrepancyTone, matchRateTone } from './audit-figures';

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
