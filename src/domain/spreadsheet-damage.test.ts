import { describe, expect, it } from 'vitest';
import { detectScientificNotation, scientificNotationReason } from './spreadsheet-damage.js';

describe('detectScientificNotation (DESIGN.md sections 5 and 6)', () => {
  it.each([
    ['1.23457E+11', 6, 11],
    ['2.68435E+17', 6, 17],
    ['1.57439E+11', 6, 11],
    ['7.30855E+12', 6, 12],
    ['1,76159E+12', 6, 12], // decimal comma (German Excel)
    ['1.2346E+10', 5, 10],
    ['1.5e11', 2, 11],
    ['5E+11', 1, 11],
    ['1.50000E+11', 2, 11],
  ])('%s is a destroyed barcode (%d significant digits, exponent %d)', (value, digits, exponent) => {
    const found = detectScientificNotation(value);
    expect(found).toEqual({ significantDigits: digits, exponent, digitsLost: true, digits: null });
  });

  it('reads a complete mantissa but still does not match it', () => {
    expect(detectScientificNotation('1.23456789012E+11')).toEqual({
      significantDigits: 12,
      exponent: 11,
      digitsLost: false,
      digits: '123456789012',
    });
  });

  it.each([
    '123456789012',
    'sku-1E+11',
    '1.2E+3', // small: likely a part number
    '2E3',
    '1.23E+',
    'E+11',
    '1..2E+11',
    '12.3E+11', // Excel writes one digit before the point
    '1.23456789012345E+7', // a fraction
    '-1.2E+11',
    '1.2E+11 ',
    '',
  ])('%j is not', (value) => {
    expect(detectScientificNotation(value)).toBeNull();
  });

  it('explains itself', () => {
    expect(scientificNotationReason('1.23457E+11', detectScientificNotation('1.23457E+11')!)).toBe(
      'scientific notation: a spreadsheet turned the barcode into 1.23457E+11; its digits are lost',
    );
    expect(scientificNotationReason('1.23456789012E+11', detectScientificNotation('1.23456789012E+11')!)).toMatch(
      /^scientific notation: .*reads as 123456789012/,
    );
  });
});
