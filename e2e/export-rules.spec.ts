/**
 * Exports as their systems write them, through the Import Products dialog (DESIGN.md section 6
 * 'What real exports hold'): a Shopify inventory export with one stock column per location asks
 * which location the count is for, or all of them summed; a Shopify product export's rows without
 * any identifier are skipped, listed by line and offered as CSV. Every decision the preview states
 * can be changed (the header row, the stock column, rows of one product) and the server reads the
 * file again under it. The quantity upload reads a stock list the same way and lists the rows it
 * skipped, and offers the same choices (header row, rows of one product). Either dialog sends its
 * file once: later previews and the import name the token of the file the server kept (the request
 * bodies are watched). With SCREENSHOTS_DIR set, the mapping step and the summary are saved at 1280
 * and 375 px.
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

/** A count sheet whose title line has two label cells: the reader takes it for the header. */
const TITLED = {
  name: 'count-sheet.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from('Stock list of 27 November,Main Street shop\r\nSKU,Name,Qty\r\nMUG-1,Clay Mug,6\r\nMUG-2,Slate Mug,4\r\n'),
};

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `export-rules-${name}-${page.viewportSize()!.width}.png`), fullPage: false });
}

/** A file call as sent: its path, whether its form held the file or an upload token. */
interface FileCall {
  path: string;
  withFile: boolean;
  withToken: boolean;
}

/**
 * Records the bodies of the page's preview, import and quantity-upload requests, in the order
 * they are sent: whether each form held a file or an upload token (the browser's network events
 * do not show a form's file part, so the body is read as the page sends it). Call before the page
 * loads; `fileCalls(page)` answers them.
 */
async function watchFileCalls(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const calls: { path: string; withFile: boolean; withToken: boolean }[] = [];
    (window as unknown as { fileCalls: typeof calls }).fileCalls = calls;
    const open = XMLHttpRequest.prototype.open;
    const send = XMLHttpRequest.prototype.send;
    const urls = new WeakMap<XMLHttpRequest, string>();
    XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, method: string, url: string | URL, ...rest: unknown[]) {
      urls.set(this, String(url));
      return (open as (...a: unknown[]) => void).call(this, method, url, ...rest);
    } as typeof XMLHttpRequest.prototype.open;
    XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
      const path = new URL(urls.get(this) ?? '', location.href).pathname;
      if (body instanceof FormData && /^\/api\/products\/(preview|import|upload-quantities)$/.test(path)) {
        calls.push({ path, withFile: [...body.values()].some((v) => v instanceof File), withToken: body.has('uploadToken') });
      }
      return send.call(this, body);
    };
  });
}

const fileCalls = (page: Page) => page.evaluate(() => (window as unknown as { fileCalls: FileCall[] }).fileCalls);

/**
 * The file went up once, with the first preview: every call from the first choice on named the
 * kept file's token and held no file, `choices` previews of them, then the final `last` call.
 */
async function expectSentOnce(page: Page, last: string, choices: number) {
  const calls = await fileCalls(page);
  const all = JSON.stringify(calls);
  const firstToken = calls.findIndex((c) => c.withToken);
  expect(firstToken, all).toBe(1);
  expect(calls[0], all).toEqual({ path: '/api/products/preview', withFile: true, withToken: false });
  const later = calls.slice(firstToken);
  for (const call of later) expect(call, all).toMatchObject({ withFile: false, withToken: true });
  expect(later.filter((c) => c.path === '/api/products/preview').length, all).toBeGreaterThanOrEqual(choices);
  expect(calls.at(-1)?.path, all).toBe(last);
}

/**
 * Makes the products LS-S-WHT, LS-M-WHT and CT-001 (stock 1 each), opens Upload Quantity Updates
 * and chooses a Shopify inventory export (`inventory_export.csv`, a store and a shelf column) of
 * `rows` under its header; answers the dialog.
 */
async function uploadStockList(page: Page, rows: string[]) {
  for (const [sku, name] of [['LS-S-WHT', 'Linen Shirt S'], ['LS-M-WHT', 'Linen Shirt M'], ['CT-001', 'Canvas Tote']]) {
    expect((await callApi(page, 'POST', '/api/products', { sku, name, currentQuantity: 1 })).status).toBe(201);
  }
  await goTo(page, 'Products');
  await page.getByRole('button', { name: 'Upload QTY' }).click();
  const qty = page.getByRole('dialog', { name: 'Upload Quantity Updates' });
  const file = ['Handle,Title,SKU,Location,Bin name,On hand (current)', ...rows, ''].join('\r\n');
  await qty.getByLabel('Quantity file').setInputFiles({ name: 'inventory_export.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
  return qty;
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
      await watchFileCalls(page);
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
      // The server's fresh preview states the choice in its own words.
      await expect(decisions).toContainText("The stock is the sum of the 2 locations' columns (Rangsutra Online, Rangsutra Store).");
      await shot(page, 'location-all');
      await dialog.getByRole('button', { name: 'Import 3 rows' }).click();
      await expect(dialog.getByText('Successfully imported 3 products.')).toBeVisible({ timeout: 60_000 });
      await dialog.getByRole('button', { name: 'Done' }).click();
      // 3 + 2, not stocked + 5, 10 + 0: each location's stock summed
      expect(await stockOf(page, 'BPK-M')).toBe(5);
      expect(await stockOf(page, 'BPK-L')).toBe(5);
      expect(await stockOf(page, 'CD-01')).toBe(10);
    });

    test('lets the user move the header row, choose the stock column and keep the first row of a product, reading the file again each time', async ({ page }) => {
      await goTo(page, 'Products');
      await page.getByRole('button', { name: 'Import Products' }).first().click();
      let dialog = page.getByRole('dialog', { name: 'Import Products' });
      await dialog.getByLabel('Product file').setInputFiles(TITLED);
      let decisions = dialog.getByTestId('import-decisions');
      await expect(decisions).toContainText('The column names are on line 1, the first row of the file.');
      const headerRow = dialog.getByRole('combobox', { name: 'Which row holds the column names?' });
      await headerRow.click();
      await page.getByRole('option', { name: 'Line 2: SKU · Name · Qty' }).click();
      await expect(decisions).toContainText('The column names are on line 2 (your choice): the row above is skipped.');
      await expect(decisions).toContainText('The stock is the column "Qty".');
      await expect(dialog.getByLabel('SKU', { exact: true })).toHaveText('SKU *');
      await headerRow.scrollIntoViewIfNeeded();
      await shot(page, 'header-row');
      await dialog.getByRole('button', { name: 'Import 2 rows' }).click();
      await expect(dialog.getByText('Successfully imported 2 products.')).toBeVisible({ timeout: 60_000 });
      // The file went up with the first preview only: the header row's preview and the import named its token.
      await expectSentOnce(page, '/api/products/import', 1);
      await dialog.getByRole('button', { name: 'Done' }).click();
      expect(await stockOf(page, 'MUG-1')).toBe(6);

      dialog = await openImport(page, 'shopify-inventory-export.csv');
      decisions = dialog.getByTestId('import-decisions');
      await expect(decisions).toContainText('The stock is the column "On hand (current)".');
      const stock = dialog.getByRole('combobox', { name: 'Which column is the stock?' });
      await stock.click();
      await page.getByRole('option', { name: 'Available (not editable)', exact: true }).click();
      await expect(decisions).toContainText('The stock is the column "Available (not editable)".');
      await expect(dialog.getByLabel('On hand (current)', { exact: true })).toHaveText('Do not import');
      const rows = dialog.getByRole('combobox', { name: 'Several rows of one product' });
      await expect(rows).toHaveText('Add up their stock');
      await rows.click();
      await page.getByRole('option', { name: "Keep the first row's stock" }).click();
      await expect(decisions).toContainText("the first row's stock is kept, the further rows are skipped (your choice).");
      await stock.scrollIntoViewIfNeeded();
      await shot(page, 'choices');
      await dialog.getByRole('button', { name: /^Import \d+ rows$/ }).click();
      await expect(dialog.getByText('Import Successful', { exact: true })).toBeVisible({ timeout: 60_000 });
      await dialog.getByRole('button', { name: 'Done' }).click();
      // LS-S-WHT: 4 available at Main Street (its first row), the warehouse's 20 left out.
      expect(await stockOf(page, 'LS-S-WHT')).toBe(4);
    });

    test('updates quantities from a stock list as the import reads it, listing the rows it skipped', async ({ page }) => {
      const qty = await uploadStockList(page, [
        'linen-shirt,Linen Shirt,LS-S-WHT,Main Street,A-01,5',
        'linen-shirt,Linen Shirt,LS-S-WHT,Warehouse,R-12,20',
        'linen-shirt,Linen Shirt,LS-M-WHT,Warehouse,R-12,not stocked',
        'canvas-tote,Canvas Tote,CT-001,Main Street,B-02,',
        'Total,,,,,25',
      ]);
      await qty.getByLabel('SKU column').click();
      await page.getByRole('option', { name: 'SKU', exact: true }).click();
      await qty.getByLabel('Quantity column').click();
      await page.getByRole('option', { name: 'On hand (current)' }).click();
      await qty.getByRole('button', { name: 'Update Quantities' }).click();
      await expect(qty.getByText('2 product quantities updated successfully.')).toBeVisible({ timeout: 60_000 });
      const skipped = qty.getByRole('list', { name: 'Rows skipped', exact: true });
      await expect(skipped).toContainText('Line 5');
      await expect(skipped).toContainText('rows without a quantity (left as they were)');
      await expect(skipped).toContainText('Line 6');
      await expect(skipped).toContainText('total rows');
      await expect(qty.getByRole('list', { name: 'Rows skipped, by reason' })).toContainText('1 row of an item at another location, bin, serial or lot (stock summed)');
      await skipped.scrollIntoViewIfNeeded();
      await shot(page, 'quantities-done');
      await qty.getByRole('button', { name: 'Done' }).click();
      expect(await stockOf(page, 'LS-S-WHT')).toBe(25);
      expect(await stockOf(page, 'LS-M-WHT')).toBe(0);
      expect(await stockOf(page, 'CT-001')).toBe(1);
    });

    test('asks the quantity upload which store a stock list is for, and updates from that store\'s rows alone', async ({ page }) => {
      const qty = await uploadStockList(page, [
        'linen-shirt,Linen Shirt,LS-S-WHT,Main Street,A-01,5',
        'linen-shirt,Linen Shirt,LS-S-WHT,Warehouse,R-12,20',
        'linen-shirt,Linen Shirt,LS-M-WHT,Warehouse,R-12,3',
        'canvas-tote,Canvas Tote,CT-001,Main Street,B-02,8',
      ]);
      const decisions = qty.getByTestId('import-decisions');
      await expect(decisions).toContainText('The stock is the column "On hand (current)".');
      const question = qty.getByRole('combobox', { name: 'Which location is this count for, or all of them summed?' });
      await question.click();
      await page.getByRole('option', { name: 'Warehouse', exact: true }).click();
      await expect(question).toHaveText('Warehouse');
      await question.scrollIntoViewIfNeeded();
      await shot(page, 'quantities-store');
      await qty.getByRole('button', { name: 'Update Quantities' }).click();
      await expect(qty.getByText('2 product quantities updated successfully.')).toBeVisible({ timeout: 60_000 });
      await expectSentOnce(page, '/api/products/upload-quantities', 1);
      await qty.getByRole('button', { name: 'Done' }).click();
      // Warehouse's rows only: Main Street's 5 of LS-S-WHT left out, CT-001 (Main Street alone) left as it was.
      expect(await stockOf(page, 'LS-S-WHT')).toBe(20);
      expect(await stockOf(page, 'LS-M-WHT')).toBe(3);
      expect(await stockOf(page, 'CT-001')).toBe(1);
    });

    test('offers the quantity upload the same choices, reading the kept file again at each, and updates from it', async ({ page }) => {
      for (const [sku, name] of [['MUG-1', 'Clay Mug'], ['MUG-2', 'Slate Mug']]) {
        expect((await callApi(page, 'POST', '/api/products', { sku, name, currentQuantity: 1 })).status).toBe(201);
      }
      await goTo(page, 'Products');
      await page.getByRole('button', { name: 'Upload QTY' }).click();
      const qty = page.getByRole('dialog', { name: 'Upload Quantity Updates' });
      // A count under a title line; MUG-1 counted on two shelves.
      await qty.getByLabel('Quantity file').setInputFiles({
        name: 'count.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('Count of 27 November,Main Street shop\r\nSKU,Qty\r\nMUG-1,3\r\nMUG-1,2\r\nMUG-2,7\r\n'),
      });
      const decisions = qty.getByTestId('import-decisions');
      await expect(decisions).toContainText('The column names are on line 1, the first row of the file.');
      const headerRow = qty.getByRole('combobox', { name: 'Which row holds the column names?' });
      await headerRow.click();
      await page.getByRole('option', { name: 'Line 2: SKU · Qty' }).click();
      await expect(decisions).toContainText('The column names are on line 2 (your choice): the row above is skipped.');
      await expect(decisions).toContainText('The stock is the column "Qty".');
      await expect(qty.getByLabel('SKU column')).toHaveText('SKU');
      await expect(qty.getByLabel('Quantity column')).toHaveText('Qty');
      const rows = qty.getByRole('combobox', { name: 'Several rows of one product' });
      await expect(rows).toHaveText('Add up their stock');
      await rows.click();
      await page.getByRole('option', { name: "Keep the first row's stock" }).click();
      await expect(decisions).toContainText("Rows of one product are one item: the first row's stock is kept, the further rows are skipped (your choice).");
      await headerRow.scrollIntoViewIfNeeded();
      await shot(page, 'quantities-choices');
      await qty.getByRole('button', { name: 'Update Quantities' }).click();
      await expect(qty.getByText('2 product quantities updated successfully.')).toBeVisible({ timeout: 60_000 });
      await expectSentOnce(page, '/api/products/upload-quantities', 2);
      await qty.getByRole('button', { name: 'Done' }).click();
      // MUG-1: its first row's 3 (the user's choice), not 3 + 2.
      expect(await stockOf(page, 'MUG-1')).toBe(3);
      expect(await stockOf(page, 'MUG-2')).toBe(7);
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
