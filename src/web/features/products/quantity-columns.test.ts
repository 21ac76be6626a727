import { describe, expect, it } from 'vitest';
import { isQuantityFile, isQuantityMappingComplete, suggestedQuantityColumns, toQuantityMapping } from './quantity-columns';

describe('quantity upload columns (spec part 2 sections 4, 5)', () => {
  it('starts from the suggested mapping, for headers the file has', () => {
    expect(suggestedQuantityColumns(['Item SKU', 'Qty', 'Note'], { 'Item SKU': 'sku', Qty: 'quantity', Gone: 'sku' })).toEqual({
      sku: 'Item SKU',
      quantity: 'Qty',
    });
    expect(suggestedQuantityColumns(['A', 'B'], {})).toEqual({ sku: undefined, quantity: undefined });
  });

  it('needs both columns, and two different ones', () => {
    expect(isQuantityMappingComplete({ sku: 'SKU', quantity: undefined })).toBe(false);
    expect(isQuantityMappingComplete({ sku: undefined, quantity: 'Qty' })).toBe(false);
    expect(isQuantityMappingComplete({ sku: 'SKU', quantity: 'SKU' })).toBe(false);
    expect(isQuantityMappingComplete({ sku: 'SKU', quantity: 'Qty' })).toBe(true);
  });

  it('sends header -> role', () => {
    expect(toQuantityMapping({ sku: 'SKU', quantity: 'Qty' })).toEqual({ SKU: 'sku', Qty: 'quantity' });
  });

  it('accepts .csv, .xlsx and .xls', () => {
    expect(isQuantityFile({ name: 'counts.CSV' })).toBe(true);
    expect(isQuantityFile({ name: 'counts.xlsx' })).toBe(true);
    expect(isQuantityFile({ name: 'counts.xls' })).toBe(true);
    expect(isQuantityFile({ name: 'counts.txt' })).toBe(false);
  });
});
