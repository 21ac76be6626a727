import { describe, expect, it } from 'vitest';
import { parseMoney, parseTags, parseQuantityCellText } from './product-values.js';

describe('parseMoney', () => {
  it.each([
    ['12', '12.00'],
    ['12.5', '12.50'],
    ['$1,234.56', '1234.56'],
    ['1.234,56', '1234.56'],
    ['1 234,5', '1234.50'],
    ['12,50', '12.50'],
    ['1,234', '1234.00'],
    ['€ 3.10', '3.10'],
    ['0.100', '0.10'],
    ['007.00', '7.00'],
    // issue 9: Amazon's `.95`, ERP costs with 3-4 decimals kept exactly (numeric(14,4))
    ['.95', '0.95'],
    ['1.234', '1.234'],
    ['12.345', '12.345'],
    ['0.1250', '0.125'],
  ])('%s -> %s', (raw, value) => {
    expect(parseMoney(raw)).toEqual({ ok: true, value });
  });
  it('answers null for blank cells', () => {
    expect(parseMoney('  ')).toEqual({ ok: true, value: null });
    expect(parseMoney(undefined)).toEqual({ ok: true, value: null });
  });
  it.each(['abc', '-3.00', '1.23456', '12.34501', '1e5', '99999999999', '.', ''.padEnd(2, ',')])('refuses %s', (raw) => {
    const r = parseMoney(raw);
    expect(r.ok).toBe(false);
  });
});

describe('parseMoney with the file\'s decimal separator', () => {
  it.each([
    ['1.234,50', ',', '1234.50'],
    ['1,234.50', '.', '1234.50'],
    ['1.234', ',', '1234.00'],
    ['1,234', ',', '1.234'],
    ['12,5', ',', '12.50'],
  ] as const)('%s with %j -> %s', (raw, decimal, value) => {
    expect(parseMoney(raw, decimal)).toEqual({ ok: true, value });
  });
});

describe('parseQuantityCellText', () => {
  it.each([
    ['12', 12],
    ['+3', 3],
    ['-2', -2],
    [' 4 ', 4],
    ['5.0', 5],
    ['5,00', 5],
    ['1,234', 1234],
    ['-0', 0],
    ['1.50', 1.5],
    ['843.00000', 843],
    ['2,5', 2.5],
    ['0.125', 0.125],
    ['0.750', 0.75],
    ['1234.500', 1234.5],
    ['-0.5', -0.5],
  ])('%s -> %d', (raw, value) => {
    expect(parseQuantityCellText(raw, 1)).toEqual({ ok: true, value });
  });
  it('answers the blank value for blank cells', () => {
    expect(parseQuantityCellText('', 1)).toEqual({ ok: true, value: 1 });
    expect(parseQuantityCellText(null, 0)).toEqual({ ok: true, value: 0 });
  });
  it.each(['abc', '1.0005', '0,1234', 'Not stocked', '1e3', '99999999999'])('refuses %s with its text', (raw) => {
    const r = parseQuantityCellText(raw, 1);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toContain(raw);
  });
});

describe('parseTags', () => {
  it('splits on commas, trims, drops blanks and duplicates', () => {
    expect(parseTags(' high-value, fast-mover,,High-Value ')).toEqual(['high-value', 'fast-mover']);
    expect(parseTags('')).toEqual([]);
  });
});
