/**
 * Closing the count (DESIGN.md section 13) in Chromium: a finished cycle count applied to stock
 * (one product changed since the count is a conflict, set anyway; the zero sheet set to 0), the
 * product's stock and history changed, then the application reversed in one action. With
 * SCREENSHOTS_DIR set, every new screen is saved there at 1280 and 375 px.
 *
 * The small audit (support/small-audit.ts): A-1 10 counted 7, B-2 5 never counted, C-3 2 counted
 * 6, D-4 3 counted 1, E-5 4 counted 4.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { Product } from '../src/contracts/products';
import { callApi } from './support/api';
import { axeViolations, shoot } from './support/page-checks';
import { completedAudit, setUp } from './support/small-audit';

// axe is injected into the page for the scans.
test.use({ bypassCSP: true });

async function stock(page: Page): Promise<Record<string, number>> {
  const { body } = await callApi<{ products: Product[] }>(page, 'GET', '/api/products?limit=100');
  return Object.fromEntries(body.products.map((p) => [p.sku, p.currentQuantity]));
}

test('a count applied to stock with a conflict and the zero sheet, shown in the history, then reversed', async ({ page }) => {
  await setUp(page);
  const id = await completedAudit(page, { url: '/api/audits', body: { name: 'Shelf 4 year-end' } });
  const products = (await callApi<{ products: Product[] }>(page, 'GET', '/api/products?limit=100')).body.products;
  const d4 = products.find((p) => p.sku === 'D-4')!;
  // D-4 received since the count: 3 -> 5.
  expect((await callApi(page, 'PATCH', `/api/products/${d4.id}`, { currentQuantity: 5 })).status).toBe(200);

  await page.goto(`/audits/${id}`);
  const section = page.getByRole('region', { name: /Stock/ });
  await expect(section).toContainText('Not applied');
  await expect(section).toContainText('4 counted products; applying would change the stock of 3 (and 1 never counted, with the zero sheet).');
  await shoot(page, 'audit-stock-not-applied');

  await section.getByRole('button', { name: 'Apply to Stock' }).click();
  const dialog = page.getByRole('dialog', { name: 'Apply Counts to Stock' });
  await expect(dialog.getByLabel('Set the 1 never-counted products (zero sheet) to 0')).toBeChecked();
  await expect(dialog).toContainText('1 product changed since the count');
  await expect(dialog).toContainText('Counted against 3, now 5; would set 1');
  const apply = dialog.getByRole('button', { name: 'Apply to Stock' });
  await expect(apply).toBeDisabled();
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'apply-dialog-conflict');
  await dialog.getByRole('group', { name: 'Decision for D-4' }).getByLabel('Set 1').check();
  await expect(apply).toBeEnabled();
  await apply.dblclick();
  await expect(dialog).toBeHidden();
  await expect(section).toContainText('Applied');
  await expect(section).toContainText(/Applied to stock by .+: 4 products changed, 1 counted unchanged, zero sheet set to 0\./);
  expect(await stock(page)).toEqual({ 'A-1': 7, 'B-2': 0, 'C-3': 6, 'D-4': 1, 'E-5': 4 });
  await shoot(page, 'audit-stock-applied');

  // The product's history, from the products list.
  await page.goto('/products');
  await page.getByRole('button', { name: 'Actions for C-3' }).first().click();
  await page.getByRole('menuitem', { name: 'Stock history' }).click();
  await expect(page.getByRole('heading', { name: 'Stock history: C-3' })).toBeVisible();
  const rows = page.getByRole('table', { name: 'Stock adjustments' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Count applied');
  await expect(rows.first()).toContainText('+4');
  await expect(rows.first()).toContainText('Shelf 4 year-end');
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'product-history');

  await page.goto(`/audits/${id}`);
  await section.getByRole('button', { name: 'Reverse Application' }).click();
  const reverse = page.getByRole('dialog', { name: 'Reverse Application' });
  await expect(reverse).toContainText('Puts back the stock this audit');
  await shoot(page, 'reverse-dialog');
  await reverse.getByRole('button', { name: 'Reverse Application' }).click();
  await expect(reverse).toBeHidden();
  await expect(section).toContainText('Not applied');
  await expect(section).toContainText(/The last application was reversed by .+/);
  expect(await stock(page)).toEqual({ 'A-1': 10, 'B-2': 5, 'C-3': 2, 'D-4': 5, 'E-5': 4 });

  await page.goto(`/products/${products.find((p) => p.sku === 'C-3')!.id}/history`);
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Application reversed');
  await expect(rows.first()).toContainText('-4');

  // Back to the books: the counts as Shopify's inventory CSV, downloaded and read.
  await page.goto(`/audits/${id}`);
  await page.getByRole('button', { name: 'Export Results' }).click();
  const exportDialog = page.getByRole('dialog', { name: 'Export Results' });
  const books = exportDialog.getByRole('region', { name: 'Back to the books' });
  // The catalogue was no known system's export: the plain CSV is preselected.
  await expect(books.getByRole('combobox', { name: 'Import format' })).toHaveText('CSV');
  await expect(books.getByLabel('Include never-counted products as 0 (zero sheet)')).toBeChecked();
  await books.getByRole('combobox', { name: 'Import format' }).click();
  await page.getByRole('option', { name: 'Shopify' }).click();
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'export-books');
  const [download] = await Promise.all([page.waitForEvent('download'), books.getByRole('button', { name: 'Export counts for Shopify' }).click()]);
  expect(download.suggestedFilename()).toBe('Shelf-4-year-end-shopify-inventory.csv');
  const text = readFileSync((await download.path())!, 'utf8');
  const lines = text.trim().split('\r\n');
  expect(lines[0]!.split(',').slice(-2)).toEqual(['On hand (current)', 'On hand (new)']);
  // SKU, On hand (current) = stock when counted, On hand (new) = the count (B-2 never counted: 0).
  expect(lines.slice(1).map((l) => l.split(',')).map((c) => [c[8], c[17], c[18]])).toEqual([
    ['A-1', '10', '7'],
    ['B-2', '5', '0'],
    ['C-3', '2', '6'],
    ['D-4', '3', '1'],
    ['E-5', '4', '4'],
  ]);
});

/** A fresh organisation's fixture audit named `name`, its page open at the Recount Lines dialog. */
async function recountLinesDialog(page: Page, name: string) {
  await setUp(page);
  const id = await completedAudit(page, { url: '/api/audits', body: { name } });
  await page.goto(`/audits/${id}`);
  await page.getByRole('button', { name: 'Recount Lines' }).click();
  return page.getByRole('dialog', { name: 'Recount Lines' });
}

test('the Below lines recounted with a second scan file: the first audit shows the final figures, which are applied', async ({ page }) => {
  const dialog = await recountLinesDialog(page, 'Shelf 4 spring');
  // A-1 is 3 short and B-2 (never counted) 5: both recounted; D-4 (2 short) is not.
  await dialog.getByLabel('Smallest difference (units, either way)').fill('3');
  // Assigned as a task to the one who counts it.
  await dialog.getByLabel('Assign To').click();
  await page.getByRole('option', { name: 'Myself' }).click();
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'recount-lines-dialog');
  await dialog.getByRole('button', { name: 'Create Recount' }).click();
  await expect(page.getByRole('heading', { name: 'Shelf 4 spring (recount)' })).toBeVisible();
  await expect(page.getByText('Recount of 2 products.')).toBeVisible();
  await expect(page.getByText('Recount of 2 products: only these count')).toBeVisible();
  await shoot(page, 'recount-resume');
  const recountId = page.url().split('/').pop()!;
  const tasks = (await callApi<Array<{ auditId: string; title: string }>>(page, 'GET', '/api/audit-tasks')).body;
  expect(tasks.filter((task) => task.auditId === recountId).map((task) => task.title)).toEqual(['Shelf 4 spring (recount)']);

  const uploaded = await callApi(page, 'POST', `/api/audits/${recountId}/upload-multiple`, {
    multipart: { fields: { scanColumn_0: 'Code', quantityColumn_0: 'Count' }, files: { scanFiles: ['recount.csv', 'Code,Count\nA-1,9\nB-2,5\n'] } },
  });
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBeLessThan(300);
  await expect.poll(async () => (await callApi<{ status: string }>(page, 'GET', `/api/audits/${recountId}`)).body.status, { timeout: 30_000 }).toBe('complete');

  await page.getByRole('link', { name: 'Open the recounted audit' }).click();
  await page.getByRole('tab', { name: /^Below/ }).click();
  const below = page.getByRole('tabpanel').getByRole('table').locator('tbody tr');
  await expect(below).toHaveCount(2);
  await expect(page.getByRole('tabpanel')).toContainText('Recounted: first count 7, final 9 (Shelf 4 spring (recount))');
  await page.getByRole('tab', { name: /^Correct/ }).click();
  await expect(page.getByRole('tabpanel')).toContainText('Recounted: first count 0, final 5');
  await shoot(page, 'parent-final-figures');

  const section = page.getByRole('region', { name: /Stock/ });
  await section.getByRole('button', { name: 'Apply to Stock' }).click();
  await page.getByRole('dialog', { name: 'Apply Counts to Stock' }).getByRole('button', { name: 'Apply to Stock' }).click();
  await expect(section).toContainText('Applied to stock by');
  expect(await stock(page)).toEqual({ 'A-1': 9, 'B-2': 5, 'C-3': 6, 'D-4': 1, 'E-5': 4 });
});

test('chosen lines recounted: the dialog lists the lines with a difference and recounts the one ticked', async ({ page }) => {
  const dialog = await recountLinesDialog(page, 'Shelf 5 spring');
  await dialog.getByRole('radio', { name: 'Lines I choose' }).check();
  const lines = dialog.getByRole('list', { name: 'Lines to recount' });
  // A-1 (3 short), D-4 (2 short), B-2 (zero sheet), C-3 (over): the lines with a difference.
  await expect(lines.getByRole('checkbox')).toHaveCount(4);
  await lines.getByRole('checkbox', { name: /D-4/ }).check();
  await expect(dialog.getByText('1 chosen')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'recount-chosen-lines-dialog');
  await dialog.getByRole('button', { name: 'Create Recount' }).click();
  await expect(page.getByRole('heading', { name: 'Shelf 5 spring (recount)' })).toBeVisible();
  await expect(page.getByText('Recount of 1 product.')).toBeVisible();
});
