/**
 * What handhelds send, through the wizard (DESIGN.md section 5 rule 1): a scan file holding GS1
 * element strings in their three forms (bracketed, raw with a symbology identifier and GS
 * separators, Digital Link), a logistic label, grouped digits, decimal quantities, a serial read
 * twice and a malformed string; the results screen shows lot, expiry, serial and the repeated
 * read, and both exports (downloaded and read back) carry them.
 *
 *   WINE (UPC 9501101530003) expects 26.5: S1 + S2 + (02)(37)12 x 2 + (01) x 0.5 = 26.5
 *   CABLE (UPC 012345678905, metres) expects 3.25: `0 12345 67890 5` x 3.25
 *   The Digital Link read of S1 is a repeat (line 7); (01)09501101530004 is not found.
 */
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { expect, test, type Page } from '@playwright/test';
import { callApi } from './support/api';
import { signUp } from './support/app';
import { openCycleCountWizard } from './support/flows';

const GS = '\u001d';
const CATALOGUE = ['SKU,Name,Qty,UPC', 'WINE,Red wine,26.5,9501101530003', 'CABLE,Cable (m),3.25,012345678905'].join('\n');
const SCANS = [
  'Code,Count',
  '(01)09501101530003(17)271231(10)AB-123(21)S1,1',
  `]d201095011015300031727123110AB-124${GS}21S2,1`,
  '(02)09501101530003(37)12,2',
  '0 12345 67890 5,3.25',
  '(01)09501101530003,0.5',
  'https://example.com/01/09501101530003/21/S1?17=271231,1',
  '(01)09501101530004,1',
].join('\n');

async function download(page: Page, button: RegExp, started: string, extension: string): Promise<string> {
  await page.getByRole('button', { name: 'Export Results' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export Results' });
  const pending = page.waitForEvent('download');
  await dialog.getByRole('button', { name: button }).click();
  await expect(page.getByText(started, { exact: true })).toBeVisible();
  const file = path.join(os.tmpdir(), `e2e-gs1-${Date.now()}.${extension}`);
  await (await pending).saveAs(file);
  await expect(dialog).toBeHidden();
  return file;
}

test('GS1 strings in three forms and decimal quantities go through the wizard to the results and both exports', async ({ page }) => {
  await signUp(page);
  const imported = await callApi(page, 'POST', '/api/products/import', {
    multipart: {
      fields: { columnMapping: JSON.stringify({ SKU: 'sku', Name: 'name', Qty: 'currentQuantity', UPC: 'upc' }) },
      files: { file: ['catalogue.csv', CATALOGUE] },
    },
  });
  expect(imported.status, JSON.stringify(imported.body)).toBe(200);

  const dialog = await openCycleCountWizard(page);
  await dialog.getByLabel('Audit Name').fill('Cellar and cable');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('Step 2 of 4')).toBeVisible();
  await dialog.getByLabel('Scan files', { exact: true }).setInputFiles({ name: 'handheld.csv', mimeType: 'text/csv', buffer: Buffer.from(SCANS) });
  const card = dialog.getByRole('region', { name: 'handheld.csv' });
  await expect(card.getByRole('combobox', { name: 'Scan value column' })).toContainText('Code');
  await expect(card.getByRole('combobox', { name: 'Quantity column' })).toContainText('Count');
  await expect(card.getByText('Ready to process')).toBeVisible();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('Step 3 of 4')).toBeVisible();
  await dialog.getByRole('button', { name: 'Start Processing' }).click();
  await expect(page.getByText('Cycle Count Complete')).toBeVisible({ timeout: 90_000 });
  await expect(page).toHaveURL(/\/audits\/[^/]+$/, { timeout: 15_000 });

  // --- Results screen
  await page.getByRole('tab', { name: /^Correct/ }).click();
  const correct = page.getByRole('tabpanel');
  const wine = correct.getByRole('row', { name: /WINE/ });
  await expect(wine).toContainText('Lot AB-123 · Expiry 2027-12-31 · Serial S1');
  await expect(wine).toContainText('26.5');
  await expect(correct.getByRole('row', { name: /CABLE/ })).toContainText('3.25');
  if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/gs1-results-1280.png`, fullPage: true });

  await page.getByRole('tab', { name: /^Not Found/ }).click();
  await expect(page.getByRole('tabpanel')).toContainText('gs1: (01) 09501101530004 has a wrong check digit (4; 3 expected)');

  await page.getByRole('tab', { name: /^Repeated Reads/ }).click();
  const repeats = page.getByRole('tabpanel').getByRole('table', { name: 'Repeated reads' });
  await expect(repeats.locator('tbody tr')).toHaveCount(1);
  await expect(repeats).toContainText('handheld.csv, line 7');
  await expect(repeats).toContainText('handheld.csv, line 2');
  await expect(repeats).toContainText('S1');
  if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/gs1-repeated-reads-1280.png`, fullPage: true });

  // --- Exports, downloaded and read back
  const xlsxPath = await download(page, /^Professional XLSX/, 'Export Started', 'xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(xlsxPath);
  expect(workbook.worksheets.at(-1)!.name).toBe('Repeated Reads');
  const sheet = workbook.getWorksheet('Correct')!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  const wineRow = sheet.getRows(2, sheet.rowCount - 1)!.find((r) => r.getCell(1).value === 'WINE')!;
  expect(['Scanned', 'Lot', 'Expiry', 'Serial'].map((h) => wineRow.getCell(header.indexOf(h) + 1).value)).toEqual([26.5, 'AB-123', '2027-12-31', 'S1']);
  const repeatedSheet = workbook.getWorksheet('Repeated Reads')!;
  expect((repeatedSheet.getRow(2).values as unknown[]).slice(1)).toEqual([
    'handheld.csv',
    7,
    'https://example.com/01/09501101530003/21/S1?17=271231',
    'WINE',
    'Red wine',
    '09501101530003',
    'S1',
    'handheld.csv',
    2,
  ]);

  const csvPath = await download(page, /^Simple CSV/, 'CSV Export Started', 'csv');
  const csv = Papa.parse<Record<string, string>>((await readFile(csvPath, 'utf8')).replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true });
  expect(csv.errors).toEqual([]);
  expect(csv.data.find((r) => r.SKU === 'WINE')).toMatchObject({ Scanned: '26.5', Lot: 'AB-123', Expiry: '2027-12-31', Serial: 'S1' });
  expect(csv.data.find((r) => r.SKU === 'CABLE')).toMatchObject({ Scanned: '3.25' });
  expect(csv.data.filter((r) => r.Category === 'Repeated Reads')).toEqual([
    expect.objectContaining({ SKU: 'WINE', 'Scan Files': 'handheld.csv line 7', Reason: 'repeated read: first read in handheld.csv line 2', Serial: 'S1' }),
  ]);
});

test('on a phone the GS1 details and the repeated reads are cards', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signUp(page);
  const imported = await callApi(page, 'POST', '/api/products/import', {
    multipart: {
      fields: { columnMapping: JSON.stringify({ SKU: 'sku', Name: 'name', Qty: 'currentQuantity', UPC: 'upc' }) },
      files: { file: ['catalogue.csv', ['SKU,Name,Qty,UPC', 'WINE,Red wine,2,9501101530003'].join('\n')] },
    },
  });
  expect(imported.status).toBe(200);
  const created = await callApi<{ id: string }>(page, 'POST', '/api/audits', { name: 'Phone GS1' });
  const scans = ['Code', '(01)09501101530003(10)AB-123(21)S1', `]d20109501101530003${GS}21S2`, 'https://example.com/01/09501101530003/21/S1'].join('\n');
  const uploaded = await callApi(page, 'POST', `/api/audits/${created.body.id}/upload-multiple`, {
    multipart: { fields: { scanColumn_0: 'Code' }, files: { scanFiles: ['phone.csv', scans] } },
  });
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBeLessThan(300);
  await expect.poll(async () => (await callApi<{ status: string }>(page, 'GET', `/api/audits/${created.body.id}`)).body.status, { timeout: 30_000 }).toBe('complete');
  await page.goto(`/audits/${created.body.id}`);
  await page.getByRole('tab', { name: /^Correct/ }).click();
  await expect(page.getByRole('list', { name: /Correct items/ }).locator(':scope > li').first()).toContainText('Lot AB-123 · Serial S1');
  await page.getByRole('tab', { name: /^Repeated Reads/ }).click();
  const cards = page.getByRole('list', { name: 'Repeated reads' }).locator(':scope > li');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('phone.csv, line 4');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/gs1-repeated-reads-375.png`, fullPage: true });
});
