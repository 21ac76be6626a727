import { describe, expect, it } from 'vitest';
import { sheetBarcode } from './count-sheet-barcode.js';

describe('sheetBarcode', () => {
  it.each([
    ['5901234123457', { bcid: 'ean13', text: '5901234123457' }],
    ['012345678905', { bcid: 'upca', text: '012345678905' }],
    ['96385074', { bcid: 'ean8', text: '96385074' }],
    ['09501101530003', { bcid: 'ean13', text: '9501101530003' }],
    ['15901234123454', { bcid: 'itf14', text: '15901234123454' }],
  ])('prints GTIN %s as %j', (upc, barcode) => {
    expect(sheetBarcode({ sku: 'S-1', upc })).toEqual(barcode);
  });

  it.each([null, '', '5901234123458', 'ABC-123', '123'])('prints a Code 128 of the SKU for upc %j', (upc) => {
    expect(sheetBarcode({ sku: 'S-1', upc })).toEqual({ bcid: 'code128', text: 'S-1' });
  });

  it('prints another value the engine matches when the SKU is not printable ASCII', () => {
    expect(sheetBarcode({ sku: 'ŁÓDŹ-1', upc: null, otherIdentifier: 'LODZ-1' })).toEqual({ bcid: 'code128', text: 'LODZ-1' });
    const alternates = [
      { value: 'ZOLW-BOX', kind: 'alias' as const, units: 24 },
      { value: '5901234123457', kind: 'barcode' as const, units: 1 },
    ];
    expect(sheetBarcode({ sku: 'ŻÓŁW-2', upc: null, otherIdentifier: 'ŻÓŁW', alternates })).toEqual({ bcid: 'ean13', text: '5901234123457' });
    expect(sheetBarcode({ sku: 'ĆMA-3', upc: null, alternates: [{ value: 'ĆMA-BOX', kind: 'alias', units: 1 }] })).toBeNull();
  });
});
