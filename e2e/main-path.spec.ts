/**
 * The main user story, in real Chromium against the real server (fresh embedded database):
 * sign up, import the catalogue, run a cycle count with the four scan files of the
 * cycle-count-basic fixture, read the results (badges = expected.json, paging, search) and
 * download both exports. Plus: a bad scan file shows the server's message and leaves no results.
 */
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { expect, test } from '@playwright/test';
import { choose, selectedText, signUp } from './support/app';
import { importCatalogue, openCycleCountWizard } from './support/flows';
import { fixturePath, readFixtureJson, type Expected, type Manifest } from './support/paths';

const CASE = 'cycle-count-basic';
const manifest = readFixtureJson<Manifest>(CASE, 'manifest.json');
const expected = readFixtureJson<Expected>(CASE, 'expected.json');

/** Result tabs as the screen names them, and the same names in the exports. */
const CATEGORY_TITLES: Record<string, string> = {
  quantityCorrect: 'Correct',
  quantityAbove: 'Above',
  quantityBelow: 'Below',
  notFound: 'Not Found',
  scannedNotExpected: 'Not Expected',
  zeroSheetItems: 'Zero Sheet',
};

test('main path: sign up, import the catalogue, run a cycle count, read and export the results', async ({ page }, testInfo) => {
  const notes: string[] = [];
  await signUp(page);
  await importCatalogue(page, CASE, manifest, notes);

  // --- New audit: Run Now -> Cycle Count -> wizard
  const dialog = await openCycleCountWizard(page);
  await dialog.getByLabel('Audit Name').fill('Year-end count');
  await dialog.getByLabel('Section').fill('Main store');
  await dialog.getByRole('button', { name: 'Next' }).click();

  await expect(dialog.getByText('Step 2 of 4')).toBeVisible();
  await dialog.getByLabel('Scan files', { exact: true }).setInputFiles(manifest.scanFiles.map((f) => fixturePath(CASE, f.file)));

  for (const scan of manifest.scanFiles) {
    const card = dialog.getByRole('region', { name: scan.file });
    const scanColumn = card.getByRole('combobox', { name: 'Scan value column' });
    const quantityColumn = card.getByRole('combobox', { name: 'Quantity column' });
    await expect(scanColumn).toBeEnabled(); // the server's preview is in
    await expect(card.getByRole('table')).toBeVisible();

    const suggestedScan = await selectedText(scanColumn);
    if (suggestedScan !== scan.scanColumn) {
      notes.push(`${scan.file}: scan column suggested "${suggestedScan}", set to "${scan.scanColumn}"`);
      await choose(page, scanColumn, scan.scanColumn);
    }
    const wantQuantity = scan.quantityColumn ?? 'None (count occurrences)';
    const suggestedQuantity = await selectedText(quantityColumn);
    if (suggestedQuantity !== wantQuantity) {
      notes.push(`${scan.file}: quantity column suggested "${suggestedQuantity}", set to "${wantQuantity}"`);
      await choose(page, quantityColumn, wantQuantity);
    }
    await expect(scanColumn).toHaveText(scan.scanColumn);
    await expect(quantityColumn).toHaveText(wantQuantity);

    const team = card.getByLabel('Team name');
    await expect(team).toHaveValue(scan.teamName); // 'Team N' by position
    if (scan.scannerId) await card.getByLabel('Scanner ID').fill(scan.scannerId);
    await expect(card.getByText('Ready to process')).toBeVisible();
  }
  await expect(dialog.getByText('All files configured')).toBeVisible();
  await dialog.getByRole('button', { name: 'Next' }).click();

  await expect(dialog.getByText('Step 3 of 4')).toBeVisible();
  for (const scan of manifest.scanFiles) await expect(dialog.getByText(scan.file, { exact: true })).toBeVisible();
  // Record every value the progress bar shows while processing.
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { progressSeen: number[] }).progressSeen = seen;
    new MutationObserver(() => {
      const bar = document.querySelector('[role="progressbar"][aria-label="Processing progress"]');
      const value = Number(bar?.getAttribute('aria-valuenow') ?? NaN);
      if (!Number.isNaN(value) && seen.at(-1) !== value) seen.push(value);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  });
  // Each file went over the wire with its preview: the upload sends the preview's tokens, not the bytes.
  const upload = page.waitForRequest((r) => r.url().includes('/upload-multiple') && r.method() === 'POST');
  await dialog.getByRole('button', { name: 'Start Processing' }).click();
  const uploadBody = (await upload).postDataBuffer()?.toString('utf8') ?? '';
  for (let i = 0; i < manifest.scanFiles.length; i++) expect(uploadBody).toContain(`name="uploadToken_${i}"`);
  expect(uploadBody).not.toContain('filename=');

  await expect(dialog.getByText('Step 4 of 4')).toBeVisible();
  await expect(dialog.getByRole('progressbar', { name: 'Processing progress' })).toBeVisible();
  await expect(page.getByText('Cycle Count Complete')).toBeVisible({ timeout: 60_000 });
  const progress = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
  expect(progress[0], `progress ${progress.join(' ')}`).toBeLessThanOrEqual(30);
  expect(progress.at(-1)).toBe(100);
  expect(progress.some((v) => v >= 30 && v <= 90), `upload progress in ${progress.join(' ')}`).toBe(true);
  expect(progress, 'progress never goes back').toEqual([...progress].sort((x, y) => x - y));

  // --- Results
  await expect(page).toHaveURL(/\/audits\/[^/]+$/, { timeout: 10_000 });
  const auditUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name: 'Year-end count' })).toBeVisible();
  await expect(page.getByText('Complete', { exact: true })).toBeVisible();
  await expect(page.getByText('Cycle Count', { exact: true })).toBeVisible();

  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary).toContainText(expected.totalScanned.toLocaleString('en-US'));
  await expect(summary).toContainText(`${(expected.matchRate * 100).toFixed(1)}%`);
  const performance = page.getByRole('region', { name: 'Scan File Performance' });
  for (const scan of manifest.scanFiles) await expect(performance).toContainText(scan.file);

  for (const [category, title] of Object.entries(CATEGORY_TITLES)) {
    const count = expected.counts[category]!;
    const tab = page.getByRole('tab', { name: new RegExp(`^${title}( [\\d,]+)?$`) });
    await expect(tab, `${title} tab badge`).toHaveAccessibleName(count > 0 ? `${title} ${count.toLocaleString('en-US')}` : title);
  }
  await expect(page.getByRole('tab', { name: /^Cross-File/ })).toHaveCount(0);

  // Paging of the biggest category, on the server.
  const correctCount = expected.counts.quantityCorrect!;
  const pages = Math.ceil(correctCount / 25);
  await page.getByRole('tab', { name: /^Correct/ }).click();
  const panel = page.getByRole('tabpanel', { name: /^Correct/ });
  const rows = panel.getByRole('table').locator('tbody tr');
  await expect(panel.getByText(`Showing 1 to 25 of ${correctCount} results`)).toBeVisible();
  await expect(panel.getByText(`Page 1 of ${pages}`)).toBeVisible();
  await expect(rows).toHaveCount(25);
  const firstRowPage1 = await rows.first().textContent();
  await panel.getByRole('button', { name: 'Next page' }).click();
  await expect(panel.getByText(`Showing 26 to 50 of ${correctCount} results`)).toBeVisible();
  await expect(panel.getByText(`Page 2 of ${pages}`)).toBeVisible();
  await expect(rows.first()).not.toHaveText(firstRowPage1 ?? '');
  await panel.getByRole('button', { name: 'Last page' }).click();
  await expect(panel.getByText(`Showing ${(pages - 1) * 25 + 1} to ${correctCount} of ${correctCount} results`)).toBeVisible();
  await expect(rows).toHaveCount(correctCount - (pages - 1) * 25);
  await choose(page, panel.getByRole('combobox', { name: 'Show rows per page' }), '100');
  await expect(panel.getByText(`Showing 1 to 100 of ${correctCount} results`)).toBeVisible();
  await expect(panel.getByText(`Page 1 of ${Math.ceil(correctCount / 100)}`)).toBeVisible();
  await expect(rows).toHaveCount(100);
  await panel.getByRole('button', { name: 'Next page' }).click();
  await expect(panel.getByText(`Showing 101 to 200 of ${correctCount} results`)).toBeVisible();
  await panel.getByRole('button', { name: 'First page' }).click();
  await expect(panel.getByText(`Showing 1 to 100 of ${correctCount} results`)).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Previous page' })).toBeDisabled();

  // Search goes to the server and narrows the badges.
  const [someSku] = Object.entries(expected.items).find(([, item]) => item.category === 'quantityCorrect')!;
  await page.getByRole('searchbox', { name: 'Search items' }).fill(someSku);
  await expect(rows.filter({ hasText: someSku }).first()).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Correct/ })).not.toHaveAccessibleName(`Correct ${correctCount}`);
  await page.getByRole('searchbox', { name: 'Search items' }).fill('');
  await expect(page.getByRole('tab', { name: /^Correct/ })).toHaveAccessibleName(`Correct ${correctCount}`);

  // --- Exports
  const counts = expected.counts;
  await page.getByRole('button', { name: 'Export Results' }).click();
  const exportDialog = page.getByRole('dialog', { name: 'Export Results' });
  const xlsxDownload = page.waitForEvent('download');
  await exportDialog.getByRole('button', { name: /^Professional XLSX/ }).click();
  await expect(page.getByText('Export Started', { exact: true })).toBeVisible();
  const xlsxPath = path.join(os.tmpdir(), `e2e-${Date.now()}.xlsx`);
  await (await xlsxDownload).saveAs(xlsxPath);
  await expect(exportDialog).toBeHidden();

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(xlsxPath);
  const sheetNames = workbook.worksheets.map((s) => s.name);
  expect(sheetNames).toEqual(['Instructions', 'Executive Summary', ...Object.values(CATEGORY_TITLES)]);
  for (const [category, title] of Object.entries(CATEGORY_TITLES)) {
    expect(workbook.getWorksheet(title)!.actualRowCount, `${title} sheet rows`).toBe(counts[category]! + 1);
  }

  await page.getByRole('button', { name: 'Export Results' }).click();
  const csvDownload = page.waitForEvent('download');
  await exportDialog.getByRole('button', { name: /^Simple CSV/ }).click();
  await expect(page.getByText('CSV Export Started', { exact: true })).toBeVisible();
  const csvPath = path.join(os.tmpdir(), `e2e-${Date.now()}.csv`);
  await (await csvDownload).saveAs(csvPath);
  await expect(exportDialog).toBeHidden();

  const csv = Papa.parse<Record<string, string>>((await readFile(csvPath, 'utf8')).replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: true,
  });
  expect(csv.errors).toEqual([]);
  const perCategory: Record<string, number> = {};
  for (const row of csv.data) perCategory[row.Category!] = (perCategory[row.Category!] ?? 0) + 1;
  for (const [category, title] of Object.entries(CATEGORY_TITLES)) {
    expect(perCategory[title] ?? 0, `CSV rows of ${title}`).toBe(counts[category]);
  }

  // The list shows the finished audit.
  await page.getByRole('link', { name: 'Back to Audits' }).click();
  const row = page.getByRole('row', { name: /Year-end count/ });
  await expect(row.getByText('Complete')).toBeVisible();
  await expect(row).toContainText(expected.totalScanned.toLocaleString('en-US'));
  await row.getByRole('link', { name: /View Details/ }).click();
  await expect(page).toHaveURL(auditUrl);

  if (notes.length > 0) testInfo.annotations.push({ type: 'auto-mapping corrected', description: notes.join('; ') });
});

test('a bad scan file shows the server message and leaves no results', async ({ page }) => {
  await signUp(page);
  const dialog = await openCycleCountWizard(page);
  await dialog.getByLabel('Audit Name').fill('Bad file audit');
  await dialog.getByRole('button', { name: 'Next' }).click();

  // An empty file cannot be previewed: it is marked and does not count as configured.
  await dialog.getByLabel('Scan files', { exact: true }).setInputFiles({ name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.from('') });
  const empty = dialog.getByRole('region', { name: 'empty.csv' });
  await expect(empty.getByRole('alert')).toContainText('Failed to preview empty.csv:');
  await expect(dialog.getByText('1 file(s) need configuration')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Next' })).toBeDisabled();
  await empty.getByRole('button', { name: 'Remove empty.csv' }).click();

  const bad = 'Barcode,Qty\r\nAB-97921,2\r\nsku9290-XL,abc\r\n';
  await dialog.getByLabel('Scan files', { exact: true }).setInputFiles({ name: 'bad-scans.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
  const card = dialog.getByRole('region', { name: 'bad-scans.csv' });
  const scanColumn = card.getByRole('combobox', { name: 'Scan value column' });
  await expect(scanColumn).toBeEnabled();
  if ((await selectedText(scanColumn)) !== 'Barcode') await choose(page, scanColumn, 'Barcode');
  const quantityColumn = card.getByRole('combobox', { name: 'Quantity column' });
  if ((await selectedText(quantityColumn)) !== 'Qty') await choose(page, quantityColumn, 'Qty');
  await expect(card.getByLabel('Team name')).toHaveValue('Team 1');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Start Processing' }).click();

  // The server names the file and the line; the wizard is back on Review & Start.
  const message = /bad-scans\.csv line 3: .*abc/;
  await expect(dialog.getByText('Step 3 of 4')).toBeVisible();
  await expect(dialog.getByRole('alert')).toContainText(message);
  await expect(page.getByText('Error', { exact: true })).toBeVisible();

  const audits = await (await page.request.get('/api/audits')).json();
  expect(audits).toHaveLength(1);
  expect(audits[0]).toMatchObject({ name: 'Bad file audit', itemsScanned: null });
  expect(audits[0].status).not.toBe('complete');
  const results = await page.request.get(`/api/audits/${audits[0].id}/results-enhanced`);
  expect(results.ok()).toBe(false);

  // A second start reuses the same draft audit instead of creating another.
  await dialog.getByRole('button', { name: 'Start Processing' }).click();
  await expect(dialog.getByRole('alert')).toContainText(message);
  expect(await (await page.request.get('/api/audits')).json()).toHaveLength(1);

  // The wizard holds a mapped file: closing it asks first (Leave keeps the draft, drops the files).
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('alertdialog', { name: 'Leave this audit?' }).getByRole('button', { name: 'Leave' }).click();
  const row = page.getByRole('row', { name: /Bad file audit/ });
  await expect(row.getByText('Draft')).toBeVisible();
  await expect(row.getByRole('link', { name: /View Details/ })).toHaveCount(0);

  // Its page offers the resume flow from the files step; an unknown id is not found.
  await row.getByRole('link', { name: /^Resume/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bad file audit' })).toBeVisible();
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Complete this cycle count' })).toBeVisible();
  await expect(page.getByText('Step 2 of 4')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export Results' })).toHaveCount(0);
  await page.goto('/audits/no-such-audit');
  await expect(
    page.getByText("Audit not found. The audit you're looking for doesn't exist or you don't have access to it."),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Back to Audits' }).click();
  await expect(page).toHaveURL(/\/audits$/);
});
