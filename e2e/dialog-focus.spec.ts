/**
 * Closing a dialog with Escape gives the focus back to the button that opened it (issue 13,
 * point 11): Export (results page), New Audit (audit list) and Import Products (products).
 * Each is opened from the keyboard (Enter), closed with Escape, and the opener must have the focus.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Audit } from '../src/contracts/audits';
import { callApi } from './support/api';
import { signUp } from './support/app';

const CATALOGUE = ['SKU,Name,Cost,Qty', 'A-1,Apple crate,2.50,10', 'B-2,Birch plank,4.00,5'].join('\n');
const SCANS = ['Code,Count', 'A-1,7', 'B-2,5'].join('\n');

async function escapeReturnsFocus(page: Page, opener: Locator, dialogName: string | RegExp): Promise<void> {
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

test('Escape on Export, New Audit and Import Products returns the focus to the opener', async ({ page }) => {
  await signUp(page);
  const imported = await callApi(page, 'POST', '/api/products/import', {
    multipart: {
      fields: { columnMapping: JSON.stringify({ SKU: 'sku', Name: 'name', Cost: 'costPrice', Qty: 'currentQuantity' }) },
      files: { file: ['catalogue.csv', CATALOGUE] },
    },
  });
  expect(imported.status, JSON.stringify(imported.body)).toBe(200);
  const created = await callApi<Audit>(page, 'POST', '/api/audits', { name: 'Focus count' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id;
  const uploaded = await callApi(page, 'POST', `/api/audits/${id}/upload-multiple`, {
    multipart: { fields: { scanColumn_0: 'Code', quantityColumn_0: 'Count' }, files: { scanFiles: ['shelf.csv', SCANS] } },
  });
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBeLessThan(300);
  await expect.poll(async () => (await callApi<Audit>(page, 'GET', `/api/audits/${id}`)).body.status, { timeout: 30_000 }).toBe('complete');

  await page.goto(`/audits/${id}`);
  await escapeReturnsFocus(page, page.getByRole('button', { name: 'Export Results' }), 'Export Results');

  await page.goto('/audits');
  await escapeReturnsFocus(page, page.getByRole('button', { name: 'New Audit', exact: true }), /.+/);

  await page.goto('/products');
  await escapeReturnsFocus(page, page.getByRole('button', { name: 'Import Products' }).first(), /Import/);
});
