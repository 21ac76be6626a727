/**
 * What handhelds send, through upload, processing, storage, the results API and both exports
 * (DESIGN.md section 5 rule 1): GS1 element strings in their three forms, a logistic label,
 * grouped digits, a serial read twice by two teams, malformed GS1.
 *
 *   catalogue: WINE (UPC 9501101530003, expects 26), CABLE (UPC 012345678905, expects 2)
 *   team-a.csv: (01) bracketed with lot/expiry/serial S1, raw ]d2 serial S2, (02)+(37)12 x2,
 *               0 12345 67890 5 (grouped) x2, (01) with a bad check digit
 *   team-b.csv: Digital Link of serial S1 again (a repeat), ]C1 (00) SSCC alone
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import ExcelJS from 'exceljs';
import type { PagedResults } from '../../../contracts/results.js';
import { DATABASE_KINDS } from '../../test-support/databases.js';
import { createTestApp, type TestApp, type TestClient } from '../../test-support/test-app.js';
import { waitComplete } from './test-support/fixture-audits.js';

const GS = '\u001d';
const CATALOGUE = ['SKU,Name,Qty,UPC', 'WINE,Red wine,26,9501101530003', 'CABLE,Cable (m),2,012345678905'].join('\n');
const TEAM_A = [
  'Code,Count',
  '(01)09501101530003(17)271231(10)AB-123(21)S1,1',
  `]d201095011015300031727123110AB-124${GS}21S2,1`,
  '(02)09501101530003(37)12,2',
  '0 12345 67890 5,2',
  '(01)09501101530004,1',
].join('\n');
const TEAM_B = ['Code,Count', 'https://example.com/01/09501101530003/21/S1?17=271231,1', ']C100095011015300000010,1'].join('\n');

describe.each(DATABASE_KINDS)('GS1 scans on %s', (kind) => {
  let t: TestApp;
  let owner: TestClient;
  let auditId: string;
  let results: PagedResults;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = t.client();
    await owner.signUp();
    const imported = await owner.upload('/api/products/import', [{ field: 'file', content: CATALOGUE, fileName: 'catalogue.csv' }], {
      columnMapping: JSON.stringify({ SKU: 'sku', Name: 'name', Qty: 'currentQuantity', UPC: 'upc' }),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    auditId = (await owner.post('/api/audits', { name: 'GS1 shelves' })).json().id as string;
    const res = await owner.upload(
      `/api/audits/${auditId}/upload-multiple`,
      [
        { field: 'scanFiles', content: TEAM_A, fileName: 'team-a.csv' },
        { field: 'scanFiles', content: TEAM_B, fileName: 'team-b.csv' },
      ],
      { scanColumn_0: 'Code', quantityColumn_0: 'Count', teamName_0: 'A', scanColumn_1: 'Code', quantityColumn_1: 'Count', teamName_1: 'B' },
    );
    expect(res.statusCode, res.body).toBeLessThan(300);
    await waitComplete(owner, auditId);
    results = (await owner.get(`/api/audits/${auditId}/results-enhanced?all=true`)).json();
  });
  afterAll(async () => t?.close());

  it('counts what the strings encode and keeps lot, expiry and serial on the line', () => {
    const wine = results.categories.quantityCorrect.find((l) => l.sku === 'WINE');
    // S1 once, S2, 12 x 2 from the logistic label; the Digital Link read of S1 is a repeat.
    expect(wine).toMatchObject({ scannedQuantity: 26, lot: 'AB-123', expiry: '2027-12-31', serial: 'S1' });
  });

  it('matches grouped digits as their digits', () => {
    expect(results.categories.quantityCorrect.find((l) => l.sku === 'CABLE')).toMatchObject({ scannedQuantity: 2, lot: null, serial: null });
  });

  it('lists the repeated read with where it was and where it was first read', () => {
    expect(results.repeatedReads).toEqual([
      {
        fileName: 'team-b.csv',
        line: 2,
        scanValue: 'https://example.com/01/09501101530003/21/S1?17=271231',
        sku: 'WINE',
        productName: 'Red wine',
        gtin: '09501101530003',
        serial: 'S1',
        firstFileName: 'team-a.csv',
        firstLine: 2,
      },
    ]);
    expect(results.repeatedReadsTotal).toBe(1);
  });

  it('reports malformed GS1 as not found with a gs1: reason', () => {
    expect(results.categories.notFound.map((l) => [l.sku, l.reason])).toEqual([
      ['(01)09501101530004', 'gs1: (01) 09501101530004 has a wrong check digit (4; 3 expected)'],
      [']C100095011015300000010', 'gs1: (00) SSCC alone names a logistic unit, not a product: no (01) or (02)'],
    ]);
  });

  it('exports the details and the repeated read in the CSV', async () => {
    const res = await owner.get(`/api/audits/${auditId}/export`);
    expect(res.statusCode).toBe(200);
    const rows = Papa.parse<Record<string, string>>(res.body.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;
    expect(rows.find((r) => r.SKU === 'WINE')).toMatchObject({ Lot: 'AB-123', Expiry: '2027-12-31', Serial: 'S1' });
    expect(rows.filter((r) => r.Category === 'Repeated Reads')).toEqual([
      expect.objectContaining({ SKU: 'WINE', 'Scan Files': 'team-b.csv line 2', Reason: 'repeated read: first read in team-a.csv line 2', Serial: 'S1' }),
    ]);
  });

  it('exports the details and a Repeated Reads sheet in the XLSX', async () => {
    const res = await owner.get(`/api/audits/${auditId}/export-xlsx`);
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const correct = workbook.getWorksheet('Correct')!;
    const header = (correct.getRow(1).values as unknown[]).slice(1);
    const wine = correct.getRows(2, correct.rowCount - 1)!.find((r) => r.getCell(1).value === 'WINE')!;
    expect(['Lot', 'Expiry', 'Serial'].map((h) => wine.getCell(header.indexOf(h) + 1).value)).toEqual(['AB-123', '2027-12-31', 'S1']);
    const repeats = workbook.getWorksheet('Repeated Reads')!;
    expect((repeats.getRow(2).values as unknown[]).slice(1)).toEqual([
      'team-b.csv',
      2,
      'https://example.com/01/09501101530003/21/S1?17=271231',
      'WINE',
      'Red wine',
      '09501101530003',
      'S1',
      'team-a.csv',
      2,
    ]);
  });

  it('takes the repeated reads with the audit when it is deleted', async () => {
    const del = await owner.delete(`/api/audits/${auditId}`);
    expect(del.statusCode).toBeLessThan(300);
    const left = await t.db.execute(`select count(*)::int as n from audit_repeated_reads` as never);
    expect((left as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
  });
});
