/**
 * Every rule of DESIGN.md section 6 'What real exports hold', over files written the way each
 * system writes them (fixtures/exports: Shopify inventory exports old and new, Shopify product
 * exports old and new (2024 headers), Magento 2 with store view rows, Odoo with one2many rows, WooCommerce in Russian and Portuguese, Odoo, Zoho Inventory, inFlow, a platform's product
 * list, a POS barcode table, an accounting package's XLSX stock summary, a scanner dump). For each:
 * the preview's words, the figures the web import stores (on both databases), and the command-line
 * reconciliation of a count against the file, giving each product's expected stock as the file
 * states it. The expected figures were added up by hand from the files.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULT_CATEGORIES } from '../../../contracts/results.js';
import { reconcileFiles } from '../../../cli/reconcile.js';
import { DATABASE_KINDS } from '../../test-support/databases.js';
import { clearProducts } from '../../test-support/clear-products.js';
import { createTestApp, type TestApp, type TestClient } from '../../test-support/test-app.js';

const dir = path.resolve(import.meta.dirname, '../../../../fixtures/exports');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'stocktally-export-rules-'));

interface RuleCase {
  file: string;
  /** The location chosen (`--location`, the dialog's question); none for the default. */
  location?: string;
  /** Words the preview must state (each a substring of one decision). */
  says: string[];
  /** SKU -> the product as stored (currentQuantity is the expected stock as the file states it). */
  products: Record<string, Record<string, unknown>>;
  /** Rows without identifier: line -> reason (words of it). */
  skippedLines?: Record<number, string>;
  /** Rows keyed otherwise than by SKU: source -> lines. */
  keyedBy?: Record<string, number[]>;
  /** Warnings naming lines. */
  warnings?: string[];
  /** Scans (value, units) for the reconciliation besides one read of each SKU; expected counted units by SKU. */
  counted?: { scans: [string, number][]; units: Record<string, number> };
}

const CASES: RuleCase[] = [
  {
    // Shopify's inventory export (2023+): On hand (current) is the stock; Location is the store,
    // Bin name the shelf; a variant without SKU is known by Handle + option values.
    file: 'shopify-inventory-export.csv',
    says: ['The stock is the column "On hand (current)"', '"Location" is the store (Main Street, Warehouse) and "Bin name" the shelf: the stock of every store is summed', 'a row without it takes "Handle" with the option values'],
    products: {
      'LS-S-WHT': { currentQuantity: 25, location: 'A-01', name: 'Linen Shirt' },
      'LS-M-WHT': { currentQuantity: 3 }, // `not stocked` at the warehouse counts 0
      'linen-shirt/L/White': { currentQuantity: 8, location: 'A-02' },
      'CT-001': { currentQuantity: 37 },
    },
    keyedBy: { 'handle and options': [6, 7] },
  },
  {
    file: 'shopify-inventory-export.csv',
    location: 'Warehouse',
    says: ['only the rows of Warehouse are read'],
    products: { 'LS-S-WHT': { currentQuantity: 20 }, 'LS-M-WHT': { currentQuantity: 0 }, 'linen-shirt/L/White': { currentQuantity: 6 }, 'CT-001': { currentQuantity: 30 } },
    keyedBy: { 'handle and options': [7] },
  },
  {
    // The older inventory export: the stock column is named after the shop's one location.
    file: 'shopify-inventory-one-location.csv',
    says: ['The stock is the column "POPTOYS": the file\'s one column of quantities, named after the place POPTOYS.'],
    products: { 'PB-01': { currentQuantity: 12 }, 'YY-RED': { currentQuantity: 0 }, 'YY-BLU': { currentQuantity: 4 }, kite: { currentQuantity: 9, name: 'Kite' } },
    keyedBy: { 'handle and options': [5] },
  },
  {
    file: 'shopify-inventory-two-locations.csv',
    says: ['The file has one stock column per location (Rangsutra Online, Rangsutra Store). This count is for Rangsutra Store; choose another location or all of them summed.'],
    products: { 'BPK-M': { currentQuantity: 2 }, 'BPK-L': { currentQuantity: 5 }, 'CD-01': { currentQuantity: 0 } },
  },
  {
    file: 'shopify-inventory-two-locations.csv',
    location: 'all',
    says: ["The stock is the sum of the 2 locations' columns (Rangsutra Online, Rangsutra Store)."],
    products: { 'BPK-M': { currentQuantity: 5 }, 'BPK-L': { currentQuantity: 5 }, 'CD-01': { currentQuantity: 10 } },
  },
  {
    file: 'shopify-inventory-two-locations.csv',
    location: 'Rangsutra Online',
    says: ['This count is for Rangsutra Online'],
    products: { 'BPK-M': { currentQuantity: 3 }, 'BPK-L': { currentQuantity: 0 }, 'CD-01': { currentQuantity: 10 } },
  },
  {
    // A product export: an image-only row, a variant known by its barcode, two variants sharing a SKU.
    file: 'shopify-product-export.csv',
    says: ['a row without it takes the barcode in "Variant Barcode", then "Handle" with the option values', 'rows that differ have their stock summed, with a warning naming the lines'],
    products: {
      'MUG-SAND': { currentQuantity: 6, upc: '4006381333931', price: '18.00', costPrice: '7.50' },
      'MUG-SLATE': { currentQuantity: 4, name: 'Clay Mug' },
      '5901234123457': { currentQuantity: 3, upc: '5901234123457', name: 'Clay Mug' },
      'NAP-01': { currentQuantity: 15 },
    },
    skippedLines: { 6: 'rows without SKU, barcode or other identifier' },
    keyedBy: { barcode: [5] },
    warnings: ['shopify-product-export.csv line 8: SKU "NAP-01" also appears on line 7: one item, its stock summed'],
  },
  {
    // WooCommerce in Russian: a variable parent row is skipped, a variation without SKU is known by its ID.
    file: 'woocommerce-export-ru.csv',
    says: ['The stock is the column "Запасы"', 'Each product is known by its SKU in "Артикул"; a row without it takes the system\'s id in "ID"'],
    products: {
      'TS-RED-M': { currentQuantity: 7, price: '990.00' },
      '103': { currentQuantity: 4, name: 'Футболка хлопковая - Синий, M' },
      'MUG-RU': { currentQuantity: 12, price: '500.00', category: 'Посуда', description: 'Керамика,\n350 мл' },
    },
    skippedLines: { 2: 'parent rows' },
    keyedBy: { 'system id': [4] },
  },
  {
    file: 'woocommerce-export-pt.csv',
    says: ['The stock is the column "Estoque"'],
    products: { 'CAF-250': { currentQuantity: 15, price: '32.90' }, 'CAM-P': { currentQuantity: 3 }, '204': { currentQuantity: 8, name: 'Camiseta - M' } },
    skippedLines: { 3: 'parent rows' },
    keyedBy: { 'system id': [5] },
  },
  {
    // Odoo's stock export: relation paths, one row per location and lot summed, a continuation row, `843.00000`.
    file: 'odoo-stock-quant.csv',
    says: ['Each product is known by its SKU in "Product/Internal Reference"', 'Rows of one product, one per location ("Location"), serial number ("Lot/Serial Number"), are one item: their stock is summed.'],
    products: { FURN_0001: { currentQuantity: 15, upc: '5012345678900' }, FURN_0002: { currentQuantity: 10 }, FURN_0003: { currentQuantity: 843 } },
    skippedLines: { 6: 'continuation rows' },
    counted: { scans: [['4006381333931', 2]], units: { FURN_0002: 3 } },
  },
  {
    // Zoho: Stock On Hand, Selling/Purchase Price with an ISO currency code, EAN beside an empty UPC, Item ID.
    file: 'zoho-inventory-items.csv',
    says: ['The stock is the column "Stock On Hand"', 'a row without it takes the barcode in "UPC", then the barcode in "EAN", then the system\'s id in "Item ID"'],
    products: {
      'YM-1000': { currentQuantity: 24, price: '1000.00', costPrice: '620.00' },
      '5012345678900': { currentQuantity: 10, name: 'Bombilla', upc: '5012345678900', price: '350.50' },
      '4815162342000003': { currentQuantity: 3, name: 'Mate Gourd' },
    },
    keyedBy: { barcode: [3], 'system id': [4] },
  },
  {
    // inFlow: no SKU column, the name is the key; one row per sublocation and serial, summed.
    file: 'inflow-stock-levels.csv',
    says: ['each product is known by its name ("ProductName")'],
    products: { 'Cordless Drill': { currentQuantity: 3 }, 'Wood Screws 100pk': { currentQuantity: 46 } },
    keyedBy: { name: [2, 3, 4, 5, 6] },
  },
  {
    // A platform's product ids and a customs code are no barcodes; `Item` beside `Code` is the name; a header with a line break.
    file: 'platform-products.csv',
    says: ['The stock is the column "Stock\nOn Hand"', 'Each product is known by its SKU in "Code"'],
    products: {
      'HB-01': { currentQuantity: 120, name: 'Hex Bolt M8', upc: null, price: '0.35' },
      'HB-02': { currentQuantity: 80, upc: null },
      'WS-08': { currentQuantity: 300, upc: null },
      'NT-08': { currentQuantity: 250, upc: null },
    },
  },
  {
    // A POS barcode table: rows per barcode of one item; Qty beside Packing is the units per read.
    file: 'pos-barcode-table.csv',
    says: ['"Qty" beside "Packing" is how many units each barcode stands for, not the stock', 'its further barcodes are its alternate identifiers'],
    products: {
      '1001': { currentQuantity: 0, name: 'Cola 330ml', upc: '5449000000996', alternateIdentifiers: [{ value: '5449000131805', kind: 'barcode', units: 24 }] },
      '1002': { currentQuantity: 0, upc: '5000112637922', alternateIdentifiers: [] },
    },
    counted: { scans: [['5449000131805', 1], ['5449000000996', 2]], units: { '1001': 27 } },
  },
  {
    // An accounting package's stock summary: title rows above the header, group rows, a total row, names as keys.
    file: 'tally-stock-summary.xlsx',
    says: ["The column names are on line 5: the 3 rows above are titles (the report's name, company or period), skipped.", 'each product is known by its name ("Particulars")'],
    products: { 'Basmati Rice 5kg': { currentQuantity: 843, price: '450.00' }, 'Toor Dal 1kg': { currentQuantity: 120 }, 'Dish Soap 500ml': { currentQuantity: 36 } },
    skippedLines: { 6: 'title and group rows', 9: 'title and group rows', 11: 'total rows' },
    keyedBy: { name: [7, 8, 10] },
  },
  {
    // Shopify's product export since 2024: `URL handle`, `SKU`, `Barcode`, `Inventory quantity`,
    // `Option1 value`; a yes/no `Published on online store` column names no place.
    file: 'shopify-product-export-2024.csv',
    says: ['The stock is the column "Inventory quantity".', 'a row without it takes the barcode in "Barcode", then "URL handle" with the option values', 'Rows repeating a product are one item'],
    products: {
      'WB-GRY': { currentQuantity: 12, name: 'Wool Beanie', upc: '4006381333931', price: '24.00' },
      'WB-NVY': { currentQuantity: 7, name: 'Wool Beanie' },
      '5901234123457': { currentQuantity: 3, name: 'Wool Beanie', upc: '5901234123457' },
      'canvas-tote/Small/Natural': { currentQuantity: 5, name: 'Canvas Tote', price: '18.00' },
      'canvas-tote/Large/Natural': { currentQuantity: 0, name: 'Canvas Tote', price: '21.00' }, // `not stocked`
      'GIFT-25': { currentQuantity: 0, name: 'Gift Card' },
    },
    skippedLines: { 6: 'rows without SKU, barcode or other identifier' }, // the image-only row
    keyedBy: { barcode: [5], 'handle and options': [7, 8] },
  },
  {
    // Magento 2's product export: a store view's row (`store_view_code` fr: its translated name,
    // no qty) repeats the SKU; quantities written `100.0000`.
    file: 'magento2-export-store-views.csv',
    says: [
      'The file is a Magento product export.',
      'The stock is the column "qty".',
      'Store-view rows (translations of a product already listed, for another shop language or store view; column "store_view_code") are skipped',
      'Rows repeating a product are one item',
    ],
    products: {
      'MT07-S-Gray': { currentQuantity: 100, name: 'Argus All-Weather Tank-S-Gray', price: '22.00' },
      'MT07-M-Gray': { currentQuantity: 37, name: 'Argus All-Weather Tank-M-Gray' },
      'MT08-L-Green': { currentQuantity: 0 },
    },
  },
  {
    // Odoo's product export with labels (every cell quoted): a one2many field (Vendors) writes its
    // further values on rows of their own; a product without Internal Reference is known by its
    // barcode, else by its External ID.
    file: 'odoo-product-template-vendors.csv',
    says: ['The file is an Odoo export (labels).', 'The stock is the column "Quantity On Hand".', 'then the system\'s id in "External ID"'],
    products: {
      FURN_0096: { currentQuantity: 45, name: 'Customizable Desk', price: '750.00', costPrice: '500.00' },
      '__export__.product_template_53_6a7f3b21': { currentQuantity: 0, name: 'Cable Management Box' },
      '4006381333931': { currentQuantity: 12, name: 'Office Lamp', upc: '4006381333931' },
    },
    skippedLines: { 3: 'rows without SKU, barcode or other identifier', 5: 'continuation rows (one more value of the row above)' },
    keyedBy: { 'system id': [4], barcode: [6] },
  },
];

const label = (c: RuleCase) => `${c.file}${c.location ? ` (--location ${c.location})` : ''}`;

describe.each(DATABASE_KINDS)('exports as their systems write them, on %s', (kind) => {
  let t: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    t = await createTestApp(kind, { NEW_ORGANIZATION_TIER: 'pro' });
    client = t.client();
    await client.signUp();
  });
  afterAll(async () => t?.close());


  it.each(CASES.map((c) => [label(c), c] as const))('%s: the preview says it, the import stores it', async (_, c) => {
    await clearProducts(client);
    const filePath = path.join(dir, c.file);
    const fields: Record<string, string> = { flow: 'import', ...(c.location ? { location: c.location } : {}) };
    const preview = await client.upload('/api/products/preview', [{ field: 'file', path: filePath }], fields);
    expect(preview.statusCode, preview.body).toBe(200);
    const texts = (preview.json().decisions as { text: string }[]).map((d) => d.text);
    for (const words of c.says) expect(texts.some((t) => t.includes(words)), `${words}\nin\n${texts.join('\n')}`).toBe(true);

    const importFields: Record<string, string> = { columnMapping: JSON.stringify(preview.json().suggestedMapping), ...(c.location ? { location: c.location } : {}) };
    const res = await client.upload('/api/products/import', [{ field: 'file', path: filePath }], importFields);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.imported).toBe(Object.keys(c.products).length);
    const skipped = Object.fromEntries(((body.skippedLines ?? []) as { line: number; reason: string }[]).map((l) => [l.line, l.reason]));
    expect(Object.keys(skipped).map(Number)).toEqual(Object.keys(c.skippedLines ?? {}).map(Number));
    for (const [line, words] of Object.entries(c.skippedLines ?? {})) expect(skipped[Number(line)]).toContain(words);
    if (c.skippedLines) expect(body.skippedCsv.split('\n')[0]).toMatch(/^Line,Reason,/);
    expect(Object.fromEntries(((body.keyedBy ?? []) as { source: string; firstLines: number[] }[]).map((k) => [k.source, k.firstLines]))).toEqual(c.keyedBy ?? {});
    expect(((body.warnings ?? []) as { message: string }[]).map((w) => w.message)).toEqual(c.warnings ?? []);

    const stored = (await client.get('/api/products?limit=100')).json().products as { sku: string }[];
    expect(stored.map((p) => p.sku).sort()).toEqual(Object.keys(c.products).sort());
    for (const [sku, want] of Object.entries(c.products)) expect(stored.find((p) => p.sku === sku), sku).toMatchObject(want);
  });
});

describe('the command-line reconciliation of a count against each export', () => {
  it.each(CASES.map((c) => [label(c), c] as const))('%s: each product expected as the file states it', async (_, c) => {
    const scan = path.join(tmp, `${c.file}-${c.location ?? 'default'}.csv`);
    const rows = [...Object.keys(c.products).map((sku) => [sku, 1] as [string, number]), ...(c.counted?.scans ?? [])];
    writeFileSync(scan, ['code,qty', ...rows.map(([v, q]) => `"${v}",${q}`)].join('\n'));
    const results = await reconcileFiles({
      catalogue: path.join(dir, c.file),
      scans: [{ file: scan, scanColumn: 'code', quantityColumn: 'qty' }],
      filter: null,
      mode: 'standard',
      catalogueOptions: { ...(c.location ? { location: c.location } : {}), log: () => {} },
    });
    const lines = RESULT_CATEGORIES.filter((cat) => cat !== 'notFound').flatMap((cat) => results.categories[cat]);
    const expected = Object.fromEntries(lines.map((l) => [l.sku, l.expectedQuantity]));
    expect(expected).toEqual(Object.fromEntries(Object.entries(c.products).map(([sku, p]) => [sku, p.currentQuantity])));
    expect(results.counts.notFound).toBe(0);
    for (const [sku, units] of Object.entries(c.counted?.units ?? {})) {
      expect(lines.find((l) => l.sku === sku)?.scannedQuantity, sku).toBe(units);
    }
  });

  it("takes the dialog's choices: the header row's line and the first row's stock of an item", async () => {
    const titled = path.join(tmp, 'titled-catalogue.csv');
    writeFileSync(titled, 'Stock list of 27 November,Main Street shop\r\nSKU,Name,Qty\r\nMUG-1,Clay Mug,6\r\nMUG-2,Slate Mug,4\r\n');
    const scan = path.join(tmp, 'choices-scan.csv');
    writeFileSync(scan, 'code,qty\nMUG-1,1\nCordless Drill,1\n');
    const expected = async (catalogue: string, catalogueOptions: Record<string, unknown>) => {
      const results = await reconcileFiles({
        catalogue,
        scans: [{ file: scan, scanColumn: 'code', quantityColumn: 'qty' }],
        filter: null,
        mode: 'standard',
        catalogueOptions: { ...catalogueOptions, log: () => {} },
      });
      return Object.fromEntries(RESULT_CATEGORIES.filter((cat) => cat !== 'notFound').flatMap((cat) => results.categories[cat]).map((l) => [l.sku, l.expectedQuantity]));
    };
    expect(await expected(titled, { headerLine: 2 })).toEqual({ 'MUG-1': 6, 'MUG-2': 4 });
    const inflow = path.join(dir, 'inflow-stock-levels.csv');
    expect(await expected(inflow, {})).toEqual({ 'Cordless Drill': 3, 'Wood Screws 100pk': 46 });
    expect(await expected(inflow, { repeatedRows: 'first' })).toEqual({ 'Cordless Drill': 1, 'Wood Screws 100pk': 40 });
  });

  it('reads a scanner dump whose second column is the symbology: each line one scan, 18 in all', async () => {
    const results = await reconcileFiles({
      catalogue: path.join(dir, 'odoo-stock-quant.csv'),
      scans: [{ file: path.join(dir, 'scanner-dump-symbology.txt'), scanColumn: null, quantityColumn: null }],
      filter: null,
      mode: 'standard',
      catalogueOptions: { log: () => {} },
    });
    expect(results.summary.totalScanned).toBe(18);
    const counted = Object.fromEntries(RESULT_CATEGORIES.flatMap((cat) => results.categories[cat]).map((l) => [l.sku, l.scannedQuantity]));
    expect(counted).toEqual({ FURN_0001: 3, FURN_0002: 9, FURN_0003: 6 });
  });
});
