/**
 * Drives the built SPA against a real server and takes screenshots (1280 px, then 375 px):
 * sign-up, the shell, the products screen, a template download, an import of the shared
 * fixture catalogue, a refused import with row errors, search and paging, logout.
 *
 *   npx vite build && npm start          # or any server serving dist/web
 *   BASE_URL=http://localhost:5000 node scripts/web-real-flow.mjs
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const BASE = process.env.BASE_URL ?? 'http://localhost:5000';
const OUT = process.env.SHOT_DIR ?? '/tmp/stocktally-shots/real';
const CATALOGUE = process.env.CATALOGUE ?? new URL('../fixtures/cycle-count-basic/catalogue.csv', import.meta.url).pathname;
mkdirSync(OUT, { recursive: true });

const badCsv = path.join(OUT, 'bad-catalogue.csv');
writeFileSync(badCsv, 'SKU,Product Name,Quantity,Cost Price\nA-1,Widget,12,1.50\nA-2,Gadget,abc,2.00\n,Blank sku,3,1\nA-4,Thing,4,x1\n');

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const problems = [];

async function run(vp) {
  const context = await browser.newContext({ viewport: vp, acceptDownloads: true });
  const page = await context.newPage();
  page.on('pageerror', (e) => problems.push(`${vp.width}: pageerror ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 500) problems.push(`${vp.width}: ${r.status()} ${r.url()}`);
  });
  const shot = async (name) => {
    await page.waitForTimeout(400);
    const file = path.join(OUT, `${vp.width}-${name}.png`);
    await page.screenshot({ path: file });
    console.log(file);
  };

  await page.goto(`${BASE}/`);
  await page.getByRole('link', { name: 'Sign In' }).first().click();
  await page.waitForURL('**/team-login');
  await page.getByRole('button', { name: 'Create an account' }).click();
  const email = `web-${vp.width}-${Date.now()}@example.com`;
  await page.getByLabel('First name').fill('Dana');
  await page.getByLabel('Last name').fill('Whitfield');
  await page.getByLabel('Organisation name').fill('Acme Hardware');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(`${BASE}/`);
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  await shot('signed-in-dashboard');

  if (vp.width < 768) await page.getByRole('button', { name: 'Toggle Sidebar' }).first().click();
  await page.getByRole('link', { name: 'Products' }).first().click();
  await page.getByText('No products yet').waitFor();
  await shot('products-empty');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download Template' }).click(),
  ]);
  if (download.suggestedFilename() !== 'products_template.csv') problems.push(`template saved as ${download.suggestedFilename()}`);
  await page.getByText('Template Downloaded').waitFor();

  // A refused import: nothing imported, rows listed.
  await page.getByRole('button', { name: 'Import Products' }).first().click();
  await page.locator('input[type=file]').setInputFiles(badCsv);
  await page.getByText('Map columns').waitFor();
  await shot('import-bad-mapping');
  await page.getByRole('button', { name: /^Import \d+ rows?$/ }).click();
  await page.getByText('Import Failed', { exact: true }).first().waitFor();
  await shot('import-bad-failed');
  await page.getByRole('button', { name: 'Back' }).click();

  // The fixture catalogue.
  await page.locator('input[type=file]').setInputFiles(CATALOGUE);
  await page.getByText('Map columns').waitFor();
  await shot('import-mapping');
  await page.getByRole('button', { name: /^Import [\d,]+ rows?$/ }).click();
  await page.getByText('Total rows').waitFor();
  await shot('import-complete');
  await page.getByRole('button', { name: 'Done' }).click();
  await page.getByText(/Showing 1 to 50 of [\d,]+ products/).waitFor();
  await shot('products');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText(/Showing 51 to 100 of/).waitFor();
  await page.getByPlaceholder('Quick search by SKU or name...').fill('crisps');
  await page.waitForTimeout(800);
  await shot('products-search');

  await page.goto(`${BASE}/api/logout`);
  await page.waitForURL(`${BASE}/`);
  await page.getByRole('link', { name: 'Sign In' }).first().waitFor();
  await context.close();
}

try {
  await run({ width: 1280, height: 800 });
  await run({ width: 375, height: 812 });
} finally {
  await browser.close();
}
if (problems.length) {
  console.log('problems:\n' + problems.join('\n'));
  process.exitCode = 1;
}
