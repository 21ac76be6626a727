import { describe, expect, it } from 'vitest';
import { foldHeader } from './column-mapping.js';
import { booksFormatOfLayout, booksTable, shopifyHandle } from './books-formats.js';
import { proposeProductMapping } from './import-layouts.js';

describe('back to the books formats', () => {
  it('preselects the format of the layout the catalogue was imported in', () => {
    expect(booksFormatOfLayout('Shopify product export')).toBe('shopify');
    expect(booksFormatOfLayout('Shopify inventory export')).toBe('shopify');
    expect(booksFormatOfLayout('WooCommerce product export')).toBe('woocommerce');
    expect(booksFormatOfLayout('Square catalogue export')).toBe('square');
    expect(booksFormatOfLayout('Odoo export (German labels)')).toBe('odoo');
    expect(booksFormatOfLayout('Zoho Inventory export')).toBe('csv');
    expect(booksFormatOfLayout(null)).toBe('csv');
  });

  it('makes Shopify handles from titles', () => {
    expect(shopifyHandle('Crème Brûlée  Set (2 pcs)')).toBe('creme-brulee-set-2-pcs');
    expect(shopifyHandle('***')).toBe('product');
  });

  it('writes one Square column pair per location, blank where the product is not', () => {
    const lines = [
      { sku: 'A', name: 'Apple', otherIdentifier: 'T1', location: 'North', snapshotQuantity: 1, finalQuantity: 2 },
      { sku: 'B', name: null, otherIdentifier: null, location: null, snapshotQuantity: 3, finalQuantity: 0.5 },
    ];
    expect(booksTable('square', lines)).toEqual({
      headers: ['Token', 'Item Name', 'Variation Name', 'SKU', 'Current Quantity Main', 'New Quantity Main', 'Current Quantity North', 'New Quantity North'],
      rows: [
        ['T1', 'Apple', 'Regular', 'A', '', '', 2, 2],
        ['', 'B', 'Regular', 'B', 0.5, 0.5, '', ''],
      ],
    });
    expect(booksTable('woocommerce', [{ ...lines[0]!, otherIdentifier: '741' }, lines[1]!]).rows).toEqual([
      ['741', 'simple', 'A', 'Apple', 1, 2],
      ['', 'simple', 'B', '', 1, 0.5],
    ]);
  });

  it("reads a Shopify inventory export's On hand (current), and On hand (new) once it is filled in", () => {
    const headers = ['Handle', 'Title', 'Option1 Name', 'Option1 Value', 'SKU', 'Location', 'On hand (current)', 'On hand (new)'];
    const exported = proposeProductMapping(headers, [['h', 'Hat', 'Title', 'Default Title', 'H-1', 'Shop', '7', '']], foldHeader);
    expect(exported.mapping['On hand (current)']).toBe('currentQuantity');
    expect(exported.mapping['On hand (new)']).toBeUndefined();
    const counted = proposeProductMapping(headers, [['h', 'Hat', 'Title', 'Default Title', 'H-1', 'Shop', '7', '5']], foldHeader);
    expect(counted.mapping['On hand (new)']).toBe('currentQuantity');
    expect(counted.columns.find((c) => c.header === 'On hand (current)')?.reason).toBe('not imported: On hand (new) holds the stock (Shopify inventory export)');
  });
});
