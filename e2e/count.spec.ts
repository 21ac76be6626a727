/**
 * Counting on the floor in real Chromium (DESIGN.md section 14): the count screen opened from an
 * audit, reads by keyboard-wedge scanner (typed keystrokes), a person typing in a field never taken
 * for a scanner, the GS character of a GS1 string kept, +/-, typed quantity, undo; counting with
 * the network cut and the server holding each read exactly once afterwards; a page closed while
 * its batch was on the way. Screenshots at 375 and 1280 px with SCREENSHOTS_DIR.
 */
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { callApi } from './support/api';
import { describe, scan as axeScan } from './support/axe';
import { signUp } from './support/app';
import { ownPort, startOwnServer, type OwnServer } from './support/own-server';

const SHOTS = process.env.SCREENSHOTS_DIR;
const PRODUCTS = [
  { sku: 'CABLE-3', name: 'Cable 3 m', upc: '5901234123457', currentQuantity: 4, location: 'A-01' },
  { sku: 'BOLT-10', name: 'Bolt M10', upc: '4006381333931', currentQuantity: 10, location: 'A-02' },
  { sku: 'GS1-ITEM', name: 'Serum 30 ml', upc: '09501101530003', currentQuantity: 2, location: 'A-02' },
];

async function countableAudit(page: Page): Promise<string> {
  for (const p of PRODUCTS) expect((await callApi(page, 'POST', '/api/products', p)).status).toBe(201);
  const res = await callApi<{ id: string }>(page, 'POST', '/api/audits/stub', { name: 'Aisle A count', type: 'cycle-count', status: 'draft' });
  expect(res.status).toBe(201);
  return res.body.id;
}

/** A scanner's burst: keystrokes as fast as the browser takes them (a busy machine still keeps them under 100 ms), then Enter. */
async function scan(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code, { delay: 0 });
  await page.keyboard.press('Enter');
}

async function sessionFile(page: Page, auditId: string): Promise<string[][]> {
  const session = await callApi<{ id: string }>(page, 'POST', `/api/audits/${auditId}/count-session`);
  const file = await callApi<string>(page, 'GET', `/api/count-sessions/${session.body.id}/file`);
  expect(file.status).toBe(200);
  return String(file.body)
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .slice(1)
    .map((line) => line.split(','));
}

test('counts with a keyboard-wedge scanner: names, running counts, +/-, typed quantity, undo, GS1', async ({ page }) => {
  await signUp(page);
  const auditId = await countableAudit(page);
  await page.goto(`/audits/${auditId}`);
  await page.getByRole('link', { name: 'Count', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/audits/${auditId}/count$`));
  await expect(page.getByText('Scan the location label first')).toBeVisible();

  await scan(page, 'A-01');
  await expect(page.getByText('Location: A-01')).toBeVisible();
  await scan(page, '5901234123457');
  await expect(page.getByTestId('last-read-name')).toHaveText('Cable 3 m');
  await expect(page.getByTestId('last-read-count')).toHaveText('1');
  // The owner counts with expected quantities shown (blind is the default for members only).
  await expect(page.getByText('expected 4')).toBeVisible();
  await scan(page, '05901234123457');
  await expect(page.getByTestId('last-read-count')).toHaveText('2');
  await page.getByRole('button', { name: 'Count one more' }).click();
  await expect(page.getByTestId('last-read-count')).toHaveText('3');
  await page.getByRole('button', { name: 'Count one less' }).click();
  await expect(page.getByTestId('last-read-count')).toHaveText('2');

  // A person typing a quantity (keys 150 ms apart) is no scanner: Enter sets the last read's quantity.
  const quantity = page.getByLabel('Quantity of this read');
  await quantity.click();
  await page.keyboard.type('2.5', { delay: 150 });
  await page.keyboard.press('Enter');
  // The last read (-1) became 2.5: 1 + 1 + 1 + 2.5.
  await expect(page.getByTestId('last-read-count')).toHaveText('5.5');

  // A scanner fired while the quantity field has the focus reads a code; the field stays empty.
  await quantity.click();
  await scan(page, '4006381333931');
  await expect(page.getByTestId('last-read-name')).toHaveText('Bolt M10');
  await expect(quantity).toHaveValue('');

  // An unknown code, then undo.
  await scan(page, 'NOT-A-PRODUCT');
  await expect(page.getByTestId('last-read-name')).toHaveText('Unknown code');
  await expect(quantity).toHaveValue('');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByTestId('last-read-name')).toHaveText('Bolt M10');

  // A GS1 DataMatrix as a scanner sends it: the GS character as Ctrl+] between fields. It names
  // its product by the engine's GS1 rules; the file keeps the GS character (below).
  await page.keyboard.type(']d2010950110153000310AB-1', { delay: 0 });
  await page.keyboard.press('Control+BracketRight');
  await page.keyboard.type('17271231', { delay: 0 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('last-read-name')).toHaveText('Serum 30 ml');
  await expect(page.getByTestId('last-read-count')).toHaveText('1');
  await expect(page.getByRole('region', { name: 'Last read' })).toContainText('<GS>17271231');

  await expect(page.getByTestId('waiting-badge')).toHaveText('All reads sent');
  const rows = await sessionFile(page, auditId);
  expect(rows.map((r) => [r[0], r[1], r[2]])).toEqual([
    ['5901234123457', '1', 'A-01'],
    ['05901234123457', '1', 'A-01'],
    ['05901234123457', '1', 'A-01'],
    ['05901234123457', '2.5', 'A-01'],
    ['4006381333931', '1', 'A-01'],
    [']d2010950110153000310AB-1\u001d17271231', '1', 'A-01'],
  ]);

  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, 'count-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: path.join(SHOTS, 'count-375.png'), fullPage: true });
  }
});

test.describe('opening', () => {
  // axe is injected as an inline script, which the app's Content-Security-Policy forbids: set aside here only.
  test.use({ bypassCSP: true });

  test('a scanner firing as the count screen opens: its reads are counted, none lost', async ({ page }) => {
    await signUp(page);
    const auditId = await countableAudit(page);

    // Loaded straight into the count: the scanner fires at once, while the count is still opening
    // (its session is held back until the reads were typed, so they surely came before it).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/audits/*/count-session', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/audits/${auditId}/count`);
    await scan(page, 'A-01');
    await scan(page, '5901234123457');
    await expect(page.getByTestId('early-reads')).toHaveText('2 reads made while the count opened: counted as soon as it is open.');
    // The screen is there before its session answered (docs/decisions/0157): the title, the scan
    // field and the counters, the rest keeping its place; and nothing for axe (WCAG 2.1 A/AA) to find.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Count');
    await expect(page.getByRole('status').filter({ hasText: 'Opening the count...' })).toBeVisible();
    await expect(page.getByLabel('Barcode or SKU')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Scan with camera' })).toBeVisible();
    await expect(page.getByText('Scan the location label first')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Reads', exact: true })).toBeVisible();
    expect(describe(await axeScan(page, 'count screen opening, reads waiting')), 'axe found WCAG A/AA violations').toBe('');
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.setViewportSize({ width: 375, height: 812 });
      await page.screenshot({ path: path.join(SHOTS, 'count-opening-375.png'), fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: path.join(SHOTS, 'count-opening-1280.png'), fullPage: true });
    }
    release();
    await expect(page.getByTestId('last-read-name')).toHaveText('Cable 3 m');
    await expect(page.getByTestId('last-read-count')).toHaveText('1');
    await expect(page.getByText('Location: A-01')).toBeVisible();
    await expect(page.getByTestId('early-reads')).toHaveCount(0);
    await page.unroute('**/api/audits/*/count-session');

    // Opened from the audit's page: a read typed the moment the link is clicked, before the screen's code has loaded.
    await page.goto(`/audits/${auditId}`);
    await page.getByRole('link', { name: 'Count', exact: true }).click();
    await scan(page, '4006381333931');
    await expect(page.getByTestId('last-read-name')).toHaveText('Bolt M10');
    await expect(page.getByTestId('last-read-count')).toHaveText('1');

    await expect(page.getByTestId('waiting-badge')).toHaveText('All reads sent');
    const rows = await sessionFile(page, auditId);
    expect(rows.map((r) => [r[0], r[1]])).toEqual([
      ['5901234123457', '1'],
      ['4006381333931', '1'],
    ]);
    expect(rows[0]?.[2]).toBe('A-01');
  });
});

test('counts without signal: reads wait on the device and reach the server exactly once', async ({ page, context }) => {
  await signUp(page);
  const auditId = await countableAudit(page);
  await page.goto(`/audits/${auditId}/count`);
  await expect(page.getByText('Scan the location label first')).toBeVisible();
  await expect(page.getByTestId('waiting-badge')).toHaveText('All reads sent');

  // The service worker holds the app shell before the signal goes.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    for (let i = 0; i < 100 && !navigator.serviceWorker.controller; i++) await new Promise((r) => setTimeout(r, 100));
  });
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  await context.setOffline(true);
  await expect(page.getByText('Offline')).toBeVisible();
  await scan(page, 'A-02');
  for (const code of ['4006381333931', '4006381333931', '09501101530003']) await scan(page, code);
  await expect(page.getByTestId('waiting-badge')).toHaveText('3 reads waiting');
  await expect(page.getByTestId('last-read-name')).toHaveText('Serum 30 ml');

  // Reloaded without signal: the shell, the product names and the waiting reads are all there.
  await page.reload();
  await expect(page.getByTestId('waiting-badge')).toHaveText('3 reads waiting');
  await expect(page.getByTestId('last-read-name')).toHaveText('Serum 30 ml');
  await page.getByRole('button', { name: 'Skip' }).click();
  await scan(page, '5901234123457');
  await expect(page.getByTestId('last-read-name')).toHaveText('Cable 3 m');
  await expect(page.getByTestId('waiting-badge')).toHaveText('4 reads waiting');

  await context.setOffline(false);
  await expect(page.getByTestId('waiting-badge')).toHaveText('All reads sent');
  const rows = await sessionFile(page, auditId);
  expect(rows.map((r) => r[0])).toEqual(['4006381333931', '4006381333931', '09501101530003', '5901234123457']);
  expect(rows.slice(0, 3).every((r) => r[2] === 'A-02')).toBe(true);
  expect(new Set(rows.map((r) => r[4])).size).toBe(4);
});

test('a page closed while its batch was on the way sends it again; the server keeps each read once', async ({ page, context }) => {
  await signUp(page);
  const auditId = await countableAudit(page);
  await page.goto(`/audits/${auditId}/count`);
  await expect(page.getByTestId('waiting-badge')).toHaveText('All reads sent');
  await page.getByRole('button', { name: 'Skip' }).click();

  // The server stores the batch, but the page is gone before the answer arrives.
  let delivered!: () => void;
  const stored = new Promise<void>((resolve) => (delivered = resolve));
  await page.route('**/api/count-sessions/*/reads', async (route) => {
    await route.fetch();
    delivered();
    await new Promise(() => {}); // never answered
  });
  await scan(page, '5901234123457');
  await stored;
  await page.close();

  const again = await context.newPage();
  await again.goto(`/audits/${auditId}/count`);
  await expect(again.getByTestId('last-read-name')).toHaveText('Cable 3 m');
  await expect(again.getByTestId('waiting-badge')).toHaveText('All reads sent');
  await scan(again, '5901234123457');
  await expect(again.getByTestId('last-read-count')).toHaveText('2');
  await expect(again.getByTestId('waiting-badge')).toHaveText('All reads sent');
  const rows = await sessionFile(again, auditId);
  expect(rows.map((r) => r[0])).toEqual(['5901234123457', '5901234123457']);
  expect(new Set(rows.map((r) => r[4])).size).toBe(2);
});

test.describe('blind count', () => {
  // A member joins: a server of its own whose organisations start on a plan with seats.
  let server: OwnServer;
  test.beforeAll(async () => {
    test.setTimeout(300_000);
    server = await startOwnServer(ownPort(12), { NEW_ORGANIZATION_TIER: 'pro' });
  });
  test.afterAll(async () => server?.stop());
  // axe is added to the page as a script of its own.
  const freshPage = async (browser: Browser) => (await browser.newContext({ baseURL: server.baseURL, bypassCSP: true })).newPage();

  test('the owner switches it on and the count screen hides expected quantities; a member sees the state, no switch', async ({ browser }) => {
    const page = await freshPage(browser);
    const account = await signUp(page);
    const auditId = await countableAudit(page);
    await page.goto(`/audits/${auditId}`);
    const blind = page.getByRole('switch', { name: 'Blind count: hide expected quantities' });
    await expect(blind).not.toBeChecked();
    await expect(page.getByTestId('blind-count-state')).toHaveText('Not set: members count blind; owners and admins see expected quantities.');
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'blind-count-owner');

    await blind.click();
    await expect(blind).toBeChecked();
    await expect(page.getByTestId('blind-count-state')).toHaveText('On: no counter sees expected quantities on the count screen.');
    await page.getByRole('link', { name: 'Count', exact: true }).click();
    await expect(page.getByText('Blind count', { exact: true })).toBeVisible();
    await expect(page.getByTestId('waiting-badge')).toHaveText('All reads sent');
    await scan(page, '5901234123457');
    await expect(page.getByTestId('last-read-name')).toHaveText('Cable 3 m');
    await expect(page.getByText('expected 4')).toHaveCount(0);

    // Off again: the owner counts with the expected quantity in view.
    await page.goto(`/audits/${auditId}`);
    await blind.click();
    await expect(blind).not.toBeChecked();
    await expect(page.getByTestId('blind-count-state')).toHaveText('Off: every counter sees expected quantities on the count screen.');
    await page.getByRole('link', { name: 'Count', exact: true }).click();
    await expect(page.getByTestId('waiting-badge')).toHaveText('All reads sent');
    await expect(page.getByText('Blind count', { exact: true })).toHaveCount(0);
    await scan(page, '4006381333931');
    await expect(page.getByTestId('last-read-name')).toHaveText('Bolt M10');
    await expect(page.getByText('expected 10')).toBeVisible();

    // A member reads the setting and has no switch; the server refuses them too.
    const memberEmail = account.email.replace('@', '-member@');
    const invited = await callApi<{ inviteUrl: string | null }>(page, 'POST', '/api/team/invite', { email: memberEmail, firstName: 'Mia', lastName: 'Member', role: 'member' });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const member = await freshPage(browser);
    await member.goto('/');
    const password = 'member password 123';
    const accepted = await callApi(member, 'POST', `/api/team/accept-invite/${invited.body.inviteUrl!.split('/').pop()!}`, {
      firstName: 'Mia',
      lastName: 'Member',
      authMethod: 'password',
      password,
      confirmPassword: password,
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBeLessThan(300);
    await member.goto(`/audits/${auditId}`);
    await expect(member.getByTestId('blind-count-state')).toHaveText('Off: every counter sees expected quantities on the count screen.');
    await expect(member.getByRole('switch')).toHaveCount(0);
    expect((await callApi(member, 'PATCH', `/api/audits/${auditId}`, { countBlind: true })).status).toBe(403);
    expect(await axeViolations(member)).toEqual([]);
    await shoot(member, 'blind-count-member');
    await member.context().close();
    await page.context().close();
  });
});

/** axe-core's WCAG 2.1 A/AA violations on the page as it is (rule ids). */
async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Array<{ id: string }> }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
    return result.violations.map((v) => v.id);
  });
}

/** With SCREENSHOTS_DIR: the page at 1280 and at 375 px. */
async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}
