import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupedDigits, isBlankScanValue, isRangeOf, normalizeScanValue } from './normalize-scan-value.js';

describe('normalizeScanValue (DESIGN.md section 5 rule 1)', () => {
  it.each([
    ['sku5837', 'sku5837'],
    [' sku5837 ', 'sku5837'],
    ['\tQT-37085\r\n', 'QT-37085'],
    ['"0012345678905"', '0012345678905'],
    ['="8720602821200"', '8720602821200'],
    [' =" 0123 " ', '0123'],
    ['" 890135 "', '890135'],
    ["'917566591456", '917566591456'],
    ["  '917566591456  ", '917566591456'],
    ["'abc'", 'abc'],
    ['\u201cABC-1\u201d', 'ABC-1'],
    ['\u2019012345678905', '012345678905'],
    ['\u00a0012345678905\u00a0', '012345678905'],
    ['\ufeff012345678905', '012345678905'],
    ['\u0002012345678905\u0003', '012345678905'],
    ['Cafe\u0301', 'Caf\u00e9'],
    ['', ''],
    ['   ', ''],
    ['""', ''],
    ["'", ''],
    ['a"b', 'a"b'],
    ['"abc', '"abc'],
    ['1.23457E+11', '1.23457E+11'],
  ])('%j -> %j', (raw, want) => {
    expect(normalizeScanValue(raw)).toBe(want);
  });

  it('returns the very same string when nothing changes', () => {
    const value = 'AB-97921';
    expect(normalizeScanValue(value)).toBe(value);
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (raw) => {
        const once = normalizeScanValue(raw);
        // A second pass may only remove what the first exposed (e.g. nested quotes); never adds.
        expect(normalizeScanValue(once).length).toBeLessThanOrEqual(once.length);
        expect(normalizeScanValue(normalizeScanValue(once))).toBe(normalizeScanValue(once));
      }),
    );
  });

  it('never leaves white space at either end', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const value = normalizeScanValue(raw);
        expect(value).toBe(value.trim());
      }),
    );
  });

  it('knows blank values', () => {
    expect(isBlankScanValue(' \t ')).toBe(true);
    expect(isBlankScanValue('""')).toBe(true);
    expect(isBlankScanValue('0')).toBe(false);
  });
});

describe('groupedDigits (DESIGN.md section 5 rule 1)', () => {
  it.each([
    ['0 12345 67890 5', '012345678905'],
    ['978-3-16-148410-0', '9783161484100'],
    ['4 006381 333931', '4006381333931'],
    ['0\u00a012345\u00a067890\u00a05', '012345678905'],
    ['1234-5678', '12345678'],
    ['12 - 34 - 56 - 78', '12345678'],
  ])('%j -> %j', (value, want) => {
    expect(groupedDigits(value)).toBe(want);
  });

  it.each([['012345678905'], ['1234-567'], ['12 34 56'], ['A-1234-5678'], ['1234_5678'], ['1234.5678'], ['1234/5678'], ['SKU 12345678'], ['']])(
    '%j is not grouped digits',
    (value) => {
      expect(groupedDigits(value)).toBeNull();
    },
  );
});

describe('isRangeOf (a held text against a range of a chunk, in place)', () => {
  it('is true only for the same characters at that place', () => {
    const chunk = 'SKU-1,(01)09501101530003,Größe';
    expect(isRangeOf('(01)09501101530003', chunk, 6, 24)).toBe(true);
    expect(isRangeOf('Größe', chunk, 25, 30)).toBe(true);
    expect(isRangeOf('(01)09501101530004', chunk, 6, 24)).toBe(false);
    expect(isRangeOf('(01)0950110153000', chunk, 6, 24)).toBe(false);
    expect(isRangeOf('', chunk, 3, 3)).toBe(true);
    expect(isRangeOf('SKU-1', chunk, 1, 6)).toBe(false);
  });
});
