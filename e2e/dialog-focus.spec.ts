/**
 * Closing a dialog with Escape gives the focus back to the button that opened it (issue 13,
 * point 11): Export (results page), New Audit (audit list) and Import Products (products); the
 * delete confirmation (an alert dialog) and, on a phone, the sidebar's sheet. Each is opened from
 * the keyboard (Enter), closed with Escape, and the opener must have the focus.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { completedAudit, setUp } from './support/small-audit';

async function escapeReturnsFocus(
  page: Page,
  opener: Locator,
  dialogName: string | RegExp,
  role: 'dialog' | 'alertdialog' = 'dialog',
): Promise<void> {
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole(role, { name: dialogName });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

test('Escape on Export, New Audit and Import Products returns the focus to the opener', async ({ page }) => {
  await setUp(page);
  const id = await completedAudit(page, { url: '/api/audits', body: { name: 'Focus count' } });

  await page.goto(`/audits/${id}`);
  await escapeReturnsFocus(page, page.getByRole('button', { name: 'Export Results' }), 'Export Results');

  await page.goto('/audits');
  await escapeReturnsFocus(page, page.getByRole('button', { name: 'New Audit', exact: true }), /.+/);

  await page.goto('/products');
  await escapeReturnsFocus(page, page.getByRole('button', { name: 'Import Products' }).first(), /Import/);
});

test('Escape on the delete confirmation and on the phone sidebar returns the focus to the opener', async ({ page }) => {
  await setUp(page);

  await page.goto('/products');
  await page.getByRole('checkbox', { name: 'Select A-1' }).check();
  await escapeReturnsFocus(page, page.getByRole('button', { name: 'Delete 1 Selected' }), 'Delete Products', 'alertdialog');

  await page.setViewportSize({ width: 375, height: 740 });
  await escapeReturnsFocus(page, page.getByRole('button', { name: 'Toggle Sidebar' }), 'Sidebar');
});
