import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addCents, formatCents, multiplyCents, parseCents } from './money-cents.js';

describe('parseCents', () => {
  it.each([
    ['12.50', 1250],
    ['12.5', 1250],
    ['12', 1200],
    ['0.07', 7],
    ['-0.07', -7],
    ['+3.10', 310],
    ['.5', 50],
    ['5.', 500],
    ['0', 0],
    ['-0', 0],
    ['1.005', 101], // half away from zero
    ['-1.005', -101],
    ['1.0049', 100],
    [' 34.17 ', 3417],
    ['99999999999999.99', 9999999999999999n],
  ])('%j -> %s', (text, cents) => {
    expect(parseCents(text)).toBe(cents);
  });

  it.each(['', ' ', '-', '.', '1e3', '12,50', '$3', 'abc', '1.2.3', 'NaN', 'Infinity'])('%j is refused', (text) => {
    expect(parseCents(text)).toBeNull();
  });
});

describe('cents arithmetic', () => {
  it('formats with 2 places', () => {
    expect(formatCents(0)).toBe('0.00');
    expect(formatCents(7)).toBe('0.07');
    expect(formatCents(-7)).toBe('-0.07');
    expect(formatCents(-1250)).toBe('-12.50');
    expect(formatCents(123456789012345678901234567890n)).toBe('1234567890123456789012345678.90');
    expect(formatCents(-0)).toBe('0.00');
    expect(formatCents(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
    expect(formatCents(-Number.MAX_SAFE_INTEGER)).toBe('-90071992547409.91');
  });

  it('formats every safe amount as the bigint of the same value does', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -100_000, max: 100_000 }), fc.maxSafeInteger(), fc.maxSafeInteger().map((n) => -n)), (cents) => {
        const big = BigInt(cents);
        const abs = (big < 0n ? -big : big).toString().padStart(3, '0');
        expect(formatCents(cents)).toBe(`${big < 0n ? '-' : ''}${abs.slice(0, -2)}.${abs.slice(-2)}`);
      }),
    );
  });

  it('multiplies exactly where floating point would not', () => {
    // 0.1 * 3 in floating point is 0.30000000000000004
    expect(formatCents(multiplyCents(parseCents('0.10')!, 3))).toBe('0.30');
    expect(formatCents(multiplyCents(parseCents('34.17')!, -5))).toBe('-170.85');
    expect(formatCents(multiplyCents(parseCents('9999999999.99')!, 2_000_000))).toBe('19999999999980000.00');
  });

  it('agrees with bigint arithmetic', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 14n), max: 10n ** 14n }),
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        fc.bigInt({ min: -(10n ** 14n), max: 10n ** 14n }),
        (a, factor, b) => {
          const product = multiplyCents(Number(a), factor);
          expect(BigInt(product)).toBe(a * BigInt(factor));
          expect(BigInt(addCents(product, Number(b)))).toBe(a * BigInt(factor) + b);
        },
      ),
    );
  });
});

describe('parseCents and formatCents against a bigint reference', () => {
  it('round-trip any amount with 0-4 decimals (rounded half away from zero to cents)', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 18n }), fc.integer({ min: 0, max: 4 }), (negative, digits, decimals) => {
        const text = digits.toString().padStart(decimals + 1, '0');
        const decimal = `${negative ? '-' : ''}${decimals === 0 ? text : `${text.slice(0, -decimals)}.${text.slice(-decimals)}`}`;
        // reference: scale to 4 decimals, round half away from zero to 2
        const scaled = digits * 10n ** BigInt(4 - decimals);
        const cents = (scaled + 50n) / 100n;
        const want = negative && cents !== 0n ? -cents : cents;
        const got = parseCents(decimal)!;
        expect(BigInt(got)).toBe(want);
        expect(formatCents(got)).toBe(formatCents(want));
        expect(parseCents(formatCents(got))).toEqual(got);
      }),
    );
  });
});
