/**
 * Back to the books (DESIGN.md section 13): an audit's final counts as the import file of the
 * system the catalogue came from. Pure: lines in, a table (headers and rows) out. Column names are
 * the vendors' own:
 * - Shopify inventory CSV (Products > Inventory > Import): Handle, Title, Option1-3 Name/Value,
 *   SKU, HS Code, COO, Location, Bin name, the four '(not editable)' columns, On hand (current)
 *   (what Shopify had: the audit's snapshot, so Shopify skips a row whose stock moved since) and
 *   On hand (new) (the count). One row per product and location.
 * - WooCommerce product CSV (the built-in importer with 'Update existing products'): ID, Type,
 *   SKU, Name, In stock?, Stock; matched by ID when the catalogue carried it, else by SKU.
 * - Square item library: Token, Item Name, Variation Name, SKU, then per location 'Current
 *   Quantity {location}' and 'New Quantity {location}' (the one Square sets); a product's other
 *   locations are left blank.
 * - Odoo physical inventory (stock.quant) import: Location, Product (internal reference), Counted
 *   Quantity.
 * - CSV: SKU, Quantity.
 */
import type { BooksFormat } from '../contracts/stock.js';

/** One product's final count. snapshotQuantity: its stock when the audit ran. */
export interface BooksLine {
  sku: string;
  name: string | null;
  /** The catalogue's other identifier (Square's Token, WooCommerce's ID), or null. */
  otherIdentifier: string | null;
  location: string | null;
  snapshotQuantity: number;
  finalQuantity: number;
}

export interface BooksTable {
  headers: string[];
  rows: Array<Array<string | number>>;
}

/** The format preselected for a catalogue imported in `layout` (an import-layouts.ts name); csv when unknown. */
export function booksFormatOfLayout(layout: string | null): BooksFormat {
  if (!layout) return 'csv';
  if (layout.startsWith('Shopify')) return 'shopify';
  if (layout.startsWith('WooCommerce')) return 'woocommerce';
  if (layout.startsWith('Square')) return 'square';
  if (layout.startsWith('Odoo')) return 'odoo';
  return 'csv';
}

/** The location a format names when the product has none. */
export const DEFAULT_LOCATION: Record<BooksFormat, string> = {
  shopify: 'Shop location',
  woocommerce: '',
  square: 'Main',
  odoo: 'WH/Stock',
  csv: '',
};

/** A Shopify handle made from a title: lower case, runs of anything but letters and digits as one hyphen. */
export function shopifyHandle(title: string): string {
  return (
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'product'
  );
}

const SHOPIFY_HEADERS = [
  'Handle', 'Title', 'Option1 Name', 'Option1 Value', 'Option2 Name', 'Option2 Value', 'Option3 Name', 'Option3 Value', 'SKU', 'HS Code', 'COO',
  'Location', 'Bin name', 'Incoming (not editable)', 'Unavailable (not editable)', 'Committed (not editable)', 'Available (not editable)',
  'On hand (current)', 'On hand (new)',
];

/** The import table of `lines` in `format`; `location` names the place of products without one. */
export function booksTable(format: BooksFormat, lines: readonly BooksLine[], location: string = DEFAULT_LOCATION[format]): BooksTable {
  const placeOf = (l: BooksLine) => l.location?.trim() || location;
  switch (format) {
    case 'shopify':
      return {
        headers: SHOPIFY_HEADERS,
        rows: lines.map((l) => {
          const title = l.name ?? l.sku;
          return [shopifyHandle(title), title, 'Title', 'Default Title', '', '', '', '', l.sku, '', '', placeOf(l), '', '', '', '', '', l.snapshotQuantity, l.finalQuantity];
        }),
      };
    case 'woocommerce':
      return {
        headers: ['ID', 'Type', 'SKU', 'Name', 'In stock?', 'Stock'],
        rows: lines.map((l) => [/^\d+$/.test(l.otherIdentifier ?? '') ? l.otherIdentifier! : '', 'simple', l.sku, l.name ?? '', l.finalQuantity > 0 ? 1 : 0, l.finalQuantity]),
      };
    case 'square': {
      const places = [...new Set(lines.map(placeOf))].sort();
      return {
        headers: ['Token', 'Item Name', 'Variation Name', 'SKU', ...places.flatMap((p) => [`Current Quantity ${p}`, `New Quantity ${p}`])],
        rows: lines.map((l) => [
          l.otherIdentifier ?? '',
          l.name ?? l.sku,
          'Regular',
          l.sku,
          // Current Quantity is Square's read-only figure; written as counted so the file reads the same.
          ...places.flatMap((p): Array<string | number> => (p === placeOf(l) ? [l.finalQuantity, l.finalQuantity] : ['', ''])),
        ]),
      };
    }
    case 'odoo':
      return { headers: ['Location', 'Product', 'Counted Quantity'], rows: lines.map((l) => [placeOf(l), l.sku, l.finalQuantity]) };
    case 'csv':
      return { headers: ['SKU', 'Quantity'], rows: lines.map((l) => [l.sku, l.finalQuantity]) };
  }
}
