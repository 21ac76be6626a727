/**
 * Rough edges a new user hit: the sign-up form's fields stay in line when one shows an error, and
 * a toast never covers the action buttons of the dialog it speaks about (phone width, where both
 * used to sit at the bottom of the screen).
 */
import { expect, test } from '@playwright/test';
import { callApi } from './support/api';
import { signUp } from './support/app';

test('the sign-up form keeps First name and Last name in line when First name shows an error', async ({ page }) => {
  await page.goto('/team-login');
  await page.getByRole('button', { name: 'Create an account' }).click();
  const form = page.getByRole('form', { name: 'Create an account' });
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(form.getByText('First name is required')).toBeVisible();
  const first = await form.getByLabel('First name').boundingBox();
  const last = await form.getByLabel('Last name').boundingBox();
  expect(Math.abs(first!.y - last!.y)).toBeLessThan(1);
  const firstLabel = await form.getByText('First name', { exact: true }).boundingBox();
  const lastLabel = await form.getByText('Last name', { exact: true }).boundingBox();
  expect(Math.abs(firstLabel!.y - lastLabel!.y)).toBeLessThan(1);
});

test('a toast does not cover the dialog buttons on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signUp(page);
  const imported = await callApi(page, 'POST', '/api/products/import', {
    multipart: { fields: { columnMapping: JSON.stringify({ SKU: 'sku', Name: 'name' }) }, files: { file: ['c.csv', 'SKU,Name\nA-1,Apple\nB-2,Birch\n'] } },
  });
  expect(imported.status).toBe(200);
  await page.goto('/products');
  await page.getByRole('checkbox', { name: 'Select all products on this page' }).check();
  await page.getByRole('button', { name: 'Edit 2 Selected' }).click();
  const bulk = page.getByRole('dialog', { name: 'Bulk Edit Products' });
  const update = bulk.getByRole('button', { name: 'Update 2 Products' });
  await update.click();
  const toast = page.getByText('Please select at least one field to update.');
  await expect(toast).toBeVisible();
  const toastBox = (await page.locator('[data-sonner-toast]').first().boundingBox())!;
  // The dialog's action buttons (its footer); the corner X may sit under a toast at the top of a
  // phone screen until the toast is dismissed or times out.
  for (const button of await bulk.getByRole('button').filter({ hasNotText: 'Close' }).all()) {
    const box = await button.boundingBox();
    if (!box) continue;
    const overlaps = box.x < toastBox.x + toastBox.width && toastBox.x < box.x + box.width && box.y < toastBox.y + toastBox.height && toastBox.y < box.y + box.height;
    expect(overlaps, `toast covers "${await button.textContent()}"`).toBe(false);
  }
});

test('bulk edit adds a tag to what each product has', async ({ page }) => {
  await signUp(page);
  const imported = await callApi(page, 'POST', '/api/products/import', {
    multipart: {
      fields: { columnMapping: JSON.stringify({ SKU: 'sku', Name: 'name', Tags: 'tags' }) },
      files: { file: ['c.csv', 'SKU,Name,Tags\nA-1,Apple,"fragile,aisle-3"\nB-2,Birch,\n'] },
    },
  });
  expect(imported.status).toBe(200);
  await page.goto('/products');
  await page.getByRole('checkbox', { name: 'Select all products on this page' }).check();
  await page.getByRole('button', { name: 'Edit 2 Selected' }).click();
  const bulk = page.getByRole('dialog', { name: 'Bulk Edit Products' });
  await bulk.getByLabel('Change Tags').check();
  await bulk.getByLabel('Add to existing tags').check();
  await bulk.getByLabel('Tag to add').fill('seasonal');
  await bulk.getByLabel('Tag to add').press('Enter');
  await bulk.getByRole('button', { name: 'Update 2 Products' }).click();
  await expect(bulk).toBeHidden();
  const { body } = await callApi<{ products: Array<{ sku: string; tags: string[] }> }>(page, 'GET', '/api/products');
  const tags = Object.fromEntries(body.products.map((p) => [p.sku, p.tags]));
  expect(tags).toEqual({ 'A-1': ['fragile', 'aisle-3', 'seasonal'], 'B-2': ['seasonal'] });
});
