/**
 * Real exports through the Import Products dialog in Chromium, with the mapping the app proposes
 * and no hand edits: Shopify's full product export (image-only rows skipped and listed, two rows
 * without SKU known by their Handle and option values) and Odoo's exports (technical names and
 * labels). The files are third-party: they are read from REALWORLD_DIR (default
 * ../shared/realworld beside the repository) and the tests are skipped with a notice without it.
 *
 * With REALWORLD_SCREENSHOTS=<dir>, screenshots of the mapping step (with its reasons), the
 * summary with the skipped rows, the multi-location question and the scan file card's header switch are
 * saved at 1280 and 375 px.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { goTo, signUp } from './support/app';
import { openCycleCountWizard } from './support/flows';
import { repoRoot } from './support/paths';

const DIR = process.env.REALWORLD_DIR ?? path.resolve(repoRoot, '../shared/realworld');
const PRESENT = existsSync(path.join(DIR, 'catalogues'));
const SHOTS = process.env.REALWORLD_SCREENSHOTS;
if (!PRESENT) console.warn(`NOTICE: real-world e2e skipped: no folder ${DIR} (set REALWORLD_DIR).`);

const catalogue = (file: string) => path.join(DIR, 'catalogues', file);

async function openImport(page: Page, file: string) {
  await goTo(page, 'Products');
  await page.getByRole('button', { name: 'Import Products' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Import Products' });
  await dialog.getByLabel('Product file').setInputFiles(catalogue(file));
  // The machine may be busy: a real export takes a moment to upload and read.
  await expect(dialog.getByText('Map columns')).toBeVisible({ timeout: 60_000 });
  return dialog;
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}-${page.viewportSize()!.width}.png`), fullPage: false });
}

test.describe('real-world catalogues through the Import Products dialog', () => {
  test.skip(!PRESENT, `no real-world folder at ${DIR}`);
  test.setTimeout(300_000);

  test("imports Shopify's product export as proposed, skipping and listing the rows without identifier", async ({ page }) => {
    await signUp(page);
    const dialog = await openImport(page, 'shopify-products_export-aislerunner.csv');
    await expect(dialog.getByText('Shopify product export', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Variant Inventory Qty -> Current Stock (Shopify product export)')).toBeVisible();
    await expect(dialog.getByLabel('Variant SKU', { exact: true })).toHaveText('SKU *');
    await expect(dialog.getByLabel('Variant Inventory Qty', { exact: true })).toHaveText('Current Stock');

    await dialog.getByRole('button', { name: 'Import 867 rows' }).click();
    // The image-only rows are skipped and listed; the two variants without SKU are known by their
    // Handle and option values.
    await expect(dialog.getByText('Import Successful', { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(dialog.getByText('Successfully imported 230 products.')).toBeVisible();
    await expect(dialog.getByTestId('keyed-by')).toContainText('2 rows without SKU are known by its handle and option values');
    await expect(dialog.getByTestId('skipped-lines')).toContainText('rows without SKU, barcode or other identifier');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByText(/You're using 230 of/)).toBeVisible();
  });

  for (const [file, rows] of [
    ['odoo-product.template-technical.csv', 33],
    ['odoo14-product.template-labels.csv', 32],
  ] as const) {
    test(`imports Odoo's ${file} as proposed`, async ({ page }) => {
      await signUp(page);
      const dialog = await openImport(page, file);
      const sku = file.includes('technical') ? 'default_code' : 'Internal Reference';
      await expect(dialog.getByLabel(sku, { exact: true })).toHaveText('SKU *');
      await expect(dialog.getByText(`${sku} -> SKU (Odoo export`)).toBeVisible();
      if (file.includes('labels')) {
        await expect(dialog.getByLabel('Strichcode', { exact: true })).toHaveText('UPC');
        await expect(dialog.getByLabel('Product Type', { exact: true })).toHaveText('Do not import');
      } else {
        await expect(dialog.getByLabel('standard_price', { exact: true })).toHaveText('Cost Price');
        await expect(dialog.getByLabel('list_price', { exact: true })).toHaveText('Selling Price');
      }
      await dialog.getByRole('button', { name: `Import ${rows} rows` }).click();
      await expect(dialog.getByText(`Successfully imported ${rows} products.`)).toBeVisible();
      await dialog.getByRole('button', { name: 'Done' }).click();
      await page.getByPlaceholder(/search/i).first().fill('M1000');
      await expect(page.getByText('Rahmen beschichtet').filter({ visible: true }).first()).toBeVisible();
    });
  }

  for (const width of [1280, 375]) {
    test(`screenshots at ${width} px: mapping reasons, skipped rows, location choice, scan header switch`, async ({ page }) => {
      test.skip(!SHOTS, 'REALWORLD_SCREENSHOTS not set');
      await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
      await signUp(page);
      let dialog = await openImport(page, 'shopify-products_export-aislerunner.csv');
      await shot(page, 'mapping-reasons');
      await dialog.getByRole('button', { name: 'Import 867 rows' }).click();
      await expect(dialog.getByText('Import Successful', { exact: true })).toBeVisible({ timeout: 60_000 });
      await shot(page, 'skipped-rows-done');
      await dialog.getByRole('button', { name: 'Done' }).click();

      dialog = await openImport(page, 'square-catalog-excerpt.csv');
      await expect(dialog.getByRole('combobox', { name: 'Which location is this count for, or all of them summed?' })).toHaveText('TVM McHenry');
      await shot(page, 'location-choice');
      await page.keyboard.press('Escape');

      const wizard = await openCycleCountWizard(page);
      await wizard.getByLabel('Audit Name').fill('Header switch');
      await wizard.getByRole('button', { name: 'Next' }).click();
      const gtin = path.join(DIR, 'scans', 'prijs-gtin_forms.csv');
      await wizard.getByLabel('Scan files', { exact: true }).setInputFiles(gtin);
      const card = wizard.getByRole('region', { name: 'prijs-gtin_forms.csv' });
      const header = card.getByLabel(/First row is a header/);
      await expect(header).toBeChecked({ timeout: 60_000 });
      await header.scrollIntoViewIfNeeded();
      await shot(page, 'scan-header-detected');
      await header.click();
      await expect(card.getByRole('combobox', { name: 'Scan value column' })).toHaveText('Column 1', { timeout: 60_000 });
      await expect(header).not.toBeChecked();
      await shot(page, 'scan-header-off');
      await page.keyboard.press('Escape');
    });
  }
});
