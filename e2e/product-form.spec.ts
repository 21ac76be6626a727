/**
 * One product added by hand and edited in place on the products screen (issue 13 point 8):
 * Add Product -> the product is listed; a taken SKU is refused in the dialog with the server's
 * message; the row menu's Edit product changes it. At 1280 and 375 px (where the product is a card).
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { goTo, showColumn, signUp } from './support/app';

const shotsDir = process.env.SCREENSHOTS_DIR;

async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  const width = page.viewportSize()?.width ?? 1280;
  await page.screenshot({
    path: path.join(shotsDir, `product-form-${width}-${name}.png`),
    animations: 'disabled',
    style: '[data-sonner-toaster] { display: none !important; }',
  });
}

for (const width of [1280, 375]) {
  test(`add one product, refuse a taken SKU, edit it in place at ${width} px`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: width > 800 ? 900 : 812 });
    await signUp(page);
    await goTo(page, 'Products');
    await expect(page).toHaveURL(/\/products$/);

    await page.getByRole('button', { name: 'Add Product' }).click();
    const add = page.getByRole('dialog', { name: 'Add Product' });
    await expect(add.getByLabel('SKU *')).toBeFocused();
    await add.getByRole('button', { name: 'Add Product' }).click(); // nothing typed
    await expect(add.getByRole('alert')).toHaveText('SKU is required');
    await add.getByLabel('SKU *').fill('HND-1');
    await add.getByLabel('Product Name').fill('Hand soap');
    await add.getByLabel('Category').fill('Cleaning');
    await add.getByLabel('Current Stock').fill('5');
    await add.getByLabel('Cost Price').fill('1.5');
    await add.getByLabel('Selling Price').fill('2.99');
    await add.getByLabel('Tags').fill('eco, bath, Eco');
    await shot(page, 'add');
    await add.getByRole('button', { name: 'Add Product' }).click();
    await expect(add).toBeHidden();
    await expect(page.getByText('Product Added')).toBeVisible();

    // Cost Price is not among the default columns: shown through the Columns menu.
    await showColumn(page, 'Cost Price', true);
    // A table row, or below 768 px the product's card.
    const row = (width < 768 ? page.getByRole('list', { name: 'Products' }).getByRole('listitem') : page.getByRole('row')).filter({
      hasText: 'HND-1',
    });
    await expect(row).toContainText('Hand soap');
    await expect(row).toContainText('$1.50');
    await expect(row).toContainText('$2.99');
    await expect(row).toContainText('Low'); // 5 in stock
    await expect(row).toContainText('eco');
    await expect(page.getByText("You're using 1 of")).toBeVisible();

    // The same SKU in another case is taken: the dialog stays open with the server's message.
    await page.getByRole('button', { name: 'Add Product' }).click();
    await add.getByLabel('SKU *').fill('hnd-1');
    await add.getByRole('button', { name: 'Add Product' }).click();
    await expect(add.getByRole('alert')).toHaveText('A product with SKU "hnd-1" already exists.');
    await add.getByRole('button', { name: 'Cancel' }).click();
    await expect(add).toBeHidden();

    await row.getByRole('button', { name: 'Actions for HND-1' }).click();
    await page.getByRole('menuitem', { name: 'Edit product' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Product' });
    await expect(edit.getByLabel('Product Name')).toHaveValue('Hand soap');
    await expect(edit.getByLabel('Tags')).toHaveValue('eco, bath');
    await edit.getByLabel('Product Name').fill('Liquid hand soap');
    await edit.getByLabel('Current Stock').fill('40');
    await edit.getByLabel('Selling Price').fill('3.25');
    await shot(page, 'edit');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByText('Product Updated')).toBeVisible();
    await expect(row).toContainText('Liquid hand soap');
    await expect(row).toContainText('$3.25');
    await expect(row).not.toContainText('Low');
    // Closing the dialog gives the focus back to the row's menu button.
    await expect(row.getByRole('button', { name: 'Actions for HND-1' })).toBeFocused();
    await shot(page, 'list');
  });
}
