import { describe, expect, it } from 'vitest';
import { PRODUCT_IMPORT_FIELDS } from '../contracts/products.js';
import {
  autoMapProductImport,
  autoMapQuantityUpload,
  foldHeader,
  guessScanColumns,
  PRODUCT_IMPORT_FIELD_DEFINITIONS,
  suggestMapping,
} from './column-mapping.js';
import { FIXTURE_NAMES, loadFixture } from './test-support/fixtures.js';

const FIXTURE_CATALOGUE_HEADER =
  'SKU,UPC,Other ID,Product Name,Distributor,Manufacturer,Category,Location,Quantity,Cost Price,Selling Price,Tags'.split(',');

describe('foldHeader', () => {
  it.each([
    ['Selling_Price', 'selling price'],
    ['otherIdentifier', 'other identifier'],
    ['\ufeffEAN', 'ean'],
    ['  "Item  Code" ', 'item code'],
    ['Qty.', 'qty'],
    ['Cost-Price (EUR)', 'cost price eur'],
  ])('%j -> %j', (header, want) => {
    expect(foldHeader(header)).toBe(want);
  });
});

describe('product import auto-mapping (spec part 2 section 5)', () => {
  it.each(FIXTURE_NAMES)('maps the %s catalogue header as its manifest says', (name) => {
    expect(autoMapProductImport(FIXTURE_CATALOGUE_HEADER)).toEqual(loadFixture(name).manifest.catalogueMapping);
  });

  it.each([
    // the spec's contains-rules
    ['Product SKU', 'sku'],
    ['item_name', 'name'],
    ['Long Description', 'description'],
    ['Quantity On Hand', 'currentQuantity'],
    ['Sub Category', 'category'],
    ['Warehouse Location', 'location'],
    ['Unit Cost Price', 'costPrice'],
    ['selling_price', 'price'],
    ['Price', 'price'],
    ['Retail Price (USD)', 'price'],
    // every field by its own key or label
    ['UPC', 'upc'],
    ['upc', 'upc'],
    ['Other ID', 'otherIdentifier'],
    ['otherIdentifier', 'otherIdentifier'],
    ['Distributor', 'distributor'],
    ['Manufacturer', 'manufacturer'],
    ['Tags', 'tags'],
    ['Selling Price', 'price'],
    ['Cost Price', 'costPrice'],
    ['costPrice', 'costPrice'],
    ['Current Stock', 'currentQuantity'],
    ['currentQuantity', 'currentQuantity'],
    ['Description', 'description'],
    // common synonyms
    ['Barcode', 'upc'],
    ['EAN', 'upc'],
    ['Brand', 'manufacturer'],
    ['Supplier', 'distributor'],
  ])('%j -> %s', (header, field) => {
    expect(autoMapProductImport([header])).toEqual({ [header]: field });
  });

  it.each(['Timestamp', 'Notes', 'Weight', ''])('leaves %j unmapped', (header) => {
    expect(autoMapProductImport([header])).toEqual({});
  });

  it('maps each field at most once, the exact header winning over a contains-rule', () => {
    expect(autoMapProductImport(['Product SKU', 'SKU', 'Name', 'Supplier Name'])).toEqual({ SKU: 'sku', Name: 'name' });
    expect(autoMapProductImport(['Sale Price', 'Selling Price'])).toEqual({ 'Selling Price': 'price' });
    expect(autoMapProductImport(['Price', 'Selling Price'])).toEqual({ Price: 'price' }); // key and label tie: leftmost
    expect(autoMapProductImport(['Cost Price', 'Cost'])).toEqual({ 'Cost Price': 'costPrice' });
  });

  it('never maps a cost price header to the selling price', () => {
    expect(autoMapProductImport(['cost_price', 'Purchase Cost Price'])).toEqual({ cost_price: 'costPrice' });
  });

  it('lists every import field with its label, in the contract order', () => {
    expect(PRODUCT_IMPORT_FIELD_DEFINITIONS.map((f) => f.key)).toEqual([...PRODUCT_IMPORT_FIELDS]);
    const labels = Object.fromEntries(PRODUCT_IMPORT_FIELD_DEFINITIONS.map((f) => [f.key, f.label]));
    expect(labels).toMatchObject({
      sku: 'SKU',
      upc: 'UPC',
      otherIdentifier: 'Other ID',
      name: 'Product Name',
      currentQuantity: 'Current Stock',
      costPrice: 'Cost Price',
      price: 'Selling Price',
      tags: 'Tags',
    });
    expect(PRODUCT_IMPORT_FIELD_DEFINITIONS.filter((f) => f.required).map((f) => f.key)).toEqual(['sku']);
  });
});

describe('quantity upload auto-mapping (spec part 2 section 5)', () => {
  it.each([
    ['sku', 'sku'],
    ['product_sku', 'sku'],
    ['item_sku', 'sku'],
    ['SKU', 'sku'],
    ['quantity', 'quantity'],
    ['qty', 'quantity'],
    ['current_quantity', 'quantity'],
    ['stock', 'quantity'],
    ['New Quantity', 'quantity'],
  ])('%j -> %s', (header, field) => {
    expect(autoMapQuantityUpload([header])).toEqual({ [header]: field });
  });

  it('maps the template header and ignores the rest', () => {
    expect(autoMapQuantityUpload(['sku', 'name', 'quantity'])).toEqual({ sku: 'sku', quantity: 'quantity' });
    expect(autoMapQuantityUpload(['item_sku', 'product_sku', 'qty', 'stock'])).toEqual({ item_sku: 'sku', qty: 'quantity' });
  });
});

describe('scan column guess (spec part 1 section 2 "Scan file step")', () => {
  it.each(FIXTURE_NAMES)('finds the %s manifest columns from the scan file headers', (name) => {
    const headersOf: Record<string, string[]> = {
      'team1-zebra.csv': ['Barcode', 'Qty', 'Timestamp'],
      'team2-export.csv': ['\ufeffEAN', 'Menge'],
      'team3-handheld.csv': ['scan'],
      'team4-counts.xlsx': ['Item Code', 'Counted'],
    };
    for (const file of loadFixture(name).manifest.scanFiles) {
      const headers = headersOf[file.file]!;
      const guess = guessScanColumns(headers);
      expect(guess.scanColumn === null ? null : foldHeader(guess.scanColumn), file.file).toBe(foldHeader(file.scanColumn));
      expect(guess.quantityColumn, file.file).toBe(file.quantityColumn ?? null);
    }
  });

  it.each([
    [['Timestamp', 'Barcode'], 'Barcode', null],
    [['Barcode', 'Timestamp', 'Count Date'], 'Barcode', null],
    [['Scan Time', 'EAN', 'Anzahl'], 'EAN', 'Anzahl'],
    [['GTIN', 'Quantity'], 'GTIN', 'Quantity'],
    [['Artikel', 'Menge'], 'Artikel', 'Menge'],
    [['Scanner ID', 'Code', 'Serial No', 'Qty Counted'], 'Code', 'Qty Counted'],
    [['SKU', 'Product Name', 'count'], 'SKU', 'count'],
    [['Location', 'UPC', 'Counted Qty'], 'UPC', 'Counted Qty'],
    [['Scan Count', 'Barcode'], 'Barcode', 'Scan Count'],
    [['values'], 'values', null],
  ] as const)('%j -> scan %j, quantity %j', (headers, scan, quantity) => {
    expect(guessScanColumns(headers)).toEqual({ scanColumn: scan, quantityColumn: quantity });
  });

  it("reads a headerless Opticon file's columns from the data, without taking the serial as a quantity", () => {
    const headers = ['Column 1', 'Column 2', 'Column 3', 'Column 4'];
    const rows = [
      ['012345678905', '1', '10:21:00', '07/11/2026'],
      ['4006381333931', '2', '10:21:04', '07/11/2026'],
      ['96385074', '3', '10:21:09', '07/11/2026'],
    ];
    expect(guessScanColumns(headers, rows)).toEqual({ scanColumn: 'Column 1', quantityColumn: null });
  });

  it('takes small whole numbers that are no serial as the quantity of a headerless file', () => {
    const headers = ['Column 1', 'Column 2', 'Column 3'];
    const rows = [
      ['2026-11-07', 'ABC-123', '4'],
      ['2026-11-07', 'ABC-124', '1'],
      ['2026-11-07', '012345678905', '12'],
    ];
    expect(guessScanColumns(headers, rows)).toEqual({ scanColumn: 'Column 2', quantityColumn: 'Column 3' });
  });

  it('takes counts with the sign after the digits (a fixed-width export) as the quantity', () => {
    const rows = [
      ['8720602828605', '3'],
      ['8720602898363', '2-'],
      ['0012345678905', '1'],
    ];
    expect(guessScanColumns(['Column 1', 'Column 2'], rows)).toEqual({ scanColumn: 'Column 1', quantityColumn: 'Column 2' });
    // 1-, 2, 3+ read as -1, 2, 3: not a serial
    expect(guessScanColumns(['Column 1', 'Column 2'], [['A1', '1-'], ['A2', '2'], ['A3', '3+']])).toEqual({ scanColumn: 'Column 1', quantityColumn: 'Column 2' });
  });

  it('falls back to the first column and no quantity', () => {
    expect(guessScanColumns(['Column 1', 'Column 2'])).toEqual({ scanColumn: 'Column 1', quantityColumn: null });
    expect(guessScanColumns([])).toEqual({ scanColumn: null, quantityColumn: null });
  });
});

describe('suggestMapping', () => {
  it('answers each flow in its own field keys', () => {
    expect(suggestMapping('scan', ['Barcode', 'Qty', 'Timestamp'])).toEqual({ Barcode: 'scanValue', Qty: 'quantity' });
    expect(suggestMapping('scan', ['scan'])).toEqual({ scan: 'scanValue' });
    expect(suggestMapping('quantities', ['sku', 'qty'])).toEqual({ sku: 'sku', qty: 'quantity' });
    expect(suggestMapping('import', ['SKU', 'Quantity'])).toEqual({ SKU: 'sku', Quantity: 'currentQuantity' });
  });
});
