import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_QUANTITY, parseQuantity } from './parse-quantity.js';

describe('parseQuantity (DESIGN.md section 5 rule 4)', () => {
  it.each([
    ['4', 4],
    ['+3', 3],
    ['-2', -2],
    [' 4 ', 4],
    ['\u00a04\t', 4],
    ["'4", 4],
    ['007', 7],
    ['0', 0],
    ['-0', 0],
    ['5.0', 5],
    ['5.00', 5],
    ['5.0000', 5],
    ['843.00000', 843],
    ['1.000', 1],
    ['2.5', 2.5],
    ['0.250', 0.25],
    ['.5', 0.5],
    ['5.', 5],
    ['1.125', 1.125],
    ['-0.001', -0.001],
    ['3-', -3],
    [' 12- ', -12],
    ['4+', 4],
    ['2.5-', -2.5],
    [String(MAX_QUANTITY), MAX_QUANTITY],
    [`${MAX_QUANTITY}.000`, MAX_QUANTITY],
  ])('reads %j as %d', (raw, value) => {
    expect(parseQuantity(raw)).toEqual({ ok: true, value });
  });

  it.each(['', '   ', '\t'])('reads blank %j as null (the caller counts 1)', (raw) => {
    expect(parseQuantity(raw)).toBeNull();
  });

  it.each(['abc', 'Not stocked', '1e3', '1 000', '(3)', '--1', '+', '.', '−2', '3 pcs', '-3-', '+3-', '3--', '-', '1.2.3', '0x10'])('refuses %j as not a number', (raw) => {
    expect(parseQuantity(raw)).toEqual({ ok: false, reason: 'is not a number' });
  });

  it.each(['2,5', '1,000', '5,00', '-2,000', '1.234,5'])('refuses %j: a comma is ambiguous', (raw) => {
    expect(parseQuantity(raw)).toMatchObject({ ok: false, reason: expect.stringMatching(/^has a comma/) });
  });

  it.each(['1.0005', '0.0001', '2.50001'])('refuses %j: a fourth decimal place', (raw) => {
    expect(parseQuantity(raw)).toEqual({ ok: false, reason: 'has more than 3 decimal places' });
  });

  it('refuses magnitudes beyond ±2,147,483,647 (a barcode in the quantity field)', () => {
    expect(parseQuantity('12345678905')).toEqual({ ok: false, reason: 'is too large to be a quantity' });
    expect(parseQuantity(`-${MAX_QUANTITY + 1}`)).toMatchObject({ ok: false });
    expect(parseQuantity(`${MAX_QUANTITY}.001`)).toMatchObject({ ok: false });
  });

  it('reads back every decimal of at most 3 places, signed, padded and with trailing zeros', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_QUANTITY * 1000, max: MAX_QUANTITY * 1000 }), fc.constantFrom('', ' ', '  '), fc.constantFrom('', '0', '00'), (n, pad, zeros) => {
        const abs = Math.abs(n);
        const text = `${Math.floor(abs / 1000)}.${String(abs % 1000).padStart(3, '0')}${zeros}`;
        const signed = n < 0 ? `-${text}` : n > 0 && n % 2 ? `+${text}` : text;
        expect(parseQuantity(`${pad}${signed}${pad}`)).toEqual({ ok: true, value: n / 1000 + 0 });
      }),
    );
  });
});
