/**
 * Toasts (spec part 1 section 9: "toasts: at most 1 at a time"; issue 26): a new toast replaces
 * the one showing, which does not come back when the new one goes; on a page a toast sits clear
 * of the heading (bottom right from 768 px, at the bottom on a phone), over a dialog clear of the
 * dialog's buttons, at 1280 and 375 px. Boxes are compared as Chromium lays them out.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { callApi } from './support/api';
import { signUp } from './support/app';

type Box = { x: number; y: number; width: number; height: number };

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

const toasts = (page: Page) => page.locator('[data-sonner-toast]');

/** Exactly one toast on the page, reading `text`; its box. */
async function theOnlyToast(page: Page, text: string): Promise<Box> {
  await expect(toasts(page)).toHaveCount(1);
  await expect(toasts(page)).toContainText(text);
  return (await toasts(page).boundingBox())!;
}

/**
 * Marks the toast showing, waits for a new one and checks the marked one went: one toast left,
 * reading `text`. `act` makes the new toast.
 */
async function expectReplacedBy(page: Page, act: () => Promise<void>, text: string): Promise<Box> {
  await toasts(page).evaluateAll((els) => els.forEach((el) => el.setAttribute('data-e2e-old', '')));
  await act();
  await expect(page.locator('[data-sonner-toast]:not([data-e2e-old])')).toHaveCount(1);
  // The old toast leaves as the new one comes: sonner alone would keep it, hidden behind, until
  // its own 5 s ran out, so the wait here is short.
  await expect(page.locator('[data-sonner-toast][data-e2e-old]:not([data-removed="true"])')).toHaveCount(0, { timeout: 1_000 });
  return theOnlyToast(page, text);
}

async function expectClear(toast: Box, target: Locator, what: string) {
  const box = await target.boundingBox();
  expect(box, `${what} is laid out`).not.toBeNull();
  expect(overlaps(toast, box!), `the toast covers ${what}`).toBe(false);
}

for (const width of [1280, 375]) {
  test(`one toast at a time, clear of the page heading, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 740 });
    const account = await signUp(page);
    await page.goto('/api/logout');
    await page.goto('/team-login');
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(account.email);
    await form.getByLabel('Password').fill('not the password');
    await form.getByRole('button', { name: 'Sign In' }).click();
    await theOnlyToast(page, 'Invalid credentials');
    await expectReplacedBy(page, () => form.getByRole('button', { name: 'Sign In' }).click(), 'Invalid credentials');

    await form.getByLabel('Password').fill(account.password);
    const welcome = await expectReplacedBy(page, () => form.getByRole('button', { name: 'Sign In' }).click(), 'Welcome back!');
    await expect(page.getByText('Invalid credentials')).toHaveCount(0);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    await expectClear(welcome, heading, 'the page heading');
    if (width < 768) {
      await expectClear(welcome, page.locator('header [data-sidebar="trigger"]'), 'the menu button');
    }

    // Closed, nothing queued behind it shows up.
    await toasts(page).getByRole('button', { name: 'Close toast' }).click();
    await expect(toasts(page)).toHaveCount(0);
    await page.waitForTimeout(800);
    await expect(toasts(page)).toHaveCount(0);
  });

  test(`a toast over a dialog keeps clear of its buttons at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 740 });
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
    await theOnlyToast(page, 'Please select at least one field to update.');
    // Pressed again: the new toast replaces the first.
    const toast = await expectReplacedBy(page, () => update.click(), 'Please select at least one field to update.');
    // The dialog's action buttons; the corner X may sit under a toast at the top of a phone
    // screen until the toast is closed or times out.
    for (const button of await bulk.getByRole('button').filter({ hasNotText: 'Close' }).all()) {
      if (await button.isVisible()) await expectClear(toast, button, `"${await button.textContent()}"`);
    }
  });
}
