/**
 * Unknown barcodes (DESIGN.md section 13) in Chromium: a finished audit with a code nobody
 * recognised (ZZZ) -> the Unknown Barcodes page from the sidebar -> the product form offered
 * pre-filled with the code -> ZZZ mapped to B-2 (a double click) -> the audit recomputed from its
 * kept scan file: B-2 moves from the zero sheet to Below, nothing is left not found, and the
 * page and the audit say so. With SCREENSHOTS_DIR set, the screens are saved at 1280 and 375 px.
 *
 * The small audit (support/small-audit.ts): A-1 10 counted 7, B-2 5 never counted, C-3 2
 * counted 6, D-4 3 counted 1, E-5 4 counted 4, ZZZ 1 unknown.
 */
import { expect, test } from '@playwright/test';
import type { EnhancedResults } from '../src/contracts/results';
import { callApi } from './support/api';
import { axeViolations, shoot } from './support/screens';
import { completedAudit, setUp } from './support/small-audit';

test.use({ bypassCSP: true });

test('an unknown barcode mapped to a product from the Unknown Barcodes page; the audit is recomputed', async ({ page }) => {
  await setUp(page);
  const id = await completedAudit(page, { url: '/api/audits', body: { name: 'Shelf 4 spot check' } });

  await page.goto('/');
  await page.getByRole('link', { name: 'Unknown Barcodes' }).first().click();
  await expect(page).toHaveURL(/\/unknown-barcodes$/);
  await expect(page.getByRole('heading', { name: 'Unknown Barcodes' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Unknown barcodes' });
  const row = table.getByRole('row', { name: /ZZZ/ });
  await expect(row).toContainText('Shelf 4 spot check');
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'unknown-barcodes');

  // Create Product opens the product form with the code filled in (closed again here).
  await row.getByRole('button', { name: 'Create Product: ZZZ' }).click();
  const form = page.getByRole('dialog', { name: 'Add Product' });
  await expect(form.getByLabel('SKU *')).toHaveValue('ZZZ');
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'unknown-barcodes-create-product');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toBeHidden();

  await row.getByRole('button', { name: 'Map to Product: ZZZ' }).click();
  const dialog = page.getByRole('dialog', { name: 'Map to Product' });
  await dialog.getByLabel('Find product').fill('Birch');
  await dialog.getByRole('radio', { name: /B-2/ }).check();
  await expect(dialog.getByLabel('Units per read')).toHaveValue('1');
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'unknown-barcodes-map');
  await dialog.getByRole('button', { name: 'Map and Recompute' }).dblclick();
  await expect(dialog).toBeHidden();

  const status = page.getByRole('region', { name: 'Recompute status' });
  await expect(status).toContainText(/Shelf 4 spot check: Recomputed /, { timeout: 30_000 });
  await expect(page.getByText('No unknown barcodes: every value your audits scanned matched a product.')).toBeVisible();
  await shoot(page, 'unknown-barcodes-recomputed');

  const results = (await callApi<EnhancedResults>(page, 'GET', `/api/audits/${id}/results-enhanced?limit=100`)).body;
  expect(results.counts).toMatchObject({ notFound: 0, zeroSheetItems: 0 });
  expect(results.categories.quantityBelow.map((i) => [i.sku, i.scannedQuantity, i.expectedQuantity])).toContainEqual(['B-2', 1, 5]);
  const identifiers = (await callApi<{ products: Array<{ sku: string; alternateIdentifiers: unknown[] }> }>(page, 'GET', '/api/products?limit=100')).body.products.find((p) => p.sku === 'B-2')?.alternateIdentifiers;
  expect(identifiers).toEqual([{ value: 'ZZZ', kind: 'alias', units: 1 }]);

  await status.getByRole('link', { name: 'Shelf 4 spot check' }).click();
  await expect(page.getByText(/Recomputed .+ after an unknown barcode was mapped to a product\./)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'audit-recomputed');
});
