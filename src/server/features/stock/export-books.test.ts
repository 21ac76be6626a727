/**
 * Back to the books (DESIGN.md section 13) on both databases: the format of the catalogue's
 * layout is remembered at import and preselected; each format's file, imported again through our
 * own importer (preview, then import with the proposed mapping, into an empty organisation),
 * is recognised as its layout and gives the same quantities as the audit's final counts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import type { BooksFormat, BooksOptions } from '../../../contracts/stock.js';
import { DATABASE_KINDS } from '../../test-support/databases.js';
import { createTestApp, signedInMember, type TestApp, type TestClient } from '../../test-support/test-app.js';
import { processedAudit } from '../audits/test-support/fixture-audits.js';

// A Square catalogue export (one location, Main): the layout remembered for the organisation.
const SQUARE_CATALOGUE = [
  'Token,Item Name,Variation Name,SKU,Current Quantity Main',
  'TK1,Apples,Regular,A-1,5',
  'TK2,Bananas,Regular,B-1,3',
  'TK3,Cherries,Regular,C-1,2',
  'TK4,Dates,Regular,D-1,4',
].join('\n');
const SCANS = ['Code,Count', 'A-1,5', 'B-1,1', 'C-1,4', 'NOPE,2'].join('\n');
const FINAL = { 'A-1': 5, 'B-1': 1, 'C-1': 4, 'D-1': 0 };

/** Each format, the layout our importer must recognise in its file (null: none, the headers alone), and its header row. */
const FORMATS: Array<[BooksFormat, string | null, string]> = [
  [
    'shopify',
    'Shopify inventory export',
    'Handle,Title,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Option3 Name,Option3 Value,SKU,HS Code,COO,Location,Bin name,Incoming (not editable),Unavailable (not editable),Committed (not editable),Available (not editable),On hand (current),On hand (new)',
  ],
  ['woocommerce', 'WooCommerce stock update', 'ID,Type,SKU,Name,In stock?,Stock'],
  ['square', 'Square catalogue export', 'Token,Item Name,Variation Name,SKU,Current Quantity Main,New Quantity Main'],
  ['odoo', 'Odoo physical inventory import', 'Location,Product,Counted Quantity'],
  ['csv', null, 'SKU,Quantity'],
];

async function importThroughPreview(c: TestClient, content: string, fileName: string): Promise<{ layout: string | null }> {
  const preview = await c.upload('/api/products/preview', [{ field: 'file', content, fileName }], { flow: 'import' });
  expect(preview.statusCode, preview.body).toBe(200);
  const { layout, suggestedMapping } = preview.json() as { layout: string | null; suggestedMapping: Record<string, string> };
  const imported = await c.upload('/api/products/import', [{ field: 'file', content, fileName }], { columnMapping: JSON.stringify(suggestedMapping) });
  expect(imported.statusCode, imported.body).toBe(200);
  return { layout: layout ?? null };
}

async function stockOf(c: TestClient): Promise<Record<string, number>> {
  const list = (await c.get('/api/products?limit=100')).json().products as Array<{ sku: string; currentQuantity: number }>;
  return Object.fromEntries(list.map((p) => [p.sku, p.currentQuantity]));
}

describe.each(DATABASE_KINDS)('counts back to the books on %s', (kind) => {
  let t: TestApp;
  let owner: TestClient;
  let organizationId: string;
  let auditId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = t.client();
    organizationId = (await owner.signUp()).organizationId;
    expect((await importThroughPreview(owner, SQUARE_CATALOGUE, 'catalog.csv')).layout).toBe('Square catalogue export');
    auditId = await processedAudit(owner, 'Year-end', [{ content: SCANS, fileName: 'count.csv' }]);
  });
  afterAll(async () => t?.close());

  it('preselects the format of the layout recognised at import', async () => {
    const options: BooksOptions = (await owner.get(`/api/audits/${auditId}/export-books/options`)).json();
    expect(options).toEqual({ format: 'square', layout: 'Square catalogue export', zeroSheetDefault: true });
  });

  it.each(FORMATS)('%s: the file imports again as %s with the final counts', async (format, layout, headerRow) => {
    const res = await owner.get(`/api/audits/${auditId}/export-books?format=${format}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Year-end-[a-z-]+\.csv"/);
    expect(res.body.split('\r\n')[0]).toBe(headerRow);
    const rows = Papa.parse<Record<string, string>>(res.body.trim(), { header: true }).data;
    expect(rows).toHaveLength(4);

    const other = t.client();
    await other.signUp();
    expect((await importThroughPreview(other, res.body, `back-${format}.csv`)).layout).toBe(layout);
    expect(await stockOf(other)).toEqual(FINAL);
  });

  it('writes what each vendor needs beside the count', async () => {
    const shopify = Papa.parse<Record<string, string>>((await owner.get(`/api/audits/${auditId}/export-books?format=shopify`)).body.trim(), { header: true }).data;
    // On hand (current) is the stock when counted: Shopify skips a row whose stock moved since.
    expect(shopify.map((r) => [r.Handle, r.SKU, r.Location, r['On hand (current)'], r['On hand (new)']])).toEqual([
      ['apples', 'A-1', 'Shop location', '5', '5'],
      ['bananas', 'B-1', 'Shop location', '3', '1'],
      ['cherries', 'C-1', 'Shop location', '2', '4'],
      ['dates', 'D-1', 'Shop location', '4', '0'],
    ]);
    const square = Papa.parse<Record<string, string>>((await owner.get(`/api/audits/${auditId}/export-books?format=square&location=Richmond`)).body.trim(), { header: true }).data;
    expect(square.map((r) => [r.Token, r.SKU, r['New Quantity Richmond']])).toEqual([
      ['TK1', 'A-1', '5'],
      ['TK2', 'B-1', '1'],
      ['TK3', 'C-1', '4'],
      ['TK4', 'D-1', '0'],
    ]);
    const woo = Papa.parse<Record<string, string>>((await owner.get(`/api/audits/${auditId}/export-books?format=woocommerce`)).body.trim(), { header: true }).data;
    expect(woo.map((r) => [r.SKU, r['In stock?'], r.Stock])).toEqual([
      ['A-1', '1', '5'],
      ['B-1', '1', '1'],
      ['C-1', '1', '4'],
      ['D-1', '0', '0'],
    ]);
    // Without the zero sheet, never-counted products are left out (their stock stays as it is).
    const counted = (await owner.get(`/api/audits/${auditId}/export-books?format=csv&zeroSheet=false`)).body;
    expect(counted).toBe('SKU,Quantity\r\nA-1,5\r\nB-1,1\r\nC-1,4\r\n');
  });

  it('viewers may download; another organisation gets 404; a draft has nothing to export', async () => {
    const viewer = await signedInMember(t, organizationId, 'viewer');
    expect((await viewer.get(`/api/audits/${auditId}/export-books?format=csv`)).statusCode).toBe(200);
    expect((await viewer.get(`/api/audits/${auditId}/export-books/options`)).statusCode).toBe(200);
    const stranger = t.client();
    await stranger.signUp();
    expect((await stranger.get(`/api/audits/${auditId}/export-books?format=csv`)).statusCode).toBe(404);
    expect((await stranger.get(`/api/audits/${auditId}/export-books/options`)).statusCode).toBe(404);
    expect((await owner.get(`/api/audits/${auditId}/export-books?format=xml`)).statusCode).toBe(400);
    const draft = (await owner.post('/api/audits', { name: 'Draft' })).json().id as string;
    const early = await owner.get(`/api/audits/${draft}/export-books?format=csv`);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe('AUDIT_NOT_COMPLETE');
  });
});
