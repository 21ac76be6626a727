/**
 * A product with alternate identifiers and a decimal stock (DESIGN.md section 5 rule 1
 * "Identifiers", section 2): added through the product form with a case barcode (24 per read)
 * and an alias, shown in the products table after the UPC, edited again. At 1280 and 375 px.
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { goTo, showColumn, signUp } from './support/app';

const shotsDir = process.env.SCREENSHOTS_DIR;

async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  const width = page.viewportSize()?.width ?? 1280;
  await page.screenshot({
    path: path.join(shotsDir, `alternate-identifiers-${width}-${name}.png`),
    animations: 'disabled',
    style: '[data-sonner-toaster] { display: none !important; }',
  });
}

for (const width of [1280, 375]) {
  test(`adds and edits alternate identifiers and a decimal stock at ${width} px`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: width > 800 ? 900 : 812 });
    await signUp(page);
    await goTo(page, 'Products');

    await page.getByRole('button', { name: 'Add Product' }).click();
    const add = page.getByRole('dialog', { name: 'Add Product' });
    await add.getByLabel('SKU *').fill('FLOUR-1');
    await add.getByLabel('Product Name').fill('Flour 1 kg');
    await add.getByLabel('UPC').fill('4006381333931');
    await add.getByLabel('Current Stock').fill('12.5');

    await add.getByRole('button', { name: 'Add identifier' }).click();
    const first = add.getByRole('listitem', { name: 'Identifier 1' });
    await expect(first.getByLabel('Value')).toBeFocused();
    await first.getByLabel('Value').fill('14006381333938');
    await first.getByLabel('Units per read').fill('24');
    await add.getByRole('button', { name: 'Add identifier' }).click();
    const second = add.getByRole('listitem', { name: 'Identifier 2' });
    await second.getByLabel('Value').fill('mehl-405');
    await second.getByLabel('Kind').click();
    await page.getByRole('option', { name: 'Alias' }).click();
    await second.getByLabel('Units per read').fill('0');
    await add.getByRole('button', { name: 'Add Product' }).click();
    await expect(add.getByRole('alert')).toHaveText('Identifier 2: Units per read must be more than 0');
    await second.getByLabel('Units per read').fill('1');
    await shot(page, 'add');
    await add.getByRole('button', { name: 'Add Product' }).click();
    await expect(add).toBeHidden();

    // UPC is not among the default columns: shown through the Columns menu.
    await showColumn(page, 'UPC', true);
    const row = (width < 768 ? page.getByRole('list', { name: 'Products' }).getByRole('listitem') : page.getByRole('row')).filter({ hasText: 'FLOUR-1' });
    await expect(row).toContainText('12.5');
    await expect(row.getByLabel('2 alternate identifiers: 14006381333938 ×24, mehl-405 (alias)')).toBeVisible();
    await shot(page, 'table');

    await row.getByRole('button', { name: 'Actions for FLOUR-1' }).click();
    await page.getByRole('menuitem', { name: /Edit/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Product' });
    await expect(edit.getByRole('listitem', { name: 'Identifier 1' }).getByLabel('Units per read')).toHaveValue('24');
    await edit.getByRole('button', { name: 'Remove identifier 2 (mehl-405)' }).click();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();
    await expect(row.getByLabel('1 alternate identifier: 14006381333938 ×24')).toBeVisible();
  });
}
