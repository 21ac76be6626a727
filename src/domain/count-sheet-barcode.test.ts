import { describe, expect, it } from 'vitest';
import { sheetBarcode, sheetBarcodes } from './count-sheet-barcode.js';

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

describe('sheetBarcodes: the printed code read back through the engine over the whole catalogue', () => {
  type P = { sku: string; upc: string | null; otherIdentifier?: string | null; alternates?: { value: string; kind: 'barcode' | 'alias'; units: number }[] };
  const choose = (sheet: P[], rest: P[] = []) => sheetBarcodes(sheet, [...sheet, ...rest]);

  it('prints the first candidate when it finds the product', () => {
    const a: P = { sku: 'A-1', upc: '5901234123457' };
    const b: P = { sku: 'B-1', upc: null };
    const chosen = choose([a, b]);
    expect(chosen.get(a)).toEqual({ barcode: { bcid: 'ean13', text: '5901234123457' } });
    expect(chosen.get(b)).toEqual({ barcode: { bcid: 'code128', text: 'B-1' } });
  });

  it("passes over a GTIN that another product's digit SKU would take (SKU is matched first), outside the sheet too", () => {
    const own: P = { sku: 'GTIN-OWN', upc: '4006381333931' };
    const other: P = { sku: '4006381333931', upc: null };
    expect(choose([own], [other]).get(own)).toEqual({ barcode: { bcid: 'code128', text: 'GTIN-OWN' } });
    // The UPC-A is read as 12 digits or as its EAN-13: either form taken by another SKU counts.
    const upcA: P = { sku: 'UPCA-OWN', upc: '012345678905' };
    expect(choose([upcA], [{ sku: '0012345678905', upc: null }]).get(upcA)).toEqual({ barcode: { bcid: 'code128', text: 'UPCA-OWN' } });
  });

  it('passes over a SKU that reads as a GS1 element string naming another product, for the other identifier', () => {
    const gs1Sku: P = { sku: '(01)09501101530003', upc: null, otherIdentifier: 'SERUM-OID' };
    const serum: P = { sku: 'SERUM-30', upc: '09501101530003' };
    expect(choose([gs1Sku], [serum]).get(gs1Sku)).toEqual({ barcode: { bcid: 'code128', text: 'SERUM-OID' } });
  });

  it('passes over a value two products share, and an other identifier that is another SKU', () => {
    const a: P = { sku: 'ŁÓDŹ-1', upc: '5901234123457', otherIdentifier: 'ZOLW-2', alternates: [{ value: 'LODZ-ALIAS', kind: 'alias', units: 1 }] };
    const twin: P = { sku: 'TWIN', upc: '5901234123457' };
    const zolw: P = { sku: 'ZOLW-2', upc: null };
    expect(choose([a], [twin, zolw]).get(a)).toEqual({ barcode: { bcid: 'code128', text: 'LODZ-ALIAS' } });
  });

  it('prints no code, and says why, when every candidate would count another product or none', () => {
    const gs1Sku: P = { sku: '(01)09501101530003', upc: null };
    const serum: P = { sku: 'SERUM-30', upc: '09501101530003' };
    expect(choose([gs1Sku], [serum]).get(gs1Sku)).toEqual({ barcode: null, reason: 'code (01)09501101530003 would count SERUM-30' });
    const unknownGs1: P = { sku: '(01)04006381333931', upc: null };
    expect(choose([unknownGs1]).get(unknownGs1)).toEqual({ barcode: null, reason: 'code (01)04006381333931 is not found (unknown)' });
    const shared: P = { sku: 'ĆMA-3', upc: null, otherIdentifier: 'MOTH' };
    expect(choose([shared], [{ sku: 'MOTH-2', upc: null, otherIdentifier: 'moth' }]).get(shared)).toEqual({ barcode: null, reason: 'code MOTH is shared by MOTH-2, ĆMA-3' });
    // Nothing printable at all: no reason beyond the SKU.
    expect(choose([{ sku: 'ĆMA-4', upc: null }]).values().next().value).toEqual({ barcode: null, reason: null });
  });

  it('refuses a sheet product that is not in the catalogue given', () => {
    expect(() => sheetBarcodes([{ sku: 'A', upc: null }], [{ sku: 'A', upc: null }])).toThrow(/not in the catalogue/);
  });
});
