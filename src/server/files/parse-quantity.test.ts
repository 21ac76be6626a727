import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_QUANTITY, parseQuantity } from './parse-quantity.js';

describe('parseQuantity', () => {
  it.each([
    ['4', 4],
    ['+3', 3],
    ['-2', -2],
    [' 4 ', 4],
    ['\u00a04\t', 4],
    ['007', 7],
    ['0', 0],
    ['-0', 0],
    ['5.0', 5],
    ['5,0', 5],
    ['5.00', 5],
    ['-5,00', -5],
    ['5.0000', 5],
    ['3-', -3],
    [' 12- ', -12],
    ['4+', 4],
    ['5,00-', -5],
    [String(MAX_QUANTITY), MAX_QUANTITY],
  ])('reads %j as %d', (raw, value) => {
    expect(parseQuantity(raw)).toEqual({ ok: true, value });
  });

  it.each(['', '   ', '\t'])('reads blank %j as null (the caller counts 1)', (raw) => {
    expect(parseQuantity(raw)).toBeNull();
  });

  it.each(['5.5', '0,25', 'abc', 'Not stocked', '1e3', '1 000', '(3)', '--1', '+', '.5', '5.', '−2', '3 pcs', '-3-', '+3-', '3--', '-'])(
    'refuses %j as not a whole number',
    (raw) => {
      expect(parseQuantity(raw)).toEqual({ ok: false, reason: 'is not a whole number' });
    },
  );

  it.each(['1.000', '5.000', '-2.000'])('refuses %j as ambiguous when the file shows no decimal separator', (raw) => {
    expect(parseQuantity(raw)).toMatchObject({ ok: false, reason: expect.stringContaining('ambiguous') });
  });

  it.each([
    ['1,000', null, 1000],
    ['-2,000', null, -2000],
    ['12,345,678', null, 12345678],
    ['1.000', ',', 1000],
    ['1,000', ',', 1],
    ['1.000', '.', 1],
    ['1,000', '.', 1000],
    ['1.234.567', ',', 1234567],
  ] as const)('reads %j with decimal separator %j as %d (decision 0045: one rule with the catalogue)', (raw, decimal, value) => {
    expect(parseQuantity(raw, decimal)).toEqual({ ok: true, value });
  });

  it('refuses a fraction written with the file\'s decimal separator', () => {
    expect(parseQuantity('1,5', ',')).toEqual({ ok: false, reason: 'is not a whole number' });
    expect(parseQuantity('1.5', ',')).toEqual({ ok: false, reason: 'is not a whole number' });
  });

  it('refuses magnitudes beyond a database integer (a barcode in the quantity field)', () => {
    expect(parseQuantity('12345678905')).toEqual({ ok: false, reason: 'is too large to be a quantity' });
    expect(parseQuantity(`-${MAX_QUANTITY + 1}`)).toMatchObject({ ok: false });
  });

  it('reads back every integer it could be given, signed and padded', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_QUANTITY, max: MAX_QUANTITY }), fc.constantFrom('', ' ', '  '), (n, pad) => {
        expect(parseQuantity(`${pad}${n > 0 && n % 2 ? '+' : ''}${n}${pad}`)).toEqual({ ok: true, value: n });
      }),
    );
  });
});
