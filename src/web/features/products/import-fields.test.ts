import { describe, expect, it } from 'vitest';
import { PRODUCT_IMPORT_FIELDS } from '../../../contracts/products';
import { IMPORT_FIELDS, isCsvOrXlsx } from './import-fields';

describe('product import fields', () => {
  it('labels every contract field, in the contract order', () => {
    expect(IMPORT_FIELDS.map((f) => f.value)).toEqual([...PRODUCT_IMPORT_FIELDS]);
    expect(IMPORT_FIELDS.map((f) => f.label)).toEqual([
      'SKU', 'Product Name', 'UPC', 'Other ID', 'Description', 'Distributor', 'Manufacturer',
      'Current Stock', 'Category', 'Location', 'Cost Price', 'Selling Price', 'Tags',
    ]);
  });

  it('accepts CSV or XLSX by MIME type or extension (spec part 2 section 5)', () => {
    expect(isCsvOrXlsx({ name: 'a.CSV', type: '' })).toBe(true);
    expect(isCsvOrXlsx({ name: 'a.xlsx', type: '' })).toBe(true);
    expect(isCsvOrXlsx({ name: 'export', type: 'text/csv' })).toBe(true);
    expect(isCsvOrXlsx({ name: 'export', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' })).toBe(true);
    expect(isCsvOrXlsx({ name: 'old.xls', type: 'application/vnd.ms-excel' })).toBe(false);
    expect(isCsvOrXlsx({ name: 'notes.pdf', type: 'application/pdf' })).toBe(false);
    expect(isCsvOrXlsx({ name: 'photo.png', type: 'image/png' })).toBe(false);
    // delimited text exports (Amazon's tab-separated inventory report) are read as CSV
    expect(isCsvOrXlsx({ name: 'report.txt', type: 'text/plain' })).toBe(true);
    expect(isCsvOrXlsx({ name: 'report.tsv', type: 'text/tab-separated-values' })).toBe(true);
  });
});
