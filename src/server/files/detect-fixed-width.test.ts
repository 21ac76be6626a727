/**
 * The fixed-width rule (detect-fixed-width.ts, DESIGN.md section 6): columns from runs of blanks
 * aligned on every sampled line, and the files that must not be split.
 */
import { describe, expect, it } from 'vitest';
import { detectFixedWidth, expandTabs, splitFixedWidthLine, type FixedWidthLayout } from './detect-fixed-width.js';

/** Every line of `text` cut under the layout detected from it (null when none). */
function cells(text: string): string[][] | null {
  const layout = detectFixedWidth(text, true);
  if (layout === null) return null;
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l, i) => splitFixedWidthLine(l, layout, i === 0));
}

describe('detectFixedWidth: files it reads as columns', () => {
  it('splits a padded barcode from a right-aligned signed quantity', () => {
    const text = ['8720602828605      3', '8720602898363     12', '0012345678905     -2', '4006381333931      7-'].join('\n');
    expect(detectFixedWidth(text, true)).toEqual({ starts: [0, 18], firstLineByGaps: false });
    expect(cells(text)).toEqual([
      ['8720602828605', '3'],
      ['8720602898363', '12'],
      ['0012345678905', '-2'],
      ['4006381333931', '7-'],
    ]);
  });

  it('keeps names with single spaces whole inside their column', () => {
    const text = ['SKU-1     Blue widget        4', 'SKU-22    Red box           10', 'SKU-333   Big hat of wool    1'].join('\n');
    expect(cells(text)).toEqual([
      ['SKU-1', 'Blue widget', '4'],
      ['SKU-22', 'Red box', '10'],
      ['SKU-333', 'Big hat of wool', '1'],
    ]);
  });

  it('reads a header row aligned with its data', () => {
    const text = ['Barcode         Qty', '8720602828605     3', '8720602898363    12'].join('\n');
    expect(cells(text)).toEqual([
      ['Barcode', 'Qty'],
      ['8720602828605', '3'],
      ['8720602898363', '12'],
    ]);
  });

  it('takes the boundaries from the data when a header label runs into a gap', () => {
    // 'Quantity' starts where the barcodes still are: the header is split at its own gaps.
    const text = ['Barcode   Quantity', '8720602828605      3', '8720602898363     12', '5905817000937      4'].join('\n');
    expect(detectFixedWidth(text, true)).toEqual({ starts: [0, 18], firstLineByGaps: true });
    expect(cells(text)).toEqual([
      ['Barcode', 'Quantity'],
      ['8720602828605', '3'],
      ['8720602898363', '12'],
      ['5905817000937', '4'],
    ]);
  });

  it('reads ragged lines: a missing trailing cell is blank, and a long last cell is whole', () => {
    const text = ['A1554244    3', 'A1505151', 'A1523168    12', 'A1444029    1 box of twelve'].join('\n');
    expect(cells(text)).toEqual([
      ['A1554244', '3'],
      ['A1505151', ''],
      ['A1523168', '12'],
      ['A1444029', '1 box of twelve'],
    ]);
  });

  it('expands tabs to stops of 8, so tab-aligned columns line up', () => {
    expect(expandTabs('ab\tc')).toBe('ab      c');
    const text = ['SKU1\t\t3', 'LONGSKU12\t4', 'X\t\t12'].join('\n');
    expect(cells(text)).toEqual([
      ['SKU1', '3'],
      ['LONGSKU12', '4'],
      ['X', '12'],
    ]);
  });

  it('ignores CRLF and a cut last line of a truncated head', () => {
    const text = '8720602828605    3\r\n8720602898363   12\r\n87206028';
    expect(detectFixedWidth(text, false)).toEqual({ starts: [0, 16], firstLineByGaps: false });
  });
});

describe('detectFixedWidth: files it leaves as one column', () => {
  it.each([
    ['names with single spaces at the same place', ['Red shoe', 'Big box', 'Tan hat', 'Old cap']],
    ['barcodes printed in groups', ['0 12345 67890 5', '0 12345 67891 2', '0 98765 43210 9']],
    ['a SKU list', ['A1554244', 'A1505151', 'A1523168']],
    ['one long line with a double space among short ones', ['A1554244', 'A1505151', 'Long name  with a double space', 'A1444029']],
    ['a single line', ['8720602828605      3']],
    ['a header over one data line', ['Barcode   Quantity', '8720602828605      3']],
    ['a header that cannot be cut into the data columns', ['Bar code  of item  Quantity', '8720602828605      3', '8720602898363     12']],
    ['blank lines only', ['   ', '']],
  ])('%s', (_name, lines) => {
    expect(detectFixedWidth(lines.join('\n'), true)).toBeNull();
  });

  it('a column filled on fewer than half the lines is merged into its neighbour', () => {
    const text = ['A1554244', 'A1505151', 'A1523168  x', 'A1444029'].join('\n');
    expect(detectFixedWidth(text, true)).toBeNull();
  });
});

describe('splitFixedWidthLine', () => {
  const layout: FixedWidthLayout = { starts: [0, 15, 25], firstLineByGaps: false };
  it('gives blank cells past the end of a short line and keeps text beyond the last start', () => {
    expect(splitFixedWidthLine('8720602828605', layout, false)).toEqual(['8720602828605', '', '']);
    expect(splitFixedWidthLine('8720602828605  Hangmat   3 extra', layout, false)).toEqual(['8720602828605', 'Hangmat', '3 extra']);
  });
});
