/**
 * The Products screen on a phone (375 px, issue 13): each product is a card with its select box,
 * SKU, name, stock, selling price, tags and row menu, and nothing on the page scrolls sideways,
 * neither the page nor anything inside it. At 1280 px the same products are a table again.
 */
import { expect, test, type Page } from '@playwright/test';
import { callApi } from './support/api';
import { signUp } from './support/app';

const CATALOGUE = [
  'SKU,Name,Qty,Price,Tags',
  'PH-100,Harbour rope 12 mm coil,42,18.50,"marine,rope,outdoor"',
  'PH-200,Brass cleat,3,7.25,marine',
].join('\n');

/** Elements that scroll sideways (content wider than their box, and scrolling allowed), by tag and class. */
async function sidewaysScrollers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    if (document.documentElement.scrollWidth > document.documentElement.clientWidth) found.push('the page');
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const overflow = getComputedStyle(el).overflowX;
      if ((overflow === 'auto' || overflow === 'scroll') && el.scrollWidth > el.clientWidth + 1) {
        found.push(`${el.tagName.toLowerCase()}.${el.className}`);
      }
    }
    return found;
  });
}

test('at 375 px each product is a card with its figures, and nothing scrolls sideways', async ({ page }) => {
  await signUp(page);
  const imported = await callApi(page, 'POST', '/api/products/import', {
    multipart: {
      fields: { columnMapping: JSON.stringify({ SKU: 'sku', Name: 'name', Qty: 'currentQuantity', Price: 'price', Tags: 'tags' }) },
      files: { file: ['phone.csv', CATALOGUE] },
    },
  });
  expect(imported.status, JSON.stringify(imported.body)).toBe(200);

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/products');
  const cards = page.getByRole('list', { name: 'Products' }).getByRole('listitem');
  await expect(cards).toHaveCount(2);
  await expect(page.getByRole('table')).toBeHidden();

  const rope = cards.filter({ hasText: 'PH-100' });
  await expect(rope.getByText('Harbour rope 12 mm coil')).toBeVisible();
  await expect(rope.getByRole('definition').filter({ hasText: '42' })).toBeVisible();
  await expect(rope.getByText('$18.50')).toBeVisible();
  await expect(rope.getByText('marine', { exact: true })).toBeVisible();
  await expect(rope.getByLabel('1 more tags: outdoor')).toBeVisible();
  const cleat = cards.filter({ hasText: 'PH-200' });
  await expect(cleat.getByText('Low')).toBeVisible();
  await expect(cleat.getByText('$7.25')).toBeVisible();
  for (const card of [rope, cleat]) {
    for (const label of ['Current Stock', 'Selling Price', 'Tags']) await expect(card.getByText(label, { exact: true })).toBeVisible();
  }

  // Every figure lies inside the 375 px screen.
  for (const figure of [rope.getByText('$18.50'), cleat.getByText('$7.25'), rope.getByLabel('Actions for PH-100')]) {
    const box = (await figure.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
  }
  expect(await sidewaysScrollers(page)).toEqual([]);

  // The card's select box and row menu work as the table's.
  await rope.getByRole('checkbox', { name: 'Select PH-100' }).check();
  await expect(page.getByRole('button', { name: 'Delete 1 Selected' })).toBeVisible();
  await rope.getByRole('button', { name: 'Actions for PH-100' }).click();
  await expect(page.getByRole('menuitem', { name: 'Copy SKU' })).toBeVisible();
  await page.keyboard.press('Escape');
  expect(await sidewaysScrollers(page)).toEqual([]);

  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Products' })).toBeHidden();
});
