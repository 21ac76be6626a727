/**
 * Rows sharing a SKU (catalogue-rows.ts, decisions 0088, 0165, 0171): a row whose values are all the
 * same as the first row's is a repeat (skipped); one that differs in any value, text or not (the
 * quantity, a blank cell, the tags), is more of the item (its stock summed).
 */
import { describe, expect, it } from 'vitest';
import { catalogueReaderFor } from './catalogue-rows.js';

const HEADERS = ['SKU', 'Name', 'Qty', 'Price', 'Tags'];
const MAPPING = { SKU: 'sku', Name: 'name', Qty: 'currentQuantity', Price: 'price', Tags: 'tags' };

/** Reads `first` then `again` (both of SKU A-1): 'repeat' when the second is skipped as a repeat, else 'summed'. */
function secondRow(first: string[], again: string[]): 'repeat' | 'summed' {
  const rows = [first, again, ['B-1', 'Other', '1', '2.00', '']].map((cells, i) => ({ line: i + 2, cells }));
  const reader = catalogueReaderFor('t.csv', HEADERS, { mapping: MAPPING })(rows);
  for (const { line, cells } of rows) reader.read(line, cells);
  expect(reader.errorCount).toBe(0);
  const skipped = Object.fromEntries(reader.skipped);
  if (skipped['repeated rows (same SKU, same values)'] === 1) return 'repeat';
  expect(reader.extraStock.get('a-1')).toBeDefined();
  return 'summed';
}

describe('rows sharing a SKU', () => {
  const row = ['A-1', 'Ladle', '3', '4.50', 'new, local'];
  it.each([
    ['the same cells', row, 'repeat'],
    ['the same values written otherwise', ['A-1 ', ' Ladle', '3.0', '4.5', 'new,local'], 'repeat'],
    ['another quantity', ['A-1', 'Ladle', '4', '4.50', 'new, local'], 'summed'],
    ['a blank quantity (0) against 3', ['A-1', 'Ladle', '', '4.50', 'new, local'], 'summed'],
    ['a blank name', ['A-1', '', '3', '4.50', 'new, local'], 'summed'],
    ['another price', ['A-1', 'Ladle', '3', '4.51', 'new, local'], 'summed'],
    ['tags in another order', ['A-1', 'Ladle', '3', '4.50', 'local, new'], 'summed'],
    ['one tag fewer', ['A-1', 'Ladle', '3', '4.50', 'new'], 'summed'],
    ['one tag joined', ['A-1', 'Ladle', '3', '4.50', 'newlocal'], 'summed'],
    ['no tags', ['A-1', 'Ladle', '3', '4.50', ''], 'summed'],
  ])('%s', (_, again, expected) => {
    expect(secondRow(row, again as string[])).toBe(expected);
  });

  it('tells a zero quantity from a blank text and null apart from text', () => {
    expect(secondRow(['A-1', 'Ladle', '0', '', ''], ['A-1', 'Ladle', '-0', '', ''])).toBe('repeat');
    expect(secondRow(['A-1', '', '0', '', ''], ['A-1', 'null', '0', '', ''])).toBe('summed');
    expect(secondRow(['A-1', 'Ladle', '0', '', ''], ['A-1', 'Ladle', '0', '', '0'])).toBe('summed');
  });
});
