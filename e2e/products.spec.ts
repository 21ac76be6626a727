/**
 * The Products screen in real Chromium against the real server (fresh embedded database, new
 * organisations on the starter tier): import the cycle-count-basic catalogue, filter it on the
 * server (manufacturer contains X AND selling price > Y) and check the rows against the CSV,
 * select all matching, bulk edit, update quantities from a file, delete a selection and one row.
 *
 * With PRODUCTS_SCREENSHOTS=<dir> a second test saves screenshots of each state at 1280 and
 * 375 px for a person to look at (it asserts little).
 */
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import Papa from 'papaparse';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { choose, showColumn, signUp } from './support/app';
import { fixturePath } from './support/paths';

const CASE = 'cycle-count-basic';
const CATALOGUE = fixturePath(CASE, 'catalogue.csv');
/** Starter tier (playwright.config.ts: NEW_ORGANIZATION_TIER=starter; DESIGN.md section 4). */
const STARTER_PRODUCT_LIMIT = 5_000;

type CatalogueRow = Record<
  | 'SKU'
  | 'UPC'
  | 'Other ID'
  | 'Product Name'
  | 'Distributor'
  | 'Manufacturer'
  | 'Category'
  | 'Location'
  | 'Quantity'
  | 'Cost Price'
  | 'Selling Price'
  | 'Tags',
  string
>;

function readCatalogue(): CatalogueRow[] {
  const parsed = Papa.parse<CatalogueRow>(readFileSync(CATALOGUE, 'utf8').replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: true,
  });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

const catalogue = readCatalogue();
const MANUFACTURER_PART = 'Stark';
const MIN_PRICE = 60;
/** The rows the filter must show, computed from the CSV (contains: case-insensitive). */
const matching = catalogue.filter(
  (r) =>
    r.Manufacturer.toLowerCase().includes(MANUFACTURER_PART.toLowerCase()) &&
    r['Selling Price'].trim() !== '' &&
    Number(r['Selling Price']) > MIN_PRICE,
);

const usageBanner = (page: Page, used: number) =>
  page.getByText(`You're using ${used.toLocaleString('en-US')} of ${STARTER_PRODUCT_LIMIT.toLocaleString('en-US')} products.`);

/** The '{N} products' count above the table. */
const productCount = (page: Page, n: number) =>
  page.getByText(new RegExp(`^${n.toLocaleString('en-US')} products?( · |$)`));

async function openProducts(page: Page) {
  await page.goto('/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
}

/** Import Products -> the fixture catalogue with the suggested mapping -> Done. */
async function importCatalogue(page: Page) {
  await page.getByRole('button', { name: 'Import Products' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Import Products' });
  await dialog.getByLabel('Product file').setInputFiles(CATALOGUE);
  await dialog.getByRole('button', { name: `Import ${catalogue.length} rows` }).click();
  await expect(dialog.getByText('Import Successful')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
}

/** The products table's cells, by column header, for every row shown. */
async function tableRows(page: Page): Promise<Array<Record<string, string>>> {
  const table = page.getByRole('table');
  const headers = (await table.locator('thead th').allTextContents()).map((h) => h.trim());
  const rows = await table.locator('tbody tr').all();
  const out: Array<Record<string, string>> = [];
  for (const row of rows) {
    const cells = (await row.locator('td').allTextContents()).map((c) => c.trim());
    out.push(Object.fromEntries(headers.map((h, i) => [h, cells[i] ?? ''])));
  }
  return out;
}

function money(text: string): number {
  return Number(text.replace(/[$,]/g, ''));
}

async function addFilter(page: Page, n: number, field: string, operator: string | null, value: string) {
  await page.getByRole('button', { name: 'Add Filter' }).click();
  const fieldSelect = page.getByLabel(`Filter ${n} field`);
  await expect(fieldSelect).toBeFocused(); // a new row takes the focus
  await choose(page, fieldSelect, field);
  if (operator) await choose(page, page.getByLabel(`Filter ${n} operator`), operator);
  await page.getByLabel(`Filter ${n} value`).fill(value);
}

async function optionNames(page: Page, trigger: Locator): Promise<string[]> {
  await trigger.click();
  const names = (await page.getByRole('option').allTextContents()).map((t) => t.trim());
  await page.keyboard.press('Escape');
  return names;
}

test('products: filter on the server, select all matching, bulk edit, quantities, delete', async ({ page }) => {
  expect(matching.length, 'the chosen filter matches some rows, on one page').toBeGreaterThan(3);
  expect(matching.length).toBeLessThanOrEqual(50);

  await signUp(page);
  await openProducts(page);
  await expect(usageBanner(page, 0)).toBeVisible();
  await importCatalogue(page);
  await expect(productCount(page, catalogue.length)).toBeVisible();
  await expect(usageBanner(page, catalogue.length)).toBeVisible();
  await expect(page.getByText(`Showing 1 to 50 of ${catalogue.length} products`)).toBeVisible();
  // Manufacturer is not among the default columns; the rows below are checked against it.
  await showColumn(page, 'Manufacturer', true);

  // --- Advanced Filters: manufacturer contains X AND selling price > Y
  await addFilter(page, 1, 'Manufacturer', null, MANUFACTURER_PART);
  await expect(page.getByLabel('Filter 1 operator')).toHaveText('contains'); // the first text operator
  await expect(page.getByLabel('Filter 1 joined with')).toHaveCount(0); // no AND/OR on the first
  await page.getByRole('button', { name: 'Add Filter' }).click();
  const field2 = page.getByLabel('Filter 2 field');
  await choose(page, field2, 'Selling Price');
  const operator2 = page.getByLabel('Filter 2 operator');
  await expect(operator2).toHaveText('equals'); // reset to the field's first operator
  expect(await optionNames(page, operator2)).toEqual([
    'equals',
    'greater than',
    'less than',
    'greater than or equal to',
    'less than or equal to',
    'does not equal',
  ]);
  await choose(page, operator2, 'greater than');
  await expect(page.getByLabel('Filter 2 joined with')).toHaveText('AND');
  await expect(page.getByLabel('Filter 2 value')).toHaveAttribute('type', 'number');
  await page.getByLabel('Filter 2 value').fill(String(MIN_PRICE));
  await expect(page.getByRole('button', { name: /^Advanced Filters/ })).toContainText('2');

  await expect(productCount(page, matching.length)).toBeVisible();
  await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(matching.length);
  const shown = await tableRows(page);
  for (const row of shown) {
    expect(row.Manufacturer.toLowerCase(), `${row.SKU} manufacturer`).toContain(MANUFACTURER_PART.toLowerCase());
    expect(money(row['Selling Price']), `${row.SKU} selling price`).toBeGreaterThan(MIN_PRICE);
  }
  expect(shown.map((r) => r.SKU).sort()).toEqual(matching.map((r) => r.SKU).sort());
  await expect(page.getByRole('navigation', { name: 'Products pages' })).toHaveCount(0); // one page only

  // --- Select all matching filters -> Bulk Edit: category and a tag
  await page.getByRole('button', { name: 'Selection options' }).click();
  await page.getByRole('menuitem', { name: `Select all matching filters (${matching.length})` }).click();
  await expect(page.getByRole('button', { name: `Edit ${matching.length} Selected` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Delete ${matching.length} Selected` })).toBeVisible();

  await page.getByRole('button', { name: `Edit ${matching.length} Selected` }).click();
  const bulk = page.getByRole('dialog', { name: 'Bulk Edit Products' });
  await expect(bulk.getByLabel('New Category')).toBeDisabled();
  await bulk.getByRole('button', { name: `Update ${matching.length} Products` }).click();
  await expect(page.getByText('Please select at least one field to update.')).toBeVisible();

  await bulk.getByLabel('Change Category').check();
  await expect(bulk.getByLabel('New Category')).toBeFocused();
  await page.keyboard.type('E2E Shelf');
  await bulk.getByLabel('Change Tags').check();
  await bulk.getByLabel('Tag to add').fill('  e2e-checked ');
  await bulk.getByLabel('Tag to add').press('Enter');
  await bulk.getByLabel('Tag to add').fill('e2e-checked');
  await bulk.getByLabel('Tag to add').press('Enter'); // a duplicate is not added twice
  await expect(bulk.getByRole('list', { name: 'Tags to set' }).getByRole('listitem')).toHaveCount(1);
  await bulk.getByRole('button', { name: `Update ${matching.length} Products` }).click();
  await expect(page.getByText(`Successfully updated ${matching.length} products.`)).toBeVisible();
  await expect(bulk).toBeHidden();
  await expect(page.getByRole('button', { name: /Selected$/ })).toHaveCount(0); // selection cleared

  await expect(async () => {
    const edited = await tableRows(page);
    expect(edited).toHaveLength(matching.length);
    for (const row of edited) {
      expect(row.Category, `${row.SKU} category`).toBe('E2E Shelf');
      expect(row.Tags, `${row.SKU} tags`).toContain('e2e-checked');
    }
  }).toPass();

  // --- Upload QTY: three SKUs from a file written here
  await page.getByRole('button', { name: 'Clear All' }).click();
  await expect(productCount(page, catalogue.length)).toBeVisible();
  const updates = [
    { sku: catalogue[0]!.SKU, quantity: 7 },
    { sku: catalogue[1]!.SKU, quantity: 125 },
    { sku: catalogue[2]!.SKU, quantity: 0 },
  ];
  const qtyFile = {
    name: 'stock-update.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`SKU,Quantity\r\n${updates.map((u) => `${u.sku},${u.quantity}`).join('\r\n')}\r\n`),
  };

  await page.getByRole('button', { name: 'Upload QTY' }).click();
  const qty = page.getByRole('dialog', { name: 'Upload Quantity Updates' });
  const templateDownload = page.waitForEvent('download');
  await qty.getByRole('button', { name: 'Download Quantity Template' }).click();
  expect((await templateDownload).suggestedFilename()).toBe('quantity_update_template.csv');

  await qty.getByLabel('Quantity file').setInputFiles(qtyFile); // the preview starts at once
  await expect(qty.getByLabel('SKU column')).toHaveText('SKU');
  await expect(qty.getByLabel('Quantity column')).toHaveText('Quantity');
  await expect(qty.getByRole('table').locator('tbody tr')).toHaveCount(3);
  await qty.getByRole('button', { name: 'Back' }).click(); // back to upload, and again
  await qty.getByLabel('Quantity file').setInputFiles(qtyFile);
  await qty.getByRole('button', { name: 'Update Quantities' }).click();
  await expect(qty.getByText('3 product quantities updated successfully.')).toBeVisible();
  await qty.getByRole('button', { name: 'Done' }).click();
  await expect(qty).toBeHidden();

  const search = page.getByRole('searchbox', { name: 'Quick search by SKU or name' });
  for (const u of updates) {
    await search.fill(u.sku);
    const row = page.getByRole('table').locator('tbody tr').filter({ hasText: u.sku });
    await expect(row).toHaveCount(1);
    await expect(async () => {
      const [cells] = (await tableRows(page)).filter((r) => r.SKU === u.sku);
      expect(cells?.['Current Stock'], `${u.sku} stock`).toBe(u.quantity <= 10 ? `${u.quantity}Low` : String(u.quantity));
    }).toPass();
  }
  await search.fill('');
  await expect(productCount(page, catalogue.length)).toBeVisible();

  // --- Delete the filtered products, then one row
  await addFilter(page, 1, 'Category', 'equals', 'E2E Shelf');
  await expect(productCount(page, matching.length)).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select all products on this page' }).check();
  await page.getByRole('button', { name: `Delete ${matching.length} Selected` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Products' });
  await expect(confirm).toContainText(
    `Are you sure you want to delete ${matching.length} selected product(s)? This action cannot be undone.`,
  );
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: `Delete ${matching.length} Products` }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('No products match the search and filters')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  const afterBulk = catalogue.length - matching.length;
  await expect(productCount(page, afterBulk)).toBeVisible();
  await expect(usageBanner(page, afterBulk)).toBeVisible();

  const victim = catalogue.find((r) => !matching.includes(r))!;
  await search.fill(victim.SKU);
  await page.getByRole('button', { name: `Actions for ${victim.SKU}` }).click();
  await page.getByRole('menuitem', { name: 'Delete product' }).click();
  const confirmOne = page.getByRole('alertdialog', { name: 'Delete Product' });
  await confirmOne.getByRole('button', { name: 'Delete Product' }).click();
  await expect(confirmOne).toBeHidden();
  await search.fill('');
  await expect(productCount(page, afterBulk - 1)).toBeVisible();
  await expect(page.getByText(`Showing 1 to 50 of ${afterBulk - 1} products`)).toBeVisible();
});

test('products: filters and bulk edit by keyboard alone', async ({ page }) => {
  const globex = catalogue.filter((r) => r.Manufacturer.toLowerCase().includes('globex'));
  await signUp(page);
  await openProducts(page);
  await importCatalogue(page);
  await expect(productCount(page, catalogue.length)).toBeVisible();

  // Add Filter -> the new row's field select has the focus; type-ahead picks the field.
  await page.getByRole('button', { name: 'Add Filter' }).focus();
  await page.keyboard.press('Enter');
  const field = page.getByLabel('Filter 1 field');
  await expect(field).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.keyboard.type('Manu', { delay: 50 });
  await page.keyboard.press('Enter');
  await expect(field).toHaveText('Manufacturer');
  await expect(field).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Filter 1 operator')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Filter 1 value')).toBeFocused();
  await page.keyboard.type('Globex');
  await expect(productCount(page, globex.length)).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Remove filter 1' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Add Filter' })).toBeFocused(); // the focus stays in the panel
  await expect(productCount(page, catalogue.length)).toBeVisible();

  // Select one row with Space, open Bulk Edit with Enter, check a field with Space, type, Enter.
  const sku = catalogue[0]!.SKU;
  await page.getByRole('searchbox', { name: 'Quick search by SKU or name' }).fill(sku);
  await expect(productCount(page, 1)).toBeVisible();
  await page.getByRole('checkbox', { name: `Select ${sku}` }).focus();
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: 'Edit 1 Selected' }).focus();
  await page.keyboard.press('Enter');
  const bulk = page.getByRole('dialog', { name: 'Bulk Edit Products' });
  await expect(bulk.getByLabel('Change Distributor')).toBeFocused();
  for (const label of ['Change Manufacturer', 'Change Category', 'Change Location']) {
    await page.keyboard.press('Tab'); // the disabled inputs are skipped
    await expect(bulk.getByLabel(label)).toBeFocused();
  }
  await page.keyboard.press('Space');
  await expect(bulk.getByLabel('New Location')).toBeFocused();
  await page.keyboard.type('Aisle 42');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Successfully updated 1 products.')).toBeVisible();
  await expect(bulk).toBeHidden();
  // The Edit button went with the selection: the focus lands on the table, not the page top.
  await expect(page.getByRole('checkbox', { name: 'Select all products on this page' })).toBeFocused();
  await expect(page.getByRole('table').locator('tbody tr').first()).toContainText('Aisle 42');
});

test('products: the Columns menu hides a column for good, and the defaults fit 1280 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUp(page);
  await openProducts(page);
  await importCatalogue(page);
  await expect(productCount(page, catalogue.length)).toBeVisible();

  const table = page.getByRole('table');
  const headers = async () => (await table.locator('thead th').allTextContents()).map((h) => h.trim());
  // The defaults: Selling Price, Location, Tags and Actions visible, and no sideways scroll.
  expect(await headers()).toEqual(expect.arrayContaining(['SKU', 'Name', 'Selling Price', 'Location', 'Tags', 'Actions']));
  const fit = await table.evaluate((el) => ({ table: el.scrollWidth, container: el.parentElement!.clientWidth }));
  expect(fit.table, `table ${fit.table} px in a ${fit.container} px container`).toBeLessThanOrEqual(fit.container);
  await expect(table.getByRole('button', { name: /^Actions for / }).first()).toBeInViewport();

  await showColumn(page, 'Location', false);
  expect(await headers()).not.toContain('Location');
  await page.reload();
  await expect(productCount(page, catalogue.length)).toBeVisible();
  expect(await headers()).not.toContain('Location');
  expect(await headers()).toContain('Tags');

  await showColumn(page, 'Location', true);
  expect(await headers()).toContain('Location');
});

test('products: an import past the plan limit is refused in the Import dialog', async ({ page }) => {
  const rows = STARTER_PRODUCT_LIMIT + 1;
  const csv = `SKU,Product Name,Quantity\r\n${Array.from({ length: rows }, (_, i) => `LIMIT-${i + 1},Item ${i + 1},1`).join('\r\n')}\r\n`;
  await signUp(page);
  await openProducts(page);
  await page.getByRole('button', { name: 'Import Products' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Import Products' });
  await dialog.getByLabel('Product file').setInputFiles({ name: 'too-many.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByRole('button', { name: `Import ${rows.toLocaleString('en-US')} rows` }).click();
  const failure = dialog.getByRole('alert');
  await expect(failure).toContainText('Import Failed');
  await expect(failure).toContainText(`allows ${STARTER_PRODUCT_LIMIT.toLocaleString('en-US')} products`);
  await expect(failure).toContainText('Nothing was imported');
  await page.keyboard.press('Escape');
  await expect(productCount(page, 0)).toBeVisible();
  await expect(usageBanner(page, 0)).toBeVisible();
});

test('products: screenshots of each state at 1280 and 375 px', async ({ page }) => {
  const dir = process.env.PRODUCTS_SCREENSHOTS;
  test.skip(!dir, 'set PRODUCTS_SCREENSHOTS=<dir> to save screenshots');
  await mkdir(dir!, { recursive: true });
  await signUp(page);
  await openProducts(page);
  await importCatalogue(page);

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 812 });
    const shot = (name: string) => page.screenshot({ path: path.join(dir!, `products-${width}-${name}.png`) });
    await openProducts(page);
    await expect(productCount(page, catalogue.length)).toBeVisible();
    await shot('list');

    await addFilter(page, 1, 'Manufacturer', null, MANUFACTURER_PART);
    await addFilter(page, 2, 'Selling Price', 'greater than', String(MIN_PRICE));
    await expect(productCount(page, matching.length)).toBeVisible();
    await shot('filters');

    await page.getByRole('button', { name: 'Selection options' }).click();
    await shot('select-menu');
    await page.getByRole('menuitem', { name: /^Select all matching filters/ }).click();
    await page.getByRole('button', { name: /^Edit \d+ Selected$/ }).click();
    const bulk = page.getByRole('dialog', { name: 'Bulk Edit Products' });
    await bulk.getByLabel('Change Category').check();
    await page.keyboard.type('Shelf 9');
    await bulk.getByLabel('Change Cost Price').check();
    await page.keyboard.type('4.5');
    await bulk.getByLabel('Change Tags').check();
    await bulk.getByLabel('Tag to add').fill('seasonal');
    await bulk.getByLabel('Tag to add').press('Enter');
    await shot('bulk-edit');
    await bulk.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: /^Delete \d+ Selected$/ }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await shot('delete-confirm');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Upload QTY' }).click();
    const qty = page.getByRole('dialog', { name: 'Upload Quantity Updates' });
    await expect(qty).toBeVisible();
    await shot('qty-upload');
    await qty.getByLabel('Quantity file').setInputFiles({
      name: 'stock.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`Item SKU,Qty,Counted by\r\n${catalogue.slice(0, 6).map((r, i) => `${r.SKU},${i + 3},Team ${i}`).join('\r\n')}\r\nNOPE-1,4,Team 9\r\n`),
    });
    await expect(qty.getByRole('button', { name: 'Update Quantities' })).toBeVisible();
    await shot('qty-mapping');
    await qty.getByRole('button', { name: 'Update Quantities' }).click();
    await expect(qty.getByRole('button', { name: 'Done' }).or(qty.getByText('Upload Failed'))).toBeVisible();
    await shot('qty-result');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Clear All' }).click();
  }
});
