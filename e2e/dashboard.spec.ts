/**
 * The dashboard (spec part 1 section 2 "Dashboard") against audits made through the API from
 * the signed-in page: a completed cycle count, a draft, and one whose scan file waits for
 * processing (pending).
 */
import { expect, test, type Page } from '@playwright/test';
import type { Audit } from '../src/contracts/audits';
import type { UserStats } from '../src/contracts/dashboard';
import { callApi } from './support/api';
import { signUp } from './support/app';

const CATALOGUE = 'SKU,Name,Quantity\nA-100,Apples,5\nA-200,Pears,4\nA-300,Plums,2\n';
/** A-100 right, A-200 one short, ZZ-999 unknown; A-300 never scanned. */
const SCANS = 'Barcode,Qty\nA-100,5\nA-200,3\nZZ-999,1\n';

async function completedAudit(page: Page, name: string): Promise<Audit> {
  const imported = await callApi(page, 'POST', '/api/products/import', {
    multipart: {
      fields: { columnMapping: JSON.stringify({ SKU: 'sku', Name: 'name', Quantity: 'currentQuantity' }) },
      files: { file: ['catalogue.csv', CATALOGUE] },
    },
  });
  expect(imported.status, JSON.stringify(imported.body)).toBe(200);
  const created = await callApi<Audit>(page, 'POST', '/api/audits', { name });
  expect(created.status).toBe(201);
  const processed = await callApi<{ audit: Audit }>(page, 'POST', `/api/audits/${created.body.id}/upload-multiple`, {
    multipart: {
      fields: { teamName_0: 'Team 1', scanColumn_0: 'Barcode', quantityColumn_0: 'Qty' },
      files: { scanFiles: ['scans.csv', SCANS] },
    },
  });
  expect(processed.status, JSON.stringify(processed.body)).toBe(200);
  expect(processed.body.audit.status).toBe('complete');
  return processed.body.audit;
}

function statCard(page: Page, title: string) {
  return page.getByRole('group', { name: title });
}

function auditRow(page: Page, name: string) {
  return page.getByRole('region', { name: 'Recent Audits' }).getByRole('listitem', { name, exact: true });
}

test('dashboard: empty state, then the numbers and rows of the audits made', async ({ page }) => {
  const account = await signUp(page);
  await expect(page.getByRole('heading', { name: `Welcome back, ${account.firstName} ${account.lastName}` })).toBeVisible();

  // Nothing yet.
  await expect(statCard(page, 'Total Audits').getByTestId('stat-value')).toHaveText('0');
  await expect(statCard(page, 'Avg. Accuracy %').getByTestId('stat-value')).toHaveText('—');
  await expect(page.getByText('No audits yet')).toBeVisible();

  // Shortcuts.
  const shortcuts = page.getByRole('navigation', { name: 'Shortcuts' });
  await expect(shortcuts.getByRole('link', { name: /Start New Audit/ })).toHaveAttribute('href', '/audits');
  await expect(shortcuts.getByRole('link', { name: /Manage Products/ })).toHaveAttribute('href', '/products');
  await expect(shortcuts.getByRole('link', { name: /View Tasks/ })).toHaveAttribute('href', '/tasks');
  await expect(page.getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/api/logout');

  // One completed cycle count, one draft, one pending (a scan file uploaded, not processed).
  const done = await completedAudit(page, 'Year-end count');
  const draft = await callApi<Audit>(page, 'POST', '/api/audits', { name: 'Back room draft' });
  expect(draft.status).toBe(201);
  const pending = await callApi<Audit>(page, 'POST', '/api/audits', { name: 'Aisle 3 recount' });
  const upload = await callApi(page, 'POST', `/api/audits/${pending.body.id}/upload`, {
    multipart: { fields: { scanColumn: 'Barcode', quantityColumn: 'Qty' }, files: { scanFile: ['aisle3.csv', SCANS] } },
  });
  expect(upload.status, JSON.stringify(upload.body)).toBe(201);

  await page.reload();
  await expect(statCard(page, 'Total Audits').getByTestId('stat-value')).toHaveText('3');
  // The bare draft (no task, no file) is not active work (docs/decisions/0118): the pending one is.
  await expect(statCard(page, 'Active Audits').getByTestId('stat-value')).toHaveText('1');
  await expect(statCard(page, 'Completed Audits').getByTestId('stat-value')).toHaveText('1');
  const { body: stats } = await callApi<UserStats>(page, 'GET', '/api/user/stats');
  await expect(statCard(page, 'Avg. Accuracy %').getByTestId('stat-value')).toHaveText(`${stats.avgAccuracy.toFixed(1)}%`);
  await expect(sidebarBadge(page, '1 active audits')).toHaveText('1');

  // Rows: newest first; the complete one with its figures (spec formulas) and View Results.
  const rows = page.getByRole('region', { name: 'Recent Audits' }).getByRole('listitem');
  await expect(rows).toHaveCount(3);
  const doneRow = auditRow(page, 'Year-end count');
  await expect(doneRow).toContainText(`Match Rate${(Math.round(done.matchRate! * 1000) / 10).toFixed(1)}%`);
  await expect(doneRow).toContainText(`Discrepancies${(done.quantityOff ?? 0) + (done.productsNotMatched ?? 0)}`);
  await expect(doneRow.getByRole('link', { name: 'View Results' })).toHaveAttribute('href', `/audits/${done.id}`);

  const draftRow = auditRow(page, 'Back room draft');
  await expect(draftRow).toContainText('Ready to start - Upload scan files to begin processing');
  await expect(draftRow.getByRole('link', { name: 'View Results' })).toHaveCount(0);
  await expect(auditRow(page, 'Aisle 3 recount')).toContainText('Processing...');

  await draftRow.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/audits/${draft.body.id}$`));
  await page.goBack();
  await auditRow(page, 'Year-end count').getByRole('link', { name: 'View Results' }).click();
  await expect(page).toHaveURL(new RegExp(`/audits/${done.id}$`));
  await page.goBack();
  await page.getByRole('region', { name: 'Recent Audits' }).getByRole('link', { name: 'View All' }).click();
  await expect(page).toHaveURL(/\/audits$/);
});

test('dashboard: Recent Audits lists the first 5 of the newest audits', async ({ page }) => {
  await signUp(page);
  for (let i = 1; i <= 7; i += 1) {
    const created = await callApi(page, 'POST', '/api/audits', { name: `Count ${i}` });
    expect(created.status).toBe(201);
  }
  await page.reload();
  const rows = page.getByRole('region', { name: 'Recent Audits' }).getByRole('listitem');
  await expect(rows).toHaveCount(5);
  const { body: audits } = await callApi<Audit[]>(page, 'GET', '/api/audits');
  await expect(rows).toHaveText(audits.slice(0, 5).map((a) => new RegExp(a.name)));
  await expect(statCard(page, 'Total Audits').getByTestId('stat-value')).toHaveText('7');
  // Seven bare drafts: none is work in progress (docs/decisions/0118).
  await expect(statCard(page, 'Active Audits').getByTestId('stat-value')).toHaveText('0');
});

function sidebarBadge(page: Page, label: string) {
  return page.locator('[data-slot="sidebar"]').getByLabel(label);
}
