/**
 * Misplaced stock (DESIGN.md section 13) in Chromium: two location audits, Aisle 2 (Hammers 6
 * short, Saws never counted) then Aisle 1 (which finds Hammers, Saws, Pliers and a Wrench that
 * belong elsewhere); Aisle 1's results show 'found in Aisle 1, belongs in Aisle 2' and the moves
 * 'Move 3 from Aisle 1 to Aisle 2' and 'Move 4 ...', and both exports carry them. With
 * SCREENSHOTS_DIR set, the screens are saved at 1280 and 375 px.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { Audit } from '../src/contracts/audits';
import { callApi } from './support/api';
import { signUp } from './support/app';
import { axeViolations, shoot } from './support/screens';

// axe is injected into the page for the scans.
test.use({ bypassCSP: true });

const CATALOGUE = ['SKU,Name,Qty,Location', 'H-1,Claw hammer,10,Aisle 2', 'N-1,Nails 50 mm,5,Aisle 1', 'P-1,Pliers,6,Aisle 2', 'S-1,Hand saw,4,Aisle 2', 'W-1,Wrench,3,Back Room'].join(
  '\n',
);

/** A product audit of `location`, its scans processed; its id. */
async function locationAudit(page: Page, name: string, location: string, scans: string[]): Promise<string> {
  const filterExpression = { logic: 'AND', conditions: [{ id: 'loc', field: 'location', operator: 'equals', value: location }] };
  const created = await callApi<Audit>(page, 'POST', '/api/audits/product-audit', { name, filterExpression });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id;
  const uploaded = await callApi(page, 'POST', `/api/audits/${id}/upload-multiple`, {
    multipart: { fields: { scanColumn_0: 'Code', quantityColumn_0: 'Count' }, files: { scanFiles: [`${name}.csv`, ['Code,Count', ...scans].join('\n')] } },
  });
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBeLessThan(300);
  await expect.poll(async () => (await callApi<Audit>(page, 'GET', `/api/audits/${id}`)).body.status, { timeout: 30_000 }).toBe('complete');
  return id;
}

test('two location audits: the second proposes moving stock back, on screen and in both exports', async ({ page }) => {
  await signUp(page);
  const imported = await callApi(page, 'POST', '/api/products/import', {
    multipart: { fields: { columnMapping: JSON.stringify({ SKU: 'sku', Name: 'name', Qty: 'currentQuantity', Location: 'location' }) }, files: { file: ['catalogue.csv', CATALOGUE] } },
  });
  expect(imported.status, JSON.stringify(imported.body)).toBe(200);
  await locationAudit(page, 'Aisle 2 November', 'Aisle 2', ['H-1,4', 'P-1,6']);
  const aisle1 = await locationAudit(page, 'Aisle 1 November', 'Aisle 1', ['N-1,5', 'H-1,3', 'S-1,7', 'P-1,2', 'W-1,1']);

  await page.goto(`/audits/${aisle1}`);
  const card = page.getByText('4 products belong elsewhere · 2 proposed moves, 7 units');
  await expect(card).toBeVisible();
  await shoot(page, 'misplaced-stock-card');
  await page.getByRole('button', { name: 'View misplaced stock' }).click();
  await expect(page.getByRole('tab', { name: /Misplaced Stock/ })).toHaveAttribute('aria-selected', 'true');
  const table = page.getByRole('table', { name: 'Misplaced stock' });
  const row = (sku: string) => table.getByRole('row').filter({ hasText: sku });
  await expect(row('H-1')).toContainText('found in Aisle 1, belongs in Aisle 2');
  await expect(row('H-1')).toContainText('Move 3 from Aisle 1 to Aisle 2');
  await expect(row('S-1')).toContainText('Move 4 from Aisle 1 to Aisle 2');
  await expect(row('P-1')).toContainText('Not short in Aisle 2 November');
  await expect(row('W-1')).toContainText('No completed audit of Back Room');
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'misplaced-stock-tab');

  // On a phone the same items are cards.
  await page.setViewportSize({ width: 375, height: 812 });
  const cards = page.getByRole('list', { name: 'Misplaced stock' });
  await expect(cards.getByRole('listitem').filter({ hasText: 'H-1' })).toContainText('Move 3 from Aisle 1 to Aisle 2');
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });

  // The home audit is one click away.
  await row('H-1').getByRole('link', { name: 'Aisle 2 November' }).click();
  await expect(page.getByRole('heading', { name: 'Aisle 2 November' })).toBeVisible();
  await page.goBack();

  await page.getByRole('button', { name: 'Export Results' }).click();
  const exportDialog = page.getByRole('dialog', { name: 'Export Results' });
  const csvDownload = page.waitForEvent('download');
  await exportDialog.getByRole('button', { name: /^Simple CSV/ }).click();
  const csv = (await readFile((await (await csvDownload).path())!, 'utf8')).replace(/^\uFEFF/, '');
  const rows = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data.filter((r) => r.Category === 'Misplaced Stock');
  expect(rows.map((r) => [r.SKU, r.Scanned, r.Reason])).toEqual([
    ['H-1', '3', 'found in Aisle 1, belongs in Aisle 2; Move 3 from Aisle 1 to Aisle 2'],
    ['P-1', '2', 'found in Aisle 1, belongs in Aisle 2; Not short in Aisle 2 November'],
    ['S-1', '7', 'found in Aisle 1, belongs in Aisle 2; Move 4 from Aisle 1 to Aisle 2'],
    ['W-1', '1', 'found in Aisle 1, belongs in Back Room; No completed audit of Back Room'],
  ]);

  await page.getByRole('button', { name: 'Export Results' }).click();
  const xlsxDownload = page.waitForEvent('download');
  await exportDialog.getByRole('button', { name: /^Professional XLSX/ }).click();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await (await xlsxDownload).path())!);
  const sheet = workbook.getWorksheet('Misplaced Stock')!;
  expect(sheet).toBeDefined();
  const header = sheet.getRow(1).values as string[];
  const moves = [2, 3, 4, 5].map((n) => sheet.getRow(n).getCell(header.indexOf('Proposed Move')).value);
  expect(moves).toEqual(['Move 3 from Aisle 1 to Aisle 2', 'Not short in Aisle 2 November', 'Move 4 from Aisle 1 to Aisle 2', 'No completed audit of Back Room']);
});
