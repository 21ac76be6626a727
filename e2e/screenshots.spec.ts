/**
 * Screenshots of the audit screens at 1280 and 375 px, for looking at them (not a test of
 * pixels). Runs only with SCREENSHOTS_DIR set:
 *   SCREENSHOTS_DIR=/tmp/audits-shots npx playwright test screenshots
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { goTo, signUp } from './support/app';
import { importCatalogue, openCycleCountWizard } from './support/flows';
import { fixturePath, readFixtureJson, type Manifest } from './support/paths';

const dir = process.env.SCREENSHOTS_DIR;
const CASE = 'cycle-count-basic';
const manifest = readFixtureJson<Manifest>(CASE, 'manifest.json');

for (const width of [1280, 375]) {
  test(`audit screens at ${width} px`, async ({ page }) => {
    test.skip(!dir, 'set SCREENSHOTS_DIR to take screenshots');
    test.setTimeout(300_000);
    page.on('pageerror', (error) => console.log(`[${width}px] page error: ${error.message}`));
    await page.setViewportSize({ width, height: width > 800 ? 900 : 812 });
    // Toasts would cover the page: hidden in the pictures (never removed: React owns them).
    const shot = (name: string, fullPage = true) =>
      page.screenshot({
        path: path.join(dir!, `${width}-${name}.png`),
        fullPage,
        animations: 'disabled',
        style: '[data-sonner-toaster] { display: none !important; }',
      });

    await signUp(page);
    await importCatalogue(page, CASE, manifest);
    await goTo(page, 'Active Audits');
    await expect(page.getByText('No audits found')).toBeVisible();
    await shot('01-audits-empty');

    await page.getByRole('button', { name: 'New Audit', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: /^Run Now/ })).toBeVisible();
    await shot('02-new-audit-mode', false);
    await dialog.getByRole('button', { name: /^Run Now/ }).click();
    await shot('03-new-audit-type', false);
    await dialog.getByRole('button', { name: 'Back' }).click();
    await dialog.getByRole('button', { name: 'Close' }).click();

    await openCycleCountWizard(page);
    await dialog.getByRole('button', { name: 'Next' }).click(); // empty name: the error shows
    await expect(dialog.getByText('Audit name is required')).toBeVisible();
    await shot('04-wizard-details-error', false);
    await dialog.getByLabel('Audit Name').fill('Year-end count');
    await dialog.getByLabel('Section').fill('Main store');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await shot('05-wizard-files-empty', false);
    const input = dialog.getByLabel('Scan files', { exact: true });
    await input.setInputFiles(manifest.scanFiles.map((f) => fixturePath(CASE, f.file)));
    await input.setInputFiles({ name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.from('') });
    for (const scan of manifest.scanFiles) {
      await expect(dialog.getByRole('region', { name: scan.file }).getByText('Ready to process')).toBeVisible();
    }
    await expect(dialog.getByRole('region', { name: 'empty.csv' }).getByRole('alert')).toBeVisible();
    await dialog.evaluate((el) => el.scrollTo(0, 0));
    await shot('06-wizard-files', false);
    await dialog.getByRole('region', { name: 'empty.csv' }).scrollIntoViewIfNeeded();
    await shot('07-wizard-files-failed-preview', false);
    await dialog.getByRole('button', { name: 'Remove empty.csv' }).click();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await shot('08-wizard-review', false);
    await dialog.getByRole('button', { name: 'Start Processing' }).click();
    await expect(dialog.getByText('Step 4 of 4')).toBeVisible();
    await shot('09-wizard-processing', false);

    await expect(page).toHaveURL(/\/audits\/[^/]+$/, { timeout: 60_000 });
    await expect(page.getByRole('tab', { name: /^Correct/ })).toBeVisible();
    await shot('10-results-summary');
    await shotTab(page, 'Correct', () => shot('11-results-correct'));
    await shotTab(page, 'Above', () => shot('12-results-above'));
    await shotTab(page, 'Not Found', () => shot('13-results-not-found'));
    await shotTab(page, 'Not Expected', () => shot('14-results-not-expected'));
    await shotTab(page, 'Zero Sheet', () => shot('15-results-zero-sheet'));

    await page.getByRole('button', { name: 'Export Results' }).click();
    await expect(page.getByRole('dialog', { name: 'Export Results' })).toBeVisible();
    await shot('16-export-dialog', false);
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'Back to Audits' }).click();
    await expect(page.getByText('Year-end count', { exact: true }).locator('visible=true')).toBeVisible();
    await shot('17-audits-list');
  });
}

async function shotTab(page: Page, name: string, take: () => Promise<unknown>) {
  await page.getByRole('tab', { name: new RegExp(`^${name}`) }).click();
  const panel = page.getByRole('tabpanel', { name: new RegExp(`^${name}`) });
  // A table, or below 768 px the lines as a list of cards (the table is there, hidden).
  await expect(panel.locator('table, ul, p').locator('visible=true').first()).toBeVisible();
  await take();
}
