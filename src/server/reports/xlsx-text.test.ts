import { describe, expect, it } from 'vitest';
import { MAX_CELL_TEXT, xlsxText } from './xlsx-text.js';

describe('xlsxText', () => {
  it('keeps ordinary text, tabs and line feeds', () => {
    expect(xlsxText('Blue Widget')).toBe('Blue Widget');
    expect(xlsxText('\t=1+1\nnext')).toBe('\t=1+1\nnext');
  });

  it('writes CR and CRLF as LF, as an XML reader would read them back', () => {
    expect(xlsxText('a\r\nb\rc')).toBe('a\nb\nc');
  });

  it('shows control characters as control pictures instead of losing them', () => {
    expect(xlsxText('01095\u001D10ABC')).toBe('01095\u241D10ABC');
    expect(xlsxText('\u0000\u007F')).toBe('\u2400\u2421');
  });

  it("cuts text at Excel's cell limit without splitting a surrogate pair", () => {
    expect(xlsxText('x'.repeat(MAX_CELL_TEXT))).toHaveLength(MAX_CELL_TEXT);
    const cut = xlsxText('x'.repeat(MAX_CELL_TEXT + 10));
    expect(cut).toHaveLength(MAX_CELL_TEXT);
    expect(cut.endsWith('…')).toBe(true);
    const emoji = xlsxText(`${'x'.repeat(MAX_CELL_TEXT - 3)}🚀🚀🚀`);
    expect(emoji.length).toBeLessThanOrEqual(MAX_CELL_TEXT);
    expect(emoji.isWellFormed()).toBe(true);
  });
});
