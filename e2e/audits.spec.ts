/**
 * Audits in real Chromium against the real server: a product audit end to end (Define Filters
 * with its live count, four scan files, results against expected.json), the audit list (search,
 * tabs, bulk delete) and the resume flow of a draft audit.
 *
 * SCREENSHOTS_DIR=/some/dir also saves screenshots of the filter step, the list and the resume
 * flow; AUDITS_VIEWPORT_WIDTH=375 runs the same tests at phone width (the list shows cards).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { expect, test, type Page } from '@playwright/test';
import { choose, selectedText, signUp } from './support/app';
import { importCatalogue } from './support/flows';
import { fixturePath, readFixtureJson, type Expected, type Manifest } from './support/paths';

const CASE = 'product-audit-category';
const manifest = readFixtureJson<Manifest & { filterExpression: { logic: string; conditions: { field: string; operator: string; value: string }[] } }>(
  CASE,
  'manifest.json',
);
const expected = readFixtureJson<Expected>(CASE, 'expected.json');
const shotsDir = process.env.SCREENSHOTS_DIR;
const viewportWidth = Number(process.env.AUDITS_VIEWPORT_WIDTH ?? 1280);
test.use({ viewport: { width: viewportWidth, height: 800 } });

const CATEGORY_TITLES: Record<string, string> = {
  quantityCorrect: 'Correct',
  quantityAbove: 'Above',
  quantityBelow: 'Below',
  notFound: 'Not Found',
  scannedNotExpected: 'Not Expected',
  zeroSheetItems: 'Zero Sheet',
};

/** Products of the fixture catalogue whose Category equals the manifest's value (trimmed, any case). */
function expectedFilterCount(): number {
  const condition = manifest.filterExpression.conditions[0]!;
  const text = readFileSync(fixturePath(CASE, manifest.catalogue), 'utf8');
  const rows = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
  const want = condition.value.trim().toLowerCase();
  return rows.filter((r) => (r.Category ?? '').trim().toLowerCase() === want).length;
}

async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  await page.screenshot({ path: path.join(shotsDir, `${name}-${page.viewportSize()?.width ?? 0}.png`), fullPage: true });
}

/** A JSON call with the session's cookies and CSRF token. */
async function apiPost<T>(page: Page, url: string, body: unknown): Promise<T> {
  const csrf = (await (await page.request.get('/api/auth/csrf')).json()) as { token: string };
  const res = await page.request.post(url, { data: body, headers: { 'x-csrf-token': csrf.token } });
  expect(res.ok(), `${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

async function openAudits(page: Page) {
  await page.goto('/audits');
  await expect(page.getByRole('heading', { level: 1, name: 'Audits' })).toBeVisible();
}

test('product audit: filter the catalogue, upload four scan files, read the results', async ({ page }) => {
  const notes: string[] = [];
  await signUp(page);
  await importCatalogue(page, CASE, manifest, notes);
  const filterCount = expectedFilterCount();
  expect(filterCount).toBeGreaterThan(0);

  await openAudits(page);
  await page.getByRole('button', { name: 'New Audit', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /^Run Now/ }).click();
  await dialog.getByRole('button', { name: /^Product Audit/ }).click();
  await expect(dialog.getByText('Step 1 of 5')).toBeVisible();
  await dialog.getByLabel('Audit Name').fill('Pet Care aisle');
  await dialog.getByLabel('Section').fill('Aisle 7');
  await dialog.getByRole('button', { name: 'Next' }).click();

  // Optional mode: standard (the fixture's expected.json is the standard mode's answer).
  await expect(dialog.getByRole('radio', { name: /^Standard/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Next' }).click();

  await expect(dialog.getByText('Step 2 of 5')).toBeVisible();
  const next = dialog.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();
  await expect(dialog.getByRole('combobox', { name: 'Match conditions' })).toHaveCount(0);
  const condition = manifest.filterExpression.conditions[0]!;
  await choose(page, dialog.getByRole('combobox', { name: 'Condition 1 field' }), 'Category');
  expect(await selectedText(dialog.getByRole('combobox', { name: 'Condition 1 operator' }))).toBe('Equals');
  await dialog.getByLabel('Condition 1 value').fill('No such category');
  await expect(dialog.getByText('No products match this filter. Consider adjusting your criteria.')).toBeVisible();
  await expect(next).toBeDisabled();
  await dialog.getByLabel('Condition 1 value').fill(condition.value);
  await expect(dialog.getByText(`Filter matches ${filterCount} products`)).toBeVisible();
  await expect(next).toBeEnabled();

  // A second condition brings the AND/OR choice; a blank value holds the preview back.
  await dialog.getByRole('button', { name: 'Add Condition' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Match conditions' })).toBeVisible();
  await expect(next).toBeDisabled();
  await shot(page, 'filter-step');
  await dialog.getByRole('button', { name: 'Remove condition 2' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Match conditions' })).toHaveCount(0);
  await expect(dialog.getByText(`Filter matches ${filterCount} products`)).toBeVisible();
  await next.click();

  await expect(dialog.getByText('Step 3 of 5')).toBeVisible();
  await dialog.getByLabel('Scan files', { exact: true }).setInputFiles(manifest.scanFiles.map((f) => fixturePath(CASE, f.file)));
  for (const scan of manifest.scanFiles) {
    const card = dialog.getByRole('region', { name: scan.file });
    const scanColumn = card.getByRole('combobox', { name: 'Scan value column' });
    const quantityColumn = card.getByRole('combobox', { name: 'Quantity column' });
    await expect(scanColumn).toBeEnabled();
    if ((await selectedText(scanColumn)) !== scan.scanColumn) await choose(page, scanColumn, scan.scanColumn);
    const wantQuantity = scan.quantityColumn ?? 'None (count occurrences)';
    if ((await selectedText(quantityColumn)) !== wantQuantity) await choose(page, quantityColumn, wantQuantity);
    if (scan.scannerId) await card.getByLabel('Scanner ID').fill(scan.scannerId);
    await expect(card.getByText('Ready to process')).toBeVisible();
  }
  await dialog.getByRole('button', { name: 'Next' }).click();

  await expect(dialog.getByText('Step 4 of 5')).toBeVisible();
  await expect(dialog.getByText(`Products whose category is "${condition.value}"`)).toBeVisible();
  const upload = page.waitForRequest((r) => r.url().includes('/upload-multiple') && r.method() === 'POST');
  await dialog.getByRole('button', { name: 'Start Processing' }).click();
  // The files crossed the wire with their previews: the upload names them by token.
  const uploadBody = (await upload).postDataBuffer()?.toString('utf8') ?? '';
  expect(uploadBody).toContain('name="uploadToken_3"');
  expect(uploadBody).not.toContain('filename=');
  await expect(dialog.getByText('Step 5 of 5')).toBeVisible();
  const toast = page.getByText(/"Pet Care aisle" was processed with 4 scan files against [\d,]+ filtered products/);
  await expect(toast).toBeVisible({ timeout: 60_000 });
  await expect(toast).toContainText(`${filterCount} filtered products`);

  await expect(page).toHaveURL(/\/audits\/[^/]+$/, { timeout: 10_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Pet Care aisle' })).toBeVisible();
  await expect(page.getByText('Product Audit', { exact: true })).toBeVisible();
  for (const [category, title] of Object.entries(CATEGORY_TITLES)) {
    const count = expected.counts[category]!;
    const tab = page.getByRole('tab', { name: new RegExp(`^${title}( [\\d,]+)?$`) });
    await expect(tab, `${title} tab badge`).toHaveAccessibleName(count > 0 ? `${title} ${count.toLocaleString('en-US')}` : title);
  }
  expect(expected.counts.scannedNotExpected).toBe(24);
  if (notes.length) test.info().annotations.push({ type: 'notes', description: notes.join('; ') });
});

test('audit list: search, tabs and bulk delete; a draft resumes into its results', async ({ page }) => {
  await signUp(page);
  const names = ['Aisle 1 count', 'Aisle 2 count', 'Back store count'];
  const ids: string[] = [];
  for (const name of names) ids.push((await apiPost<{ id: string }>(page, '/api/audits', { name })).id);

  await openAudits(page);
  // The table from 768 px up, one card per audit below.
  const rows = viewportWidth >= 768 ? page.getByRole('table').locator('tbody tr') : page.getByRole('list', { name: 'Audits' }).getByRole('listitem');
  await expect(rows).toHaveCount(3);
  await expect(page.getByRole('tab', { name: /^All Audits/ })).toHaveAccessibleName('All Audits 3');
  await expect(page.getByRole('tab', { name: /^Draft/ })).toHaveAccessibleName('Draft 3');
  await expect(page.getByRole('tab', { name: /^Complete/ })).toHaveAccessibleName('Complete 0');
  await expect(rows.first().getByRole('link', { name: /^Resume/ })).toBeVisible();

  // Search (any case) and tabs combine.
  await page.getByLabel('Search audits').fill('AISLE');
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole('tab', { name: /^Draft/ })).toHaveAccessibleName('Draft 2');
  await shot(page, 'audit-list-search');
  await page.getByRole('tab', { name: /^Complete/ }).click();
  await expect(page.getByText('No audits found')).toBeVisible();
  await page.getByRole('tab', { name: /^Draft/ }).click();
  await expect(rows).toHaveCount(2);
  await shot(page, 'audit-list');

  // Delete Selected with nothing selected, then both aisles after the confirmation.
  await page.getByRole('button', { name: /^Delete Selected/ }).click();
  await expect(page.getByText('Please select audits to delete')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select all audits' }).click();
  await page.getByRole('button', { name: 'Delete Selected (2)' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('cannot be undone');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Audits deleted successfully')).toBeVisible();
  await expect(page.getByText('No audits found')).toBeVisible();
  await page.getByLabel('Search audits').fill('');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Back store count');

  // Resume: the draft's page holds the files step (no Back); Complete Audit shows the results.
  await rows.first().getByRole('link', { name: /^Resume/ }).click();
  await expect(page).toHaveURL(new RegExp(`/audits/${ids[2]}$`));
  await expect(page.getByText('Step 2 of 4')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back', exact: true })).toHaveCount(0);
  const scan = manifest.scanFiles.find((f) => f.file === 'team3-handheld.csv')!;
  await page.getByLabel('Scan files', { exact: true }).setInputFiles(fixturePath(CASE, scan.file));
  const card = page.getByRole('region', { name: scan.file });
  await expect(card.getByText('Ready to process')).toBeVisible();
  await shot(page, 'resume-files');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Step 3 of 4')).toBeVisible();
  await page.getByRole('button', { name: 'Complete Audit' }).click();
  await expect(page.getByText('Cycle Count Complete')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('button', { name: 'Export Results' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('tab', { name: /^Not Found/ })).toBeVisible();

  // Back on the list: complete, with View Details; a single delete asks first.
  await openAudits(page);
  await expect(rows.first().getByRole('link', { name: /^View Details/ })).toBeVisible();
  await rows.first().getByRole('button', { name: 'Delete Back store count' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Are you sure you want to delete this audit?');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Audit deleted successfully')).toBeVisible();
  await expect(page.getByText('Start Your First Audit')).toBeVisible();
});
