import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  expandUpcE,
  gs1CheckDigit,
  gtinIndicator,
  hasBadCheckDigit,
  hasValidGs1CheckDigit,
  isDigits,
  isGtinShaped,
  isInStoreCode,
  toGtin14,
} from './gtin.js';

describe('toGtin14', () => {
  it.each([
    ['012345678905', '00012345678905'], // UPC-A
    ['0012345678905', '00012345678905'], // EAN-13
    ['00012345678905', '00012345678905'], // GTIN-14
    ['12345678905', '00012345678905'], // UPC-A after a spreadsheet dropped its zero
    ['10012345678902', '10012345678902'], // GTIN-14 of a case: kept, never reduced
    ['96385074', '00000096385074'], // GTIN-8
    ['7', '00000000000007'],
  ])('%s -> %s', (value, want) => {
    expect(toGtin14(value)).toBe(want);
  });

  it.each(['', 'ABC123', '123456789012345', '1234 5678', '12.5', '-12', '١٢٣'])('%j has no GTIN-14 form', (value) => {
    expect(toGtin14(value)).toBeNull();
  });

  it('makes every leading-zero variant of a code meet', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9][0-9]{0,13}$/), fc.nat(13), (core, zeros) => {
        const padded = '0'.repeat(Math.min(zeros, 14 - core.length)) + core;
        expect(toGtin14(padded)).toBe(toGtin14(core));
      }),
    );
  });

  it('keeps indicator digits 1-8 apart from the unit code', () => {
    expect(toGtin14('10012345678902')).not.toBe(toGtin14('012345678905'));
    expect(gtinIndicator('10012345678902')).toBe(1);
    expect(gtinIndicator('012345678905')).toBe(0);
    expect(gtinIndicator('SKU-1')).toBeNull();
  });
});

describe('GS1 check digit', () => {
  it.each([
    ['01234567890', 5], // UPC-A 012345678905
    ['400638133393', 1], // EAN-13 4006381333931
    ['9638507', 4], // EAN-8 96385074
    ['1001234567890', 2], // GTIN-14 10012345678902
    ['629104150021', 3], // EAN-13 6291041500213
  ])('body %s -> %d', (body, digit) => {
    expect(gs1CheckDigit(body)).toBe(digit);
  });

  it.each([
    ['012345678905', true],
    ['012345678906', false],
    ['4006381333931', true],
    ['4006381333932', false],
    ['00012345678905', true],
    ['12345678905', true], // zeros in front change nothing
    ['96385074', true],
    ['X', false],
  ])('%s valid: %s', (code, valid) => {
    expect(hasValidGs1CheckDigit(code)).toBe(valid);
  });

  it('a valid code stays valid under zero padding', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{7,13}$/), (body) => {
        const code = body + String(gs1CheckDigit(body));
        expect(hasValidGs1CheckDigit(code)).toBe(true);
        expect(hasValidGs1CheckDigit(toGtin14(code)!)).toBe(true);
      }),
    );
  });

  it.each([
    ['012345678905', false],
    ['012345678906', true],
    ['12345678906', true], // 11 digits: UPC-A without its zero
    ['4006381333932', true],
    ['04252614', false], // valid UPC-E (not a valid GTIN-8)
    ['96385074', false], // valid GTIN-8
    ['96385075', true],
    ['408640', false], // 6 digits: an internal code, not tested
    ['8048662938', false], // 10 digits: not GTIN-shaped
    ['sku-1', false],
  ])('hasBadCheckDigit(%s) = %s', (value, bad) => {
    expect(hasBadCheckDigit(value)).toBe(bad);
  });

  it('isGtinShaped', () => {
    expect(['12345678', '12345678901', '123456789012', '1234567890123', '12345678901234'].every(isGtinShaped)).toBe(
      true,
    );
    expect(['1234567', '1234567890', '123456789012345', 'A2345678'].some(isGtinShaped)).toBe(false);
  });

  it('isDigits', () => {
    expect(isDigits('0123')).toBe(true);
    expect(isDigits('')).toBe(false);
    expect(isDigits('12a')).toBe(false);
    expect(isDigits('１２')).toBe(false); // full-width digits are not ASCII digits
  });
});

describe('expandUpcE', () => {
  it.each([
    ['04252614', '042100005264'], // last payload digit 1: manufacturer d1 d2 X 00
    ['01234558', '012345000058'], // 5-9
    ['01234505', '012000003455'], // 0-2
    ['01234531', '012300000451'], // 3
    ['01234542', '012340000052'], // 4
    ['11234558', '112345000058'], // number system 1
  ])('%s -> %s', (upcE, upcA) => {
    expect(expandUpcE(upcE)).toBe(upcA);
  });

  it.each(['21234558', '1234558', '012345589', 'A1234558'])('%s is not UPC-E', (value) => {
    expect(expandUpcE(value)).toBeNull();
  });

  it('keeps the check digit, which is valid for the UPC-A', () => {
    expect(hasValidGs1CheckDigit(expandUpcE('04252614')!)).toBe(true);
  });
});

describe('isInStoreCode', () => {
  it.each([
    ['2012345678907', true], // EAN-13 prefix 20
    ['2912345678905', true], // prefix 29
    ['212345678901', true], // UPC-A number system 2 (GS1 prefix 021)
    ['02912345678905', true], // GTIN-14 form of a prefix-29 EAN-13
    ['4006381333931', false],
    ['012345678905', false],
    ['12345678', false],
    ['12012345678905', false], // a case of an in-store item is not itself an in-store code
  ])('%s -> %s', (value, inStore) => {
    expect(isInStoreCode(value)).toBe(inStore);
  });
});
