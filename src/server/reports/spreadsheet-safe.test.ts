import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { looksLikeFormula, spreadsheetSafe } from './spreadsheet-safe.js';

describe('spreadsheetSafe', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+SUM(A1:A9)', "'+SUM(A1:A9)"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['\nabc', "'\nabc"],
    ['  =1+1', "'  =1+1"],
    ['\u00A0=1+1', "'\u00A0=1+1"],
    ['\uFF1D1+1', "'\uFF1D1+1"],
    ['=HYPERLINK("http://x","y")', '\'=HYPERLINK("http://x","y")'],
    ['=1+1\nsecond line', "'=1+1\nsecond line"],
  ])('guards %j', (text, guarded) => {
    expect(spreadsheetSafe(text)).toBe(guarded);
  });

  it.each(['SKU-1', '012345678905', 'Blue Widget', 'a=b', '', "'=already guarded", '1.23457E+11', 'x-1'])(
    'leaves %j alone',
    (text) => {
      expect(spreadsheetSafe(text)).toBe(text);
    },
  );

  it('never returns text that looks like a formula, and only ever adds one quote', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const safe = spreadsheetSafe(text);
        expect(looksLikeFormula(safe)).toBe(false);
        expect(safe === text || safe === `'${text}`).toBe(true);
      }),
    );
  });
});
