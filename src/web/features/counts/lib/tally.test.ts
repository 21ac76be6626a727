import { describe, expect, it } from 'vitest';
import type { CountCatalogue, CountRead } from '../../../../contracts/counts';
import { countLookup, formatThousandths, runningCounts, toThousandths } from './tally';

const catalogue: CountCatalogue = {
  auditId: 'a',
  blind: true,
  products: [
    { id: 'p1', sku: 'CABLE-3', upc: '5901234123457', otherIdentifier: null, name: 'Cable 3 m', location: 'A-01', inScope: true, expectedQuantity: null },
    { id: 'p2', sku: 'BOLT-10', upc: null, otherIdentifier: null, name: 'Bolt', location: 'A-02', inScope: true, expectedQuantity: null },
  ],
};
let n = 0;
const read = (value: string, quantity = '1'): CountRead => ({ id: `00000000-0000-7000-8000-${String(++n).padStart(12, '0')}`, kind: 'read', value, quantity, readAt: '2026-11-27T08:00:00.000Z' });

describe('count tally', () => {
  const lookup = countLookup(catalogue);

  it('names a read by the engine rules: UPC-A, EAN-13 and GTIN-14 forms, SKU in any case', () => {
    expect(lookup.identify('05901234123457')?.sku).toBe('CABLE-3');
    expect(lookup.identify('bolt-10')?.sku).toBe('BOLT-10');
    expect(lookup.identify('NOPE')).toBeNull();
    expect(lookup.isLocation('a-02')).toBe(true);
    expect(lookup.isLocation('BOLT-10')).toBe(false);
  });

  it('names GS1 element strings in all three forms and grouped digits as the engine does', () => {
    expect(lookup.identify(']d201059012341234571010AB\u001d17271231')?.sku).toBe('CABLE-3');
    expect(lookup.identify('0105901234123457\u001d10AB')?.sku).toBe('CABLE-3');
    expect(lookup.identify('(01)05901234123457(17)271231')?.sku).toBe('CABLE-3');
    expect(lookup.identify('https://id.gs1.org/01/05901234123457')?.sku).toBe('CABLE-3');
    expect(lookup.identify('590 1234 123457')?.sku).toBe('CABLE-3');
    expect(lookup.identify('(01)05901234123458')).toBeNull();
  });

  it('sums the reads that count, decimals exactly, undone reads left out', () => {
    const a = read('5901234123457', '2.5');
    const b = read('CABLE-3', '0.25');
    const c = read('BOLT-10');
    const undo: CountRead = { id: '00000000-0000-7000-8000-999999999999', kind: 'undo', cancels: c.id, readAt: '2026-11-27T08:00:01.000Z' };
    const totals = runningCounts([a, b, c, undo, read('X-1'), read('X-1', '-1'), read('X-1')], lookup);
    expect(formatThousandths(totals.get('p1')!)).toBe('2.75');
    expect(totals.get('p2')).toBeUndefined();
    expect(totals.get('value:X-1')).toBe(1000);
  });

  it('counts a case barcode its units and a GS1 count (37) its count per read, as the engine does', () => {
    const withCase = countLookup({
      ...catalogue,
      products: [{ ...catalogue.products[1]!, alternates: [{ value: '4006381333931', kind: 'barcode', units: 24 }] }],
    });
    const totals = runningCounts([read('4006381333931'), read('4006381333931', '0.5'), read('BOLT-10', '2')], withCase);
    expect(formatThousandths(totals.get('p2')!)).toBe('38');
    const gs1 = runningCounts([read('(02)05901234123457(37)12'), read('(01)05901234123457', '2.5')], lookup);
    expect(formatThousandths(gs1.get('p1')!)).toBe('14.5');
  });

  it('converts quantities to and from thousandths', () => {
    expect([toThousandths('2.5'), toThousandths('-1'), toThousandths('0.125')]).toEqual([2500, -1000, 125]);
    expect([formatThousandths(2500), formatThousandths(-1000), formatThousandths(125)]).toEqual(['2.5', '-1', '0.125']);
  });
});
