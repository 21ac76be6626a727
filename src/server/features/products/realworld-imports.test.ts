/**
 * Every real-world export of `shared/realworld/` (test-support/realworld.ts) through the web
 * dialog's calls: the preview proposes a mapping, the import takes it unchanged, and every scan
 * file reconciles with each unit accounted for. The expected figures were counted by hand from
 * the files (rows, rows without SKU and name, rows with a name but no SKU, units per scan file,
 * codes present in the catalogue), not taken from this code's answers.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../test-support/databases.js';
import { realworldDir } from '../../test-support/realworld.js';
import { clearProducts } from '../../test-support/clear-products.js';
import { createTestApp, type TestApp, type TestClient } from '../../test-support/test-app.js';

interface CatalogueCase {
  file: string;
  layout: string | null;
  mapping: Record<string, string>;
  totalRows: number;
  imported: number;
  skipped: number;
  /** Lines of the rows refused. */
  rejectedLines: number[];
  /** Lines of the rows without SKU keyed by another identifier (barcode, id, Handle + options), by source. */
  keyedLines?: Record<string, number[]>;
  warnings: number;
  /** SKU -> fields the imported product must have. */
  spot: Record<string, Record<string, unknown>>;
}

const SHOPIFY_FULL = {
  Title: 'name',
  Vendor: 'manufacturer',
  Type: 'category',
  Tags: 'tags',
  'Variant SKU': 'sku',
  'Variant Inventory Qty': 'currentQuantity',
  'Variant Price': 'price',
  'Variant Barcode': 'upc',
  'Cost per item': 'costPrice',
};

export const CATALOGUES: CatalogueCase[] = [
  {
    file: 'shopify-product_template.csv',
    layout: 'Shopify product export',
    mapping: SHOPIFY_FULL,
    totalRows: 17,
    imported: 16,
    skipped: 1, // the image-only row
    rejectedLines: [],
    warnings: 16, // every Variant Barcode is in scientific notation
    spot: {
      SRT_COT_122: { name: 'Example T-Shirt', upc: null, price: '25.00', currentQuantity: 0 },
      HAT_GRY_275: { name: 'Example Beanie', costPrice: '8.50', currentQuantity: 50 },
    },
  },
  {
    file: 'shopify-products_export-aislerunner.csv',
    layout: 'Shopify product export',
    mapping: SHOPIFY_FULL,
    totalRows: 867,
    imported: 230,
    skipped: 637, // image-only rows: a Handle, no SKU, no option value
    rejectedLines: [],
    // SILVER NOMAD and CHIC LEATHER BRACELET carry no SKU: known by Handle + option values
    keyedLines: { 'handle and options': [2, 481] },
    warnings: 0,
    spot: {},
  },
  {
    file: 'shopify-products_export-prijs.csv',
    layout: 'Shopify product export',
    mapping: { Title: 'name', Vendor: 'manufacturer', 'Variant SKU': 'sku', 'Variant Inventory Qty': 'currentQuantity', 'Variant Barcode': 'upc' },
    totalRows: 814,
    imported: 814,
    skipped: 0,
    rejectedLines: [],
    // 'Maak een afspraak', a service without SKU or barcode, is known by its Handle (no option columns)
    keyedLines: { 'handle and options': [761] },
    warnings: 0,
    spot: { A1554244: { upc: '8720602828605', name: 'Transportwagen - 500kg Draagvermogen - Grijs', manufacturer: 'Prijsgarantie.nl' } },
  },
  {
    file: 'woocommerce-sample_products.csv',
    layout: 'WooCommerce product export',
    mapping: { SKU: 'sku', Name: 'name', Description: 'description', Stock: 'currentQuantity', 'Regular price': 'price', Categories: 'category', Tags: 'tags' },
    totalRows: 24,
    imported: 24,
    skipped: 0,
    rejectedLines: [],
    warnings: 0,
    spot: { 'cc-belt': { price: '65.00', category: 'Clothing > Accessories' } },
  },
  {
    file: 'amazon-inventory-report-it.txt',
    layout: 'Amazon inventory report',
    mapping: { sku: 'sku', asin: 'otherIdentifier', price: 'price', quantity: 'currentQuantity' },
    totalRows: 4880,
    imported: 4880,
    skipped: 0,
    rejectedLines: [],
    warnings: 0,
    spot: { '227233': { price: '0.95', currentQuantity: 20 } },
  },
  {
    file: 'odoo-product.template-technical.csv',
    layout: 'Odoo export (technical names)',
    mapping: { name: 'name', default_code: 'sku', barcode: 'upc', standard_price: 'costPrice', list_price: 'price' },
    totalRows: 33,
    imported: 33,
    skipped: 0,
    rejectedLines: [],
    warnings: 0,
    spot: { M1000: { name: 'Rahmen beschichtet', upc: '201203201123', costPrice: '85.25', price: null } },
  },
  {
    file: 'odoo14-product.template-labels.csv',
    layout: 'Odoo export (labels)',
    mapping: { Name: 'name', 'Internal Reference': 'sku', Cost: 'costPrice', Verkaufspreis: 'price', Strichcode: 'upc' },
    totalRows: 32,
    imported: 32,
    skipped: 0,
    rejectedLines: [],
    warnings: 0,
    spot: { M1001: { name: 'Rahmen unbeschichtet', upc: '201203201124', costPrice: '68.76', category: null } },
  },
  {
    file: 'magento2-configurable_products.csv',
    layout: 'Magento product export',
    mapping: { sku: 'sku', categories: 'category', name: 'name', description: 'description', price: 'price', qty: 'currentQuantity' },
    totalRows: 1994,
    imported: 1994,
    skipped: 0,
    rejectedLines: [],
    warnings: 0,
    spot: { 'MH01-XS-Black': { name: 'Chaz Kangeroo Hoodie-XS-Black' } },
  },
  {
    file: 'square-catalog-excerpt.csv',
    layout: 'Square catalogue export',
    mapping: {
      Token: 'otherIdentifier',
      'Item Name': 'name',
      SKU: 'sku',
      Description: 'description',
      Categories: 'category',
      GTIN: 'upc',
      Price: 'price',
      'Default Unit Cost': 'costPrice',
      'Default Vendor Name': 'distributor',
      'Current Quantity TVM McHenry': 'currentQuantity',
    },
    totalRows: 9,
    imported: 9,
    skipped: 0,
    rejectedLines: [],
    // eight items without SKU are known by their Token (the row of line 6 has a description spanning lines 6-31)
    keyedLines: { 'system id': [2, 3, 4, 6, 32, 33, 34, 35] },
    warnings: 0,
    spot: {
      '66AC35C23EFD2_1': { price: '31.50' },
      UQ5LACMDX7R4CZNNID4JNXO6: { currentQuantity: 1996, price: '37.23' }, // no SKU: its Token is the SKU
      PC53AJVTM35W5XRJHAES4BMU: { costPrice: '10.95', currentQuantity: 100 },
    },
  },
  {
    file: 'snipeit-consumables-sample.csv',
    layout: null,
    mapping: {
      Name: 'name',
      Category: 'category',
      Supplier: 'distributor',
      Manufacturer: 'manufacturer',
      QTY: 'currentQuantity',
      Location: 'location',
      'Model Number': 'otherIdentifier',
      'Item Number': 'sku',
      'Purchase Cost': 'costPrice',
    },
    totalRows: 3,
    imported: 3,
    skipped: 0,
    rejectedLines: [],
    warnings: 0,
    spot: { '6381392801995066': { name: 'Dragline', currentQuantity: 50, costPrice: '35.20' } },
  },
  {
    file: 'erp-item-list.xlsx',
    layout: null,
    mapping: { Item_ID: 'sku', Category: 'category', Item_Desc: 'name', Selling_price: 'price', Cost_price: 'costPrice' },
    totalRows: 7910,
    imported: 7910,
    skipped: 0,
    rejectedLines: [],
    warnings: 0,
    spot: { BEA10A11: { costPrice: '0.508', price: '8.00' }, ANC04B12: { costPrice: '0.28', price: '1.50' } },
  },
];

interface ScanCase {
  file: string;
  headerRow: boolean;
  scanColumn: string;
  quantityColumn: string | null;
  totalScanned: number;
  matchedScanned: number;
}

/** Scan files against the catalogues of prijs, Amazon and Odoo 14 imported into one organisation. */
export const SCANS: ScanCase[] = [
  { file: 'amazon-sku-quantity-it.csv', headerRow: true, scanColumn: 'sku', quantityColumn: 'quantity', totalScanned: 98823, matchedScanned: 98823 },
  // Odoo's count lines name the product only: every unit is listed as not found, none lost
  // (names are no identifiers: docs/decisions/0048).
  { file: 'odoo14-stock.inventory.line.csv', headerRow: true, scanColumn: 'Produkt', quantityColumn: 'Gezählte Menge', totalScanned: 519, matchedScanned: 0 },
  // LCSC reel labels: no catalogue here is that distributor's; one line per scan, 91 lines (0048).
  { file: 'keyboard-wedge-dump.txt', headerRow: false, scanColumn: 'Column 1', quantityColumn: null, totalScanned: 91, matchedScanned: 0 },
  { file: 'prijs-coletor_export.txt', headerRow: false, scanColumn: 'Column 1', quantityColumn: 'Column 2', totalScanned: 12, matchedScanned: 12 },
  // 6 EANs destroyed by Excel (8,7206E+12): 9 of 24 units cannot match.
  { file: 'prijs-excel_nl_general_damaged.csv', headerRow: true, scanColumn: 'EAN', quantityColumn: 'Aantal', totalScanned: 24, matchedScanned: 15 },
  { file: 'prijs-excel_unicode_text.txt', headerRow: true, scanColumn: 'EAN', quantityColumn: 'Aantal', totalScanned: 24, matchedScanned: 24 },
  // a case code (GTIN-14 indicator 1) and a bad check digit do not match, and 8720161046786 is
  // the barcode of two products of the catalogue (CPS492 and CPS7983): ambiguous
  { file: 'prijs-gtin_forms.csv', headerRow: true, scanColumn: 'scan', quantityColumn: 'qty', totalScanned: 10, matchedScanned: 7 },
  { file: 'prijs-headerless_sku_list.txt', headerRow: false, scanColumn: 'Column 1', quantityColumn: null, totalScanned: 5, matchedScanned: 5 },
  { file: 'prijs-numeric_barcodes.xlsx', headerRow: true, scanColumn: 'Barcode', quantityColumn: 'Aantal', totalScanned: 14, matchedScanned: 14 },
  // 4006381333931 is not in the catalogue; 6291895077299 is the barcode of two of its products
  { file: 'prijs-opticon_SCANNED.TXT', headerRow: false, scanColumn: 'Column 1', quantityColumn: null, totalScanned: 17, matchedScanned: 15 },
];

const dir = realworldDir();

describe.skipIf(dir === null).each(DATABASE_KINDS)('real-world files on %s', (kind) => {
  let t: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    t = await createTestApp(kind, { NEW_ORGANIZATION_TIER: 'pro' });
    client = t.client();
    await client.signUp();
  });

  afterAll(async () => t?.close());

  async function importProposed(client: TestClient, file: string, onProblems?: string) {
    const filePath = path.join(dir!, 'catalogues', file);
    const preview = await client.upload('/api/products/preview', [{ field: 'file', path: filePath }], { flow: 'import' });
    expect(preview.statusCode, preview.body).toBe(200);
    const mapping = preview.json().suggestedMapping as Record<string, string>;
    const fields: Record<string, string> = { columnMapping: JSON.stringify(mapping) };
    if (onProblems) fields.onProblems = onProblems;
    return { preview: preview.json(), res: await client.upload('/api/products/import', [{ field: 'file', path: filePath }], fields) };
  }

  async function product(client: TestClient, sku: string) {
    const res = await client.get(`/api/products?search=${encodeURIComponent(sku)}&limit=50`);
    return (res.json().products as { sku: string }[]).find((p) => p.sku === sku);
  }

  it.each(CATALOGUES)('imports $file with the proposed mapping', async (c) => {
    await clearProducts(client);
    const { preview, res } = await importProposed(client, c.file);
    expect(preview.layout).toBe(c.layout);
    expect(preview.suggestedMapping).toEqual(c.mapping);
    for (const header of Object.keys(c.mapping)) {
      const proposal = preview.columnProposals.find((p: { header: string }) => p.header === header);
      expect(proposal.reason, header).toContain(`${header.trim()} -> `);
    }
    if (c.rejectedLines.length > 0) {
      // Real problems: by default nothing is imported and the answer says what could be.
      expect(res.statusCode).toBe(400);
      const details = res.json().details;
      expect(details.errors.map((e: { line: number }) => e.line)).toEqual(c.rejectedLines);
      expect(details.importable).toBe(c.imported);
      expect((await client.get('/api/products?limit=1')).json().total).toBe(0);
      const partial = await importProposed(client, c.file, 'importValid');
      expect(partial.res.statusCode, partial.res.body).toBe(200);
      const body = partial.res.json();
      expect(body.rejected).toBe(c.rejectedLines.length);
      expect(body.errors.map((e: { line: number }) => e.line)).toEqual(c.rejectedLines);
      expect(body.rejectedCsv.split('\n')[0]).toMatch(/^Line,Problem,/);
      checkCounts(body, c);
    } else {
      expect(res.statusCode, res.body).toBe(200);
      checkCounts(res.json(), c);
    }
    expect((await client.get('/api/products?limit=1')).json().total).toBe(c.imported);
    for (const [sku, want] of Object.entries(c.spot)) expect(await product(client, sku), sku).toMatchObject(want);
  });

  function checkCounts(body: Record<string, unknown>, c: CatalogueCase) {
    expect(body.totalRows).toBe(c.totalRows);
    const keyed = (body.keyedBy as { source: string; firstLines: number[] }[] | undefined) ?? [];
    expect(Object.fromEntries(keyed.map((k) => [k.source, k.firstLines]))).toEqual(c.keyedLines ?? {});
    expect(body.imported).toBe(c.imported);
    const skipped = ((body.skipped as { count: number }[] | undefined) ?? []).reduce((n, s) => n + s.count, 0);
    expect(skipped).toBe(c.skipped);
    expect(body.warningCount ?? 0).toBe(c.warnings);
  }

  it('reconciles every scan file with every unit accounted for', async () => {
    await clearProducts(client);
    for (const file of ['shopify-products_export-prijs.csv', 'amazon-inventory-report-it.txt', 'odoo14-product.template-labels.csv']) {
      const { res } = await importProposed(client, file, 'importValid');
      expect(res.statusCode, res.body).toBe(200);
    }
    for (const s of SCANS) {
      const filePath = path.join(dir!, 'scans', s.file);
      const preview = await client.upload('/api/products/preview', [{ field: 'file', path: filePath }], { flow: 'scan' });
      expect(preview.statusCode, preview.body).toBe(200);
      const { headerRow, suggestedMapping } = preview.json();
      expect(headerRow, s.file).toBe(s.headerRow);
      const byField = Object.fromEntries(Object.entries(suggestedMapping as Record<string, string>).map(([h, f]) => [f, h]));
      expect([byField.scanValue, byField.quantity ?? null], s.file).toEqual([s.scanColumn, s.quantityColumn]);

      const audit = await client.post('/api/audits/stub', { name: s.file, type: 'cycle-count', status: 'draft' });
      const fields: Record<string, string> = { scanColumn_0: s.scanColumn, teamName_0: 'Team 1', hasHeader_0: s.headerRow ? 'yes' : 'no' };
      if (s.quantityColumn) fields.quantityColumn_0 = s.quantityColumn;
      const done = await client.upload(`/api/audits/${audit.json().id}/upload-multiple`, [{ field: 'scanFiles', path: filePath }], fields);
      expect(done.statusCode, done.body).toBe(200);
      const results = (await client.get(`/api/audits/${audit.json().id}/results-enhanced?all=true`)).json();
      expect([results.summary.totalScanned, results.summary.matchedScanned], s.file).toEqual([s.totalScanned, s.matchedScanned]);
    }
  }, 300_000); // 5,700 products and ten audits: minutes on a busy machine
});
