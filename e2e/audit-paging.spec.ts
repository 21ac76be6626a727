/**
 * The audit list pages on the server when an organisation has many audits (issue 13 point 7):
 * 50 a page with 'Showing X to Y of Z audits', Previous and Next, at 1280 px (table) and 375 px
 * (cards); the search and tabs count every audit, not only the page; a search that fits one page
 * hides the controls.
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signUp } from './support/app';
import { callApi } from './support/api';

const COUNT = 53;
const shotsDir = process.env.SCREENSHOTS_DIR;

for (const width of [1280, 375]) {
  test(`a long audit list pages 50 at a time at ${width} px`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: width > 800 ? 900 : 812 });
    await signUp(page);
    for (let i = 1; i <= COUNT; i += 1) {
      const res = await callApi(page, 'POST', '/api/audits', { name: `Weekly count ${String(i).padStart(2, '0')}` });
      expect(res.status).toBe(201);
    }
    await page.goto('/audits');
    // Each audit, table row or card, has its own selection box: the visible one stands for it.
    const audit = (n: string) => page.getByRole('checkbox', { name: `Select Weekly count ${n}`, exact: true }).locator('visible=true');
    const pages = page.getByRole('navigation', { name: 'Audits pages' });
    await expect(pages.getByText(`Showing 1 to 50 of ${COUNT} audits`)).toBeVisible();
    await expect(audit('53')).toBeVisible();
    await expect(audit('03')).toHaveCount(0);
    await expect(page.getByRole('tab', { name: `All Audits ${COUNT}` })).toBeVisible();
    await expect(page.getByRole('tab', { name: `Draft ${COUNT}` })).toBeVisible();
    await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();
    if (shotsDir) await page.screenshot({ path: path.join(shotsDir, `paging-${width}-audits-page1.png`), fullPage: true });

    await pages.getByRole('button', { name: 'Next' }).click();
    await expect(pages.getByText(`Showing 51 to ${COUNT} of ${COUNT} audits`)).toBeVisible();
    for (const n of ['03', '02', '01']) await expect(audit(n)).toBeVisible();
    await expect(audit('53')).toHaveCount(0);
    await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();
    if (shotsDir) await page.screenshot({ path: path.join(shotsDir, `paging-${width}-audits-page2.png`), fullPage: true });

    // The search asks the server: an audit of page 2 is found from page 1's search, on one page.
    await pages.getByRole('button', { name: 'Previous' }).click();
    await page.getByRole('searchbox', { name: 'Search audits' }).fill('count 0');
    await expect(page.getByRole('tab', { name: 'All Audits 9' })).toBeVisible();
    await expect(audit('01')).toBeVisible();
    await expect(pages).toHaveCount(0);
  });
}
