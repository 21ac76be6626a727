/**
 * Misplaced stock (DESIGN.md section 13) on both databases: an audit of one location lists the
 * products it found that belong in another, and proposes 'Move N from A to B' where the latest
 * completed audit of B shows them short; the results call, both exports, and who may read them.
 */
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MisplacedStock } from '../../../contracts/misplaced-stock.js';
import { DATABASE_KINDS } from '../../test-support/databases.js';
import { createTestApp, signedInMember, type TestApp, type TestClient } from '../../test-support/test-app.js';
import { processFiles, processedAudit } from './test-support/fixture-audits.js';

const CATALOGUE = [
  'SKU,Name,Qty,Location',
  'G-1,Glue,2,',
  'H-1,Hammers,10,Aisle 2',
  'N-1,Nails,5,Aisle 1',
  'P-1,Pliers,6,Aisle 2',
  'S-1,Saws,4,aisle 2',
  'W-1,Wrenches,3,Back Room',
].join('\n');

describe.each(DATABASE_KINDS)('misplaced stock on %s', (kind) => {
  let t: TestApp;
  let owner: TestClient;
  let aisle1: string;
  let latestAisle2: string;

  async function locationAudit(name: string, location: string, scans: string[]): Promise<string> {
    const filterExpression = { logic: 'AND', conditions: [{ id: 'c1', field: 'location', operator: 'equals', value: location }] };
    const created = await owner.post('/api/audits/product-audit', { name, filterExpression });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    await processFiles(owner, id, [{ content: ['Code,Count', ...scans].join('\n'), fileName: `${name}.csv` }]);
    return id;
  }

  async function misplaced(client: TestClient, id: string): Promise<MisplacedStock> {
    const res = await client.get(`/api/audits/${id}/misplaced-stock`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = t.client();
    await owner.signUp();
    const res = await owner.upload('/api/products/import', [{ field: 'file', content: CATALOGUE, fileName: 'c.csv' }], {
      columnMapping: JSON.stringify({ SKU: 'sku', Name: 'name', Qty: 'currentQuantity', Location: 'location' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    // An older audit of Aisle 2 found everything; the latest finds Hammers 6 short and no Saws (4 short).
    await locationAudit('Aisle 2 October', 'Aisle 2', ['H-1,10', 'P-1,6', 'S-1,4']);
    latestAisle2 = await locationAudit('Aisle 2 November', 'AISLE 2', ['H-1,4', 'P-1,6']);
    // Aisle 1 finds its Nails, and stock of Aisle 2, the Back Room and of no location.
    aisle1 = await locationAudit('Aisle 1 November', 'Aisle 1', ['N-1,5', 'H-1,3', 'S-1,7', 'P-1,2', 'W-1,1', 'G-1,1']);
  });
  afterAll(async () => t?.close());

  it("proposes 'Move N from A to B' where the latest audit of B shows the product short", async () => {
    const answer = await misplaced(owner, aisle1);
    expect(answer).toMatchObject({ location: 'Aisle 1', moves: 2, unitsToMove: 7 });
    const home = { id: latestAisle2, name: 'Aisle 2 November', completedAt: expect.any(String) };
    expect(answer.items).toEqual([
      { productId: expect.any(String), sku: 'H-1', productName: 'Hammers', foundIn: 'Aisle 1', foundQuantity: 3, belongsIn: 'Aisle 2', homeAudit: home, homeCategory: 'quantityBelow', shortInHome: 6, moveQuantity: 3 },
      { productId: expect.any(String), sku: 'P-1', productName: 'Pliers', foundIn: 'Aisle 1', foundQuantity: 2, belongsIn: 'Aisle 2', homeAudit: home, homeCategory: null, shortInHome: null, moveQuantity: null },
      { productId: expect.any(String), sku: 'S-1', productName: 'Saws', foundIn: 'Aisle 1', foundQuantity: 7, belongsIn: 'aisle 2', homeAudit: home, homeCategory: 'zeroSheetItems', shortInHome: 4, moveQuantity: 4 },
      { productId: expect.any(String), sku: 'W-1', productName: 'Wrenches', foundIn: 'Aisle 1', foundQuantity: 1, belongsIn: 'Back Room', homeAudit: null, homeCategory: null, shortInHome: null, moveQuantity: null },
    ]);
  });

  it('has nothing to propose for an audit not scoped to one location', async () => {
    const cycle = await processedAudit(owner, 'Whole store', [{ content: ['Code,Count', 'H-1,1'].join('\n'), fileName: 'all.csv' }]);
    expect(await misplaced(owner, cycle)).toEqual({ location: null, items: [], moves: 0, unitsToMove: 0 });
  });

  it('writes the misplaced stock into the CSV and the XLSX reports', async () => {
    const csv = await owner.get(`/api/audits/${aisle1}/export`);
    expect(csv.statusCode).toBe(200);
    const rows = Papa.parse<Record<string, string>>(csv.body.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;
    const moved = rows.filter((row) => row.Category === 'Misplaced Stock');
    expect(moved.map((row) => [row.SKU, row.Scanned, row.Location, row.Reason])).toEqual([
      ['H-1', '3', 'Aisle 2', 'found in Aisle 1, belongs in Aisle 2; Move 3 from Aisle 1 to Aisle 2'],
      ['P-1', '2', 'Aisle 2', 'found in Aisle 1, belongs in Aisle 2; Not short in Aisle 2 November'],
      ['S-1', '7', 'aisle 2', 'found in Aisle 1, belongs in aisle 2; Move 4 from Aisle 1 to aisle 2'],
      ['W-1', '1', 'Back Room', 'found in Aisle 1, belongs in Back Room; No completed audit of Back Room'],
    ]);
    // The same products are still Not Expected lines: misplaced stock is a reading of them.
    expect(rows.filter((row) => row.Category === 'Not Expected').map((row) => row.SKU)).toEqual(['G-1', 'H-1', 'P-1', 'S-1', 'W-1']);

    const xlsx = await owner.get(`/api/audits/${aisle1}/export-xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Misplaced Stock');
    expect(sheet, workbook.worksheets.map((w) => w.name).join()).toBeDefined();
    const values = (n: number) => (sheet!.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['SKU', 'Product Name', 'Found In', 'Found', 'Belongs In', 'Home Audit', 'Short There', 'Move Quantity', 'Proposed Move']);
    expect(values(2)).toEqual(['H-1', 'Hammers', 'Aisle 1', 3, 'Aisle 2', 'Aisle 2 November', 6, 3, 'Move 3 from Aisle 1 to Aisle 2']);
    expect(values(5)).toEqual(['W-1', 'Wrenches', 'Aisle 1', 1, 'Back Room', undefined, undefined, undefined, 'No completed audit of Back Room']);
    expect(sheet!.actualRowCount).toBe(5);
  });

  it('leaves the Misplaced Stock part out of an audit that has none', async () => {
    const csv = await owner.get(`/api/audits/${latestAisle2}/export`);
    expect(csv.body).not.toContain('Misplaced Stock');
    const xlsx = await owner.get(`/api/audits/${latestAisle2}/export-xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.getWorksheet('Misplaced Stock')).toBeUndefined();
  });

  it('lets a viewer read it; another organisation gets 404; an unfinished audit 409', async () => {
    const organizationId = (await owner.get('/api/auth/user')).json().organizationId as string;
    const viewer = await signedInMember(t, organizationId, 'viewer');
    expect((await misplaced(viewer, aisle1)).moves).toBe(2);

    const stranger = t.client();
    await stranger.signUp({ organizationName: 'Elsewhere Ltd' });
    expect((await stranger.get(`/api/audits/${aisle1}/misplaced-stock`)).statusCode).toBe(404);
    expect((await t.client().get(`/api/audits/${aisle1}/misplaced-stock`)).statusCode).toBe(401);

    const created = await owner.post('/api/audits/product-audit', { name: 'Aisle 1 again', filterExpression: { logic: 'AND', conditions: [{ id: 'c', field: 'location', operator: 'equals', value: 'Aisle 1' }] } });
    expect(created.statusCode, created.body).toBe(201);
    const draft = created.json().id as string;
    const unfinished = await owner.get(`/api/audits/${draft}/misplaced-stock`);
    expect(unfinished.statusCode).toBe(409);
    expect(unfinished.json()).toMatchObject({ error: 'AUDIT_NOT_COMPLETE' });
  });

  // Last: it changes Aisle 2's figures.
  it("reads B's final figures: a recount of B that finds more Hammers makes the move smaller", async () => {
    const hammers = (await misplaced(owner, aisle1)).items.find((i) => i.sku === 'H-1')!;
    const recount = await owner.post(`/api/audits/${latestAisle2}/recount`, { productIds: [hammers.productId] });
    expect(recount.statusCode, recount.body).toBe(201);
    await processFiles(owner, recount.json().id as string, [{ content: ['Code,Count', 'H-1,8'].join('\n'), fileName: 'recount.csv' }]);
    const after = await misplaced(owner, aisle1);
    expect(after.items.find((i) => i.sku === 'H-1')).toMatchObject({ homeAudit: { id: latestAisle2 }, shortInHome: 2, moveQuantity: 2 });
    expect(after).toMatchObject({ moves: 2, unitsToMove: 6 });
  });
});
