import { describe, expect, it } from 'vitest';
import { foldHeader, guessScanColumns, proposeProductImport } from './column-mapping.js';
import { cleanCell, detectLayout, valueKind } from './import-layouts.js';

describe('proposeProductImport (known layouts, synonyms, values)', () => {
  it("maps Shopify's product export by its layout, with the reason the mapping step shows", () => {
    const p = proposeProductImport(['Handle', 'Title', 'Variant SKU', 'Variant Inventory Qty', 'Variant Price', 'Variant Compare At Price', 'Variant Barcode']);
    expect(p.layout).toBe('Shopify product export');
    expect(p.groupColumn).toBe('Handle');
    expect(p.mapping).toEqual({ Title: 'name', 'Variant SKU': 'sku', 'Variant Inventory Qty': 'currentQuantity', 'Variant Price': 'price', 'Variant Barcode': 'upc' });
    const qty = p.columns.find((c) => c.header === 'Variant Inventory Qty')!;
    expect(qty).toEqual({ header: 'Variant Inventory Qty', field: 'currentQuantity', confidence: 'high', reason: 'Variant Inventory Qty -> Current Stock (Shopify product export)' });
    expect(p.columns.find((c) => c.header === 'Variant Compare At Price')!.field).toBeNull();
  });

  it("takes WooCommerce's Regular price over Sale price, and maps Categories", () => {
    const p = proposeProductImport(['ID', 'Type', 'SKU', 'Name', 'Sale price', 'Regular price', 'Categories']);
    expect(p.mapping).toEqual({ SKU: 'sku', Name: 'name', 'Regular price': 'price', Categories: 'category' });
  });

  it("never reads Magento's product_type or Odoo's Product Type as the category", () => {
    expect(proposeProductImport(['sku', 'attribute_set_code', 'product_type', 'categories', 'name']).mapping).toEqual({ sku: 'sku', categories: 'category', name: 'name' });
    expect(proposeProductImport(['Name', 'Product Type', 'Internal Reference']).mapping).toEqual({ Name: 'name', 'Internal Reference': 'sku' });
  });

  it("maps Odoo's technical names: default_code is the SKU, standard_price the cost, list_price the price", () => {
    expect(proposeProductImport(['name', 'default_code', 'barcode', 'standard_price', 'list_price']).mapping).toEqual({
      name: 'name',
      default_code: 'sku',
      barcode: 'upc',
      standard_price: 'costPrice',
      list_price: 'price',
    });
  });

  it.each([
    ['Artikelnummer', 'sku'],
    ['Référence', 'sku'],
    ['Código de barras', 'upc'],
    ['Streepjescode', 'upc'],
    ['Streckkod', 'upc'],
    ['Bezeichnung', 'name'],
    ['Nome prodotto', 'name'],
    ['Lagerbestand', 'currentQuantity'],
    ['Quantità', 'currentQuantity'],
    ['Aantal', 'currentQuantity'],
    ['Quantidade', 'currentQuantity'],
    ['Antal', 'currentQuantity'],
    ['Einkaufspreis', 'costPrice'],
    ['Prix de vente', 'price'],
    ['Fornecedor', 'distributor'],
    ['Marca', 'manufacturer'],
    ['Lagerplats', 'location'],
    ['Kategorie', 'category'],
  ])('%s -> %s (synonyms in eight languages)', (header, field) => {
    expect(proposeProductImport([header]).mapping).toEqual({ [header]: field });
  });

  it('proposes a column of 12-14 digit codes as the barcode, and never a column of names', () => {
    const rows = [
      ['A-1', 'Red chair', '4006381333931'],
      ['A-2', 'Blue table', '8720602828605'],
    ];
    const p = proposeProductImport(['Code', 'Omschrijving X', 'Nummer'], rows);
    expect(p.mapping).toEqual({ Code: 'sku', Nummer: 'upc' });
    expect(p.columns[2]!.reason).toBe('Nummer -> UPC (its values are 8-14 digit codes)');
    expect(proposeProductImport(['SKU', 'EAN'], [['A-1', 'Red chair'], ['A-2', 'Blue table']]).mapping).toEqual({ SKU: 'sku' });
  });

  it("asks for the location of a multi-location export, proposing the one most filled", () => {
    const p = proposeProductImport(
      ['Token', 'Item Name', 'Variation Name', 'SKU', 'Current Quantity North', 'Current Quantity South'],
      [['T1', 'Bowl', 'Regular', 'S1', '', '4'], ['T2', 'Cup', 'Regular', 'S2', '1', '6']],
    );
    expect(p.locations).toEqual([
      { header: 'Current Quantity North', location: 'North' },
      { header: 'Current Quantity South', location: 'South' },
    ]);
    expect(p.mapping['Current Quantity South']).toBe('currentQuantity');
    expect(p.mapping['Current Quantity North']).toBeUndefined();
  });

  it('detects layouts only by their whole signature', () => {
    expect(detectLayout(['handle', 'variant sku'].map(foldHeader))?.name).toBe('Shopify product export');
    expect(detectLayout(['handle', 'title'].map(foldHeader))).toBeNull();
  });

  it('cleans spreadsheet text markers and reads value kinds', () => {
    expect(cleanCell("'0123")).toBe('0123');
    expect(cleanCell('="0123"')).toBe('0123');
    expect(valueKind(['3.65275E+11', '4.6347E+11'])).toBe('barcode');
    expect(valueKind(['12', '-3', '0'])).toBe('integer');
    expect(valueKind(['12.50', '.95', '1,234.50'])).toBe('money');
    expect(valueKind(['1.50', '843.00000', '0.25', '12'])).toBe('decimal');
    expect(valueKind(['$1.50', '€2,50', '0.1250'])).toBe('money');
    expect(valueKind(['Red chair', 'Blue table'])).toBe('words');
    expect(valueKind(['A1554244', 'cc-belt-2', 'M1000'])).toBe('code');
    expect(valueKind(['ARS 1000.00', 'ARS 25.50'])).toBe('money');
  });
});

describe('guessScanColumns on real exports', () => {
  it("never takes 'Product' over 'SKU' as the scan column", () => {
    expect(guessScanColumns(['Product', 'SKU', 'Qty'])).toEqual({ scanColumn: 'SKU', quantityColumn: 'Qty' });
  });

  it.each(['Aantal', 'Quantità', 'Antal', 'Gezählte Menge', 'Cantidad'])('reads %s as the quantity', (header) => {
    expect(guessScanColumns(['EAN', header]).quantityColumn).toBe(header);
  });

  it('guesses a header-less barcode,qty file from its values', () => {
    const rows = [['8720602828605', '3'], ['8720602898363', '1'], ['8720602821200', '2']];
    expect(guessScanColumns(['Column 1', 'Column 2'], rows)).toEqual({ scanColumn: 'Column 1', quantityColumn: 'Column 2' });
  });

  it('does not take a column of product names as the scan column when a code column is there', () => {
    const rows = [['Red chair', 'A-1001'], ['Blue table', 'A-1002'], ['Green lamp', 'A-1003']];
    expect(guessScanColumns(['Product', 'Artikel'], rows).scanColumn).toBe('Artikel');
  });
});
