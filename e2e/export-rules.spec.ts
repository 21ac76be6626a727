/**
 * Exports as their systems write them, through the Import Products dialog (DESIGN.md section 6
 * 'What real exports hold'): a Shopify inventory export with one stock column per location asks
 * which location the count is for, or all of them summed; a Shopify product export's rows without
 * any identifier are skipped, listed by line and offered as CSV. With SCREENSHOTS_DIR set, the
 * mapping step and the summary are saved at 1280 and 375 px.
 */
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { callApi } from './support/api';
import { goTo, signUp } from './support/app';
import { fixturesDir } from './support/paths';

const SHOTS = process.env.SCREENSHOTS_DIR;
const exportFile = (file: string) => path.join(fixturesDir, 'exports', file);

async function openImport(page: Page, file: string) {
  await goTo(page, 'Products');
  await page.getByRole('button', { name: 'Import Products' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Import Products' });
  await dialog.getByLabel('Product file').setInputFiles(exportFile(file));
  await expect(dialog.getByText('Map columns')).toBeVisible({ timeout: 60_000 });
  return dialog;
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `export-rules-${name}-${page.viewportSize()!.width}.png`), fullPage: false });
}

/** The stored expected stock of a product (the catalogue as the app's API answers it). */
async function stockOf(page: Page, sku: string): Promise<number | undefined> {
  const res = await callApi<{ products: { sku: string; currentQuantity: number }[] }>(page, 'GET', `/api/products?search=${encodeURIComponent(sku)}`);
  return res.body.products.find((p) => p.sku === sku)?.currentQuantity;
}

for (const width of [1280, 375]) {
  test.describe(`exports through the Import Products dialog at ${width} px`, () => {
    test.setTimeout(180_000);
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
      await signUp(page);
    });

    test('asks which location a multi-location file is for, and sums them all when asked', async ({ page }) => {
      const dialog = await openImport(page, 'shopify-inventory-two-locations.csv');
      const decisions = dialog.getByTestId('import-decisions');
      await expect(decisions).toContainText('The file has one stock column per location (Rangsutra Online, Rangsutra Store).');
      await expect(decisions).toContainText('a row without it takes "Handle" with the option values');
      const question = dialog.getByRole('combobox', { name: 'Which location is this count for, or all of them summed?' });
      await expect(question).toHaveText('Rangsutra Store');
      await question.scrollIntoViewIfNeeded();
      await shot(page, 'location-question');
      await question.click();
      await page.getByRole('option', { name: 'All of them, summed' }).click();
      await expect(question).toHaveText('All of them, summed');
      await expect(decisions).toContainText('The expected stock is read for all locations, summed.');
      await shot(page, 'location-all');
      await dialog.getByRole('button', { name: 'Import 3 rows' }).click();
      await expect(dialog.getByText('Successfully imported 3 products.')).toBeVisible({ timeout: 60_000 });
      await dialog.getByRole('button', { name: 'Done' }).click();
      // 3 + 2, not stocked + 5, 10 + 0: each location's stock summed
      expect(await stockOf(page, 'BPK-M')).toBe(5);
      expect(await stockOf(page, 'BPK-L')).toBe(5);
      expect(await stockOf(page, 'CD-01')).toBe(10);
    });

    test('skips the rows without any identifier, listing their lines with a CSV of them', async ({ page }) => {
      const dialog = await openImport(page, 'shopify-product-export.csv');
      await expect(dialog.getByTestId('import-decisions')).toContainText('a row without it takes the barcode in "Variant Barcode", then "Handle" with the option values');
      await shot(page, 'skipped-mapping');
      await dialog.getByRole('button', { name: 'Import 6 rows' }).click();
      await expect(dialog.getByText('Import Successful', { exact: true })).toBeVisible({ timeout: 60_000 });
      const skipped = dialog.getByTestId('skipped-lines');
      await expect(skipped).toContainText('Line 6');
      await expect(dialog.getByTestId('keyed-by')).toContainText('1 row without SKU is known by its barcode, which became its SKU (line 5).');
      await expect(dialog.getByText('SKU "NAP-01" also appears on line 7: one item, its stock summed', { exact: false })).toBeVisible();
      await skipped.scrollIntoViewIfNeeded();
      await shot(page, 'skipped-done');
      const download = page.waitForEvent('download');
      await dialog.getByRole('button', { name: 'Download skipped rows (CSV)' }).click();
      const csv = readFileSync((await (await download).path())!, 'utf8').replace(/^\uFEFF/, '');
      expect(csv.split(/\r?\n/)[0]).toMatch(/^Line,Reason,Handle,Title,/);
      expect(csv.split(/\r?\n/)[1]).toMatch(/^6,"rows without SKU, barcode or other identifier/);
      await dialog.getByRole('button', { name: 'Done' }).click();
      expect(await stockOf(page, 'NAP-01')).toBe(15);
    });
  });
}
