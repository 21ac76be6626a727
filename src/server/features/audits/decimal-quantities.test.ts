/**
 * Measured goods end to end (DESIGN.md section 2, section 5 rule 4): a catalogue with fractional
 * stock, a scan file with decimal quantities, the stored results, both exports, tag analytics,
 * the product form and a quantity upload, on both databases.
 */
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PagedResults } from '../../../contracts/results.js';
import { DATABASE_KINDS } from '../../test-support/databases.js';
import { createTestApp, type TestApp, type TestClient } from '../../test-support/test-app.js';

const CATALOGUE = [
  'SKU,Product Name,Stock On Hand,Cost Price,Tags',
  'RICE,Rice (kg),1.50,2.00,bulk',
  'CABLE,Cable (m),843.00000,0.10,bulk',
  'SALT,Salt (kg),0.3,1.00,bulk',
  'BOLT,Bolt,12,0.05,',
].join('\n');
// 0.1 + 0.2 is 0.30000000000000004 in binary floating point: exact sums make SALT correct.
const SCANS = ['SKU,Qty', 'RICE,2.5', 'CABLE,843', 'SALT,0.1', 'SALT,0.2', 'BOLT,11.999', 'MYSTERY,0.250'].join('\n');

describe.each(DATABASE_KINDS)('decimal quantities on %s', (kind) => {
  let t: TestApp;
  let owner: TestClient;
  let auditId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = t.client();
    await owner.signUp();
    const imported = await owner.upload('/api/products/import', [{ field: 'file', content: CATALOGUE, fileName: 'catalogue.csv' }], {
      columnMapping: JSON.stringify({ SKU: 'sku', 'Product Name': 'name', 'Stock On Hand': 'currentQuantity', 'Cost Price': 'costPrice', Tags: 'tags' }),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const created = await owner.post('/api/audits', { name: 'Measured goods', section: 'Bulk' });
    expect(created.statusCode, created.body).toBe(201);
    auditId = created.json().id;
    const processed = await owner.upload(`/api/audits/${auditId}/upload-multiple`, [{ field: 'scanFiles', content: SCANS, fileName: 'scale.csv' }], {
      teamName_0: 'Scale',
      scanColumn_0: 'SKU',
      quantityColumn_0: 'Qty',
    });
    expect(processed.statusCode, processed.body).toBe(200);
  });
  afterAll(async () => t?.close());

  it('imports fractional stock exactly (1.50, 843.00000)', async () => {
    const products = (await owner.get('/api/products?limit=10')).json().products as Array<{ sku: string; currentQuantity: number }>;
    expect(Object.fromEntries(products.map((p) => [p.sku, p.currentQuantity]))).toEqual({ RICE: 1.5, CABLE: 843, SALT: 0.3, BOLT: 12 });
  });

  it('reconciles 2.5 kg counted against 1.5 expected as 1 above, and sums exactly', async () => {
    const results: PagedResults = (await owner.get(`/api/audits/${auditId}/results-enhanced?all=true`)).json();
    const line = (sku: string) => Object.values(results.categories).flat().find((l) => l.sku === sku);
    expect(results.categories.quantityAbove.map((l) => l.sku)).toEqual(['RICE']);
    expect(line('RICE')).toMatchObject({ expectedQuantity: 1.5, scannedQuantity: 2.5, difference: 1, varianceValue: '2.00' });
    expect(results.categories.quantityCorrect.map((l) => l.sku).sort()).toEqual(['CABLE', 'SALT']);
    expect(line('SALT')).toMatchObject({ scannedQuantity: 0.3, difference: 0 });
    expect(line('BOLT')).toMatchObject({ expectedQuantity: 12, scannedQuantity: 11.999, difference: -0.001, varianceValue: '0.00' });
    expect(line('MYSTERY')).toMatchObject({ scannedQuantity: 0.25 });
    expect(results.summary).toMatchObject({ totalScanned: 858.049, matchedScanned: 857.799, varianceUnits: 0.999, varianceValue: '2.00' });
    expect(results.summary.scanFileBreakdown[0]!.totalItems).toBe(858.049);
    const audit = (await owner.get(`/api/audits/${auditId}`)).json();
    expect(audit.itemsScanned).toBe(858.049);
  });

  it('exports the decimals: CSV as written, XLSX as numbers with their places', async () => {
    const csv = await owner.get(`/api/audits/${auditId}/export`);
    const rows = Papa.parse<Record<string, string>>(csv.body.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;
    expect(rows.find((r) => r.SKU === 'RICE')).toMatchObject({ Expected: '1.5', Scanned: '2.5', Difference: '1' });
    expect(rows.find((r) => r.SKU === 'BOLT')).toMatchObject({ Expected: '12', Scanned: '11.999', Difference: '-0.001' });
    const xlsx = await owner.get(`/api/audits/${auditId}/export-xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const below = workbook.getWorksheet('Below')!;
    const header = below.getRow(1).values as string[];
    const cell = (name: string) => below.getRow(2).getCell(header.indexOf(name));
    expect([cell('Expected').value, cell('Difference').value]).toEqual([12, -0.001]);
    expect(cell('Expected').numFmt).toBe('#,##0');
    expect(cell('Difference').numFmt).toBe('+#,##0.0##;-#,##0.0##;0');
    const summary = workbook.getWorksheet('Executive Summary')!;
    const figures = new Map<unknown, ExcelJS.Cell>();
    summary.eachRow((row) => figures.set(row.getCell(1).value, row.getCell(2)));
    expect(figures.get('Total Scanned (units)')!.value).toBe(858.049);
    expect(figures.get('Variance (units)')!.value).toBe(0.999);
  });

  it('sums the decimal differences in tag analytics', async () => {
    const tags = (await owner.get('/api/tag-analytics/summary')).json() as Array<{ tagName: string; totalQuantityVariance: number }>;
    expect(tags.find((r) => r.tagName === 'bulk')?.totalQuantityVariance).toBe(1);
    const detail = (await owner.get('/api/tag-analytics/bulk/details')).json();
    const rice = detail.products.find((p: { sku: string }) => p.sku === 'RICE');
    expect(rice.runningVariance).toBe(1);
  });

  it('saves a decimal stock from the product form and a quantity upload; refuses a 4th place', async () => {
    const products = (await owner.get('/api/products?limit=10')).json().products as Array<{ id: string; sku: string }>;
    const rice = products.find((p) => p.sku === 'RICE')!;
    const saved = await owner.patch(`/api/products/${rice.id}`, { currentQuantity: 2.125 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().currentQuantity).toBe(2.125);
    expect((await owner.patch(`/api/products/${rice.id}`, { currentQuantity: 2.1255 })).statusCode).toBe(400);
    const upload = await owner.upload('/api/products/upload-quantities', [{ field: 'file', content: 'SKU,Quantity\nSALT,0.750\nCABLE,1200.5\n', fileName: 'q.csv' }], {
      columnMapping: JSON.stringify({ SKU: 'sku', Quantity: 'quantity' }),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const after = (await owner.get('/api/products?limit=10')).json().products as Array<{ sku: string; currentQuantity: number }>;
    expect(Object.fromEntries(after.map((p) => [p.sku, p.currentQuantity]))).toMatchObject({ SALT: 0.75, CABLE: 1200.5 });
  });

  it('refuses a comma in a scan quantity, naming the file and line', async () => {
    const created = await owner.post('/api/audits', { name: 'Comma', section: 'Bulk' });
    const res = await owner.upload(`/api/audits/${created.json().id}/upload-multiple`, [{ field: 'scanFiles', content: 'SKU;Qty\nRICE;1\nRICE;2,5\n', fileName: 'de.csv' }], {
      scanColumn_0: 'SKU',
      quantityColumn_0: 'Qty',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^de\.csv line 3: quantity "2,5" has a comma/);
  });
});
