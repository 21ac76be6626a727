/**
 * Rough edges a new user hit: the sign-up form's fields stay in line when one shows an error
 * (a toast over a dialog's buttons is checked in toasts.spec.ts).
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
