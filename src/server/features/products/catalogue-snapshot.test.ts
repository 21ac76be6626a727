import { describe, expect, it } from 'vitest';
import { moneyText } from '../../../domain/product-values.js';
import { seededRandom } from '../../../domain/test-support/seeded-random.js';
import { moneyJsonOfDouble } from './catalogue-snapshot.js';

describe('moneyJsonOfDouble', () => {
  const reference = (value: number) => JSON.stringify(moneyText(value.toFixed(4)));

  it('writes what moneyText of the four-decimal text writes', () => {
    const edges = [0, -0, 1, -1, 0.1, 0.01, 0.001, 0.0001, 0.00005, 1.5, 10.25, 99.99, 100.1234, 1234.5, -0.5, -12.345, 0.125, 1e9 + 0.0001, 99999999.9999, 1e20, 1e21, 5e-324];
    for (const value of edges) expect(moneyJsonOfDouble(value), String(value)).toBe(reference(value));
    const random = seededRandom(167);
    for (let i = 0; i < 20_000; i += 1) {
      const scale = 10 ** Math.floor(random() * 10);
      const value = (random() - 0.3) * scale;
      for (const v of [value, Math.round(value * 100) / 100, Math.round(value * 10000) / 10000, Math.round(value)]) {
        expect(moneyJsonOfDouble(v), String(v)).toBe(reference(v));
      }
    }
  });

  it('goes through moneyText for the texts toFixed writes without four decimals', () => {
    for (const value of [1e21, -1e22, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) expect(moneyJsonOfDouble(value)).toBe(reference(value));
  });
});
