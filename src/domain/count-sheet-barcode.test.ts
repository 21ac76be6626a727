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
});
