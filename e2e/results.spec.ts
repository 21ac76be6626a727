/**
 * What a manager reads on a finished audit (issue: results a manager can act on): the money the
 * count found (short, over, net shrinkage), sorting any tab, a product audit's scope as a
 * sentence, and each line as a card on a phone with its numbers visible without a sideways scroll.
 *
 * The catalogue and scans are worked out by hand in src/server/features/audits/results-money-sort.test.ts:
 * short 10 units $27.50, over 4 units $5.00, net shrinkage $22.50.
 */
import { expect, test } from '@playwright/test';
import { completedAudit, setUp } from './support/small-audit';
import type { Audit } from '../src/contracts/audits';
import { callApi } from './support/api';
import { choose } from './support/app';

test('a finished count shows what it found in money, and any tab sorts', async ({ page }) => {
  await setUp(page);
  const id = await completedAudit(page, { url: '/api/audits', body: { name: 'Shelf 4' } });
  await page.goto(`/audits/${id}`);

  const money = page.getByRole('region', { name: 'Value of the differences' });
  await expect(money).toContainText('Short$27.5010 units');
  await expect(money).toContainText('Over$5.004 units');
  await expect(money).toContainText('Net Shrinkage$22.50');
  await expect(money).toContainText('1 line has no cost price and is not valued.');
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText('Accuracy');

  await page.getByRole('tab', { name: /^Below/ }).click();
  const panel = page.getByRole('tabpanel');
  const firstSku = () => panel.getByRole('table').locator('tbody tr').first().locator('td').first();
  await expect(firstSku()).toContainText('A-1');
  await choose(page, page.getByRole('combobox', { name: 'Sort by' }), 'Largest surplus first');
  await expect(firstSku()).toContainText('D-4');
  await choose(page, page.getByRole('combobox', { name: 'Sort by' }), 'Largest shortfall first');
  await expect(firstSku()).toContainText('A-1');
  await choose(page, page.getByRole('combobox', { name: 'Sort by' }), 'Product name (Z-A)');
  await expect(firstSku()).toContainText('D-4');
  if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/results-1280.png`, fullPage: true });
});

test('a product audit shows its scope as a sentence', async ({ page }) => {
  await setUp(page);
  const filterExpression = { logic: 'AND', conditions: [{ id: 'c1', field: 'name', operator: 'contains', value: 'a' }] };
  const id = await completedAudit(page, { url: '/api/audits/product-audit', body: { name: 'Names with a', filterExpression } });
  await page.goto(`/audits/${id}`);
  await expect(page.getByText('Scope: Products whose name contains "a"')).toBeVisible();
});

test('on a phone each line is a card with its numbers visible', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await setUp(page);
  const id = await completedAudit(page, { url: '/api/audits', body: { name: 'Phone count' } });
  await page.goto(`/audits/${id}`);
  await page.getByRole('tab', { name: /^Below/ }).click();
  const cards = page.getByRole('list', { name: /Below items/ }).locator(':scope > li');
  await expect(cards).toHaveCount(2);
  const first = cards.first();
  await expect(first).toContainText('A-1');
  await expect(first).toContainText('Apple crate');
  for (const label of ['Expected', 'Scanned', 'Difference']) await expect(first.getByText(label, { exact: true })).toBeInViewport();
  await expect(first).toContainText('-3 (-30.0%)');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/results-phone-375.png`, fullPage: true });
});

test('an audit is renamed in place, and a finished one starts a recount of its scope', async ({ page }) => {
  await setUp(page);
  const filterExpression = { logic: 'AND', conditions: [{ id: 'c1', field: 'sku', operator: 'contains', value: '-' }] };
  const id = await completedAudit(page, { url: '/api/audits/product-audit', body: { name: 'Shelf 4', filterExpression } });
  await page.goto(`/audits/${id}`);
  await page.getByRole('button', { name: 'Rename' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename Audit' });
  await dialog.getByLabel('Audit name').fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Audit name is required');
  await dialog.getByLabel('Audit name').fill('Shelf 4, March');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shelf 4, March' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Value of the differences' })).toContainText('$22.50');

  await page.getByRole('button', { name: 'Recount', exact: true }).click();
  await expect(page).not.toHaveURL(new RegExp(`/audits/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Shelf 4, March (recount)' })).toBeVisible();
  await expect(page.getByText('Scope: Products whose SKU contains "-"')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Complete this product audit' })).toBeVisible();
});

test('a product audit made without a filter asks for one before its scan files', async ({ page }) => {
  await setUp(page);
  const stub = await callApi<Audit>(page, 'POST', '/api/audits/stub', { name: 'Task count', type: 'product-audit' });
  expect(stub.status).toBe(201);
  await page.goto(`/audits/${stub.body.id}`);
  await expect(page.getByText('This product audit has no filter yet: choose which products it counts.')).toBeVisible();
  await choose(page, page.getByRole('combobox', { name: 'Condition 1 field' }), 'SKU');
  await page.getByLabel('Condition 1 value').fill('A-1');
  const next = page.getByRole('button', { name: 'Next' });
  await expect(next).toBeEnabled();
  await next.click();
  await expect(page.getByText('Scope: Products whose SKU is "A-1"')).toBeVisible();
  await expect(page.getByText('This product audit has no filter yet')).toHaveCount(0);
  const stored = await callApi<Audit>(page, 'GET', `/api/audits/${stub.body.id}`);
  expect(stored.body.filterExpression).toMatchObject({ logic: 'AND', conditions: [{ field: 'sku', operator: 'equals', value: 'A-1' }] });
});
