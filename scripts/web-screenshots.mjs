/**
 * Screenshots of the SPA against a mocked API (no server needed): serves dist/web with
 * `vite preview`, answers /api/* from fixtures in the page's network layer, and writes PNGs at
 * 1280 and 375 px wide to $SHOT_DIR (default /tmp/stocktally-shots).
 *
 *   npx vite build && node scripts/web-screenshots.mjs
 *
 * With BASE_URL set (e.g. http://localhost:5000, a real server) nothing is mocked and only the
 * signed-out screens are taken.
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const OUT = process.env.SHOT_DIR ?? '/tmp/stocktally-shots';
const PORT = 4179;
const REAL = process.env.BASE_URL;
const BASE = REAL ?? `http://localhost:${PORT}`;
mkdirSync(OUT, { recursive: true });

// ------------------------------------------------------------------------------------------
// fixtures

const user = {
  id: 'u1',
  email: 'dana@acme-hardware.com',
  firstName: 'Dana',
  lastName: 'Whitfield',
  role: 'owner',
  organizationId: 'o1',
  organizationName: 'Acme Hardware',
  subscriptionTier: 'free',
};

const CATS = ['Fasteners', 'Power Tools', 'Paint', 'Plumbing', 'Electrical'];
const products = Array.from({ length: 123 }, (_, i) => ({
  id: `p${i + 1}`,
  sku: `SKU-${String(1000 + i)}`,
  upc: i % 4 === 3 ? null : String(12345678900 + i * 7).padStart(12, '0'),
  otherIdentifier: i % 3 === 0 ? `ALT-${i}` : null,
  name: i % 17 === 5 ? null : `${['Hex bolt', 'Cordless drill', 'Primer', 'PVC elbow', 'Wire nut'][i % 5]} ${i + 1}`,
  description: null,
  distributor: i % 2 ? 'Midwest Supply' : 'Coastal Distribution',
  manufacturer: ['Bosch', 'DeWalt', 'Sherwin', 'Charlotte', 'Ideal'][i % 5],
  category: CATS[i % 5],
  location: `A${(i % 9) + 1}-${(i % 4) + 1}`,
  currentQuantity: (i * 37) % 140,
  costPrice: i % 6 === 0 ? null : ((i * 1.37) % 90 + 1).toFixed(2),
  price: ((i * 2.11) % 150 + 2).toFixed(2),
  tags: [['hardware', 'seasonal', 'clearance', 'top-seller'], ['tools'], [], ['paint', 'interior', 'eco']][i % 4],
  createdAt: '2026-11-01T10:00:00Z',
  updatedAt: '2026-11-01T10:00:00Z',
}));

const preview = {
  headers: ['Item SKU', 'Product Name', 'UPC Code', 'Qty On Hand', 'Unit Cost', 'Retail Price', 'Bin', 'Notes'],
  preview: [
    ['SKU-1000', 'Hex bolt 1', '012345678900', '12', '1.37', '2.11', 'A1-1', ''],
    ['SKU-1001', 'Cordless drill 2', '012345678907', 'abc', '2.74', '4.22', 'A2-2', 'check'],
    ['SKU-1002', 'Primer 3', '', '74', '4.11', '6.33', 'A3-3', ''],
    ['SKU-1003', 'PVC elbow 4', '012345678921', '111', '5.48', '8.44', 'A4-4', ''],
  ],
  totalRows: 1250,
  headerRow: true,
  format: 'csv',
  suggestedMapping: {
    'Item SKU': 'sku',
    'Product Name': 'name',
    'UPC Code': 'upc',
    'Qty On Hand': 'currentQuantity',
    'Unit Cost': 'costPrice',
    'Retail Price': 'price',
    Bin: 'location',
  },
};

const json = (route, status, body) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

/** Mocks the API for one page; `opts.signedIn` and `opts.importFails` steer the answers. */
async function mockApi(page, opts) {
  await page.route('**/api/**', async (route) => {
    const url = new URL(route.request().url());
    const p = url.pathname;
    const method = route.request().method();
    if (p === '/api/auth/csrf') return json(route, 200, { token: 'tok' });
    if (p === '/api/auth/user') return opts.signedIn ? json(route, 200, user) : json(route, 401, { error: 'UNAUTHORIZED', message: 'Unauthorized' });
    if (p === '/api/auth/team-login' && method === 'POST') {
      return json(route, 401, { error: 'INVALID_CREDENTIALS', message: 'Invalid email or password' });
    }
    if (p === '/api/products' && method === 'GET') {
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const page = Number(url.searchParams.get('page') ?? 1);
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const rows = opts.noProducts
        ? []
        : products.filter((x) => !search || x.sku.toLowerCase().includes(search) || (x.name ?? '').toLowerCase().includes(search));
      return json(route, 200, { products: rows.slice((page - 1) * limit, page * limit), total: rows.length, page, limit });
    }
    if (p === '/api/audits') {
      return json(route, 200, [{ status: 'complete' }, { status: 'draft' }, { status: 'processing' }]);
    }
    if (p === '/api/audit-tasks') return json(route, 200, [{ status: 'pending' }]);
    if (p === '/api/products/preview') return json(route, 200, preview);
    if (p === '/api/products/import') {
      if (opts.importFails) {
        return json(route, 400, {
          error: 'IMPORT_INVALID',
          message: 'Nothing was imported: 3 rows have problems. First: line 3: Current Stock "abc" is not a whole number',
          details: {
            totalRows: 1250,
            errorCount: 3,
            errors: [
              { line: 3, field: 'currentQuantity', message: '"abc" is not a whole number' },
              { line: 48, field: 'costPrice', message: '"12,5O" is not a price' },
              { line: 1201, field: 'sku', message: 'SKU is blank' },
            ],
          },
        });
      }
      return json(route, 200, { totalRows: 1250, imported: 1100, updated: 150, errors: [] });
    }
    if (p === '/api/products/template') {
      return route.fulfill({ status: 200, contentType: 'text/csv', body: 'sku,name\n' });
    }
    return json(route, 404, { error: 'NOT_FOUND', message: 'Not found' });
  });
}

// ------------------------------------------------------------------------------------------

const widths = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 375, height: 812 },
];

async function shot(page, name) {
  const file = path.join(OUT, `${name}.png`);
  await page.waitForTimeout(350); // let enter animations finish
  await page.screenshot({ path: file, fullPage: false });
  console.log(file);
}

const server = REAL
  ? null
  : spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'preview', '--port', String(PORT), '--strictPort'], { stdio: 'ignore', detached: false });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

try {
  if (!REAL) {
    for (let i = 0; i < 50; i++) {
      try {
        await fetch(BASE);
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  }
  const consoleErrors = [];

  for (const vp of widths) {
    const context = await browser.newContext({ viewport: { width: vp.width, height: vp.height } });
    const newPage = async (opts) => {
      const page = await context.newPage();
      page.on('console', (m) => {
        if (m.type() === 'error') consoleErrors.push(`${vp.name}: ${m.text()}`);
      });
      page.on('pageerror', (e) => consoleErrors.push(`${vp.name}: ${e.message}`));
      if (!REAL) await mockApi(page, opts);
      return page;
    };

    // Signed out
    let page = await newPage({ signedIn: false });
    await page.goto(`${BASE}/`);
    await page.getByRole('button', { name: 'Sign In' }).first().or(page.getByRole('link', { name: 'Sign In' }).first()).waitFor();
    await shot(page, `${vp.name}-landing`);
    await page.goto(`${BASE}/team-login`);
    await page.getByLabel('Email').waitFor();
    await shot(page, `${vp.name}-team-login`);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await shot(page, `${vp.name}-team-login-errors`);
    if (!REAL) {
      await page.getByLabel('Email').fill('dana@acme-hardware.com');
      await page.getByLabel('Password').fill('wrong-password');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByText('Invalid credentials').first().waitFor();
      await shot(page, `${vp.name}-team-login-invalid`);
    }
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByLabel('Organisation name').waitFor();
    await shot(page, `${vp.name}-sign-up`);
    await page.goto(`${BASE}/nowhere`);
    await page.getByText('404 Page Not Found').waitFor();
    await shot(page, `${vp.name}-not-found`);
    await page.close();
    if (REAL) {
      await context.close();
      continue;
    }

    // Signed in
    page = await newPage({ signedIn: true });
    await page.goto(`${BASE}/products`);
    await page.getByRole('heading', { name: 'Products' }).waitFor();
    await page.getByText('SKU-1000').waitFor();
    await shot(page, `${vp.name}-products`);
    await page.screenshot({ path: path.join(OUT, `${vp.name}-products-full.png`), fullPage: true });
    await page.getByPlaceholder('Quick search by SKU or name...').fill('drill');
    await page.getByText('Cordless drill 2', { exact: true }).waitFor();
    await shot(page, `${vp.name}-products-search`);
    await page.getByPlaceholder('Quick search by SKU or name...').fill('');

    if (vp.name === 'mobile') {
      await page.getByRole('button', { name: 'Toggle Sidebar' }).first().click();
      await page.getByRole('link', { name: 'Team Members' }).waitFor();
      await page.waitForTimeout(600);
      await shot(page, `${vp.name}-sidebar-open`);
      await page.keyboard.press('Escape');
    }

    // Import: upload -> mapping -> failure -> complete
    await page.getByRole('button', { name: 'Import Products' }).first().click();
    await page.getByRole('dialog').waitFor();
    await shot(page, `${vp.name}-import-upload`);
    await page.locator('input[type=file]').setInputFiles({ name: 'catalogue.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await page.getByText('Invalid File Type').waitFor();
    await shot(page, `${vp.name}-import-invalid-type`);
    await page.locator('input[type=file]').setInputFiles({
      name: 'catalogue.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Item SKU,Product Name\nSKU-1,A\n'),
    });
    await page.getByText('Map columns').waitFor();
    await shot(page, `${vp.name}-import-mapping`);
    await page.getByRole('dialog').screenshot({ path: path.join(OUT, `${vp.name}-import-mapping-dialog.png`) });
    // Unmap SKU -> Missing Required Columns
    await page.getByLabel('Item SKU').click();
    await page.getByRole('option', { name: 'Do not import' }).click();
    await page.getByRole('button', { name: /^Import 1,250 rows$/ }).click();
    await page.getByText('Missing Required Columns').waitFor();
    await shot(page, `${vp.name}-import-missing-sku`);
    await page.getByLabel('Item SKU').click();
    await page.getByRole('option', { name: 'SKU *' }).click();
    await page.close();

    // Failed import
    page = await newPage({ signedIn: true, importFails: true });
    await page.goto(`${BASE}/products`);
    await page.getByText('SKU-1000').waitFor();
    await page.getByRole('button', { name: 'Import Products' }).first().click();
    await page.locator('input[type=file]').setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from('a\n') });
    await page.getByRole('button', { name: /^Import 1,250 rows$/ }).click();
    await page.getByText('Fix these rows').waitFor();
    await shot(page, `${vp.name}-import-failed`);
    await page.close();

    // Successful import
    page = await newPage({ signedIn: true });
    await page.goto(`${BASE}/products`);
    await page.getByText('SKU-1000').waitFor();
    await page.getByRole('button', { name: 'Import Products' }).first().click();
    await page.locator('input[type=file]').setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from('a\n') });
    await page.getByRole('button', { name: /^Import 1,250 rows$/ }).click();
    await page.getByText('Total rows').waitFor();
    await shot(page, `${vp.name}-import-complete`);
    await page.close();

    // Empty catalogue, coming soon, collapsed sidebar
    page = await newPage({ signedIn: true, noProducts: true });
    await page.goto(`${BASE}/products`);
    await page.getByText('No products yet').waitFor();
    await shot(page, `${vp.name}-products-empty`);
    await page.goto(`${BASE}/tasks`);
    await page.getByText('Coming soon', { exact: true }).waitFor();
    if (vp.name === 'desktop') await page.keyboard.press('Control+b');
    await shot(page, `${vp.name}-coming-soon${vp.name === 'desktop' ? '-collapsed' : ''}`);
    await page.goto(`${BASE}/somewhere-else`);
    await page.getByText('404 Page Not Found').waitFor();
    await shot(page, `${vp.name}-signed-in-not-found`);
    await page.close();
    await context.close();
  }
  if (consoleErrors.length) console.log('console errors:\n' + consoleErrors.join('\n'));
} finally {
  await browser.close();
  server?.kill();
}
