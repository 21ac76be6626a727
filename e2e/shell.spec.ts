/**
 * The signed-out pages and the signed-in shell (spec part 1 section 2 "Screens and routes",
 * "Authenticated layout", "Landing page"; part 2 "Placeholder pages"), in real Chromium
 * against the real server.
 */
import { expect, test, type Page } from '@playwright/test';
import { signUp } from './support/app';

const NOT_FOUND_TITLE = '404 Page Not Found';
const NOT_FOUND_TEXT = 'Did you forget to add the page to the router?';

function sidebar(page: Page) {
  // The desktop sidebar carries its state; the mobile one is a sheet (data-mobile).
  return page.locator('[data-slot="sidebar"]:not([data-mobile])');
}

async function sidebarCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === 'sidebar_state');
}

test('landing page: sections, anchors, and every sign-in button goes to /api/login', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'How It Works' })).toHaveAttribute('href', '#how-it-works');
  await expect(header.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '#pricing');
  await expect(header.getByRole('link', { name: 'Features' })).toHaveAttribute('href', '#features');

  for (const name of ['Sign In', 'Start Free Trial', 'Get Started', 'Start Your Free Trial Today']) {
    const links = page.getByRole('link', { name, exact: true });
    expect(await links.count(), name).toBeGreaterThan(0);
    for (const link of await links.all()) await expect(link).toHaveAttribute('href', '/api/login');
  }

  await expect(page.getByRole('heading', { name: 'The Inventory Audit Challenge' })).toBeVisible();
  for (const pain of ['Hours of manual work', 'Expensive overkill', 'Data lock-in']) {
    await expect(page.getByRole('heading', { name: pain })).toBeVisible();
  }
  const how = page.locator('#how-it-works');
  for (const name of ['Cycle Count', 'Product Audit', 'Upload Your Data', 'Upload Scan Results', 'Get Professional Reports']) {
    await expect(how.getByRole('heading', { name })).toBeVisible();
  }

  const pricing = page.locator('#pricing');
  const plans = pricing.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
  await expect(plans).toHaveCount(3);
  await expect(plans.nth(0)).toContainText('Free Trial');
  await expect(plans.nth(0)).toContainText('$0');
  await expect(plans.nth(0)).toContainText('15 audits per month');
  await expect(plans.nth(0)).toContainText('100 products');
  await expect(plans.nth(1)).toContainText('Most Popular');
  await expect(plans.nth(1)).toContainText('$29');
  await expect(plans.nth(1)).toContainText('5,000 products');
  await expect(plans.nth(2)).toContainText('$79');
  await expect(plans.nth(2)).toContainText('Up to 5 users');
  await expect(plans.nth(2)).toContainText('50,000 products');
  await expect(pricing.getByText('Contact us for enterprise pricing')).toBeVisible();

  // Footer pages whose targets the spec does not show: text, not links that jump to the top.
  const footer = page.getByRole('contentinfo');
  for (const name of ['API Documentation', 'Help Center', 'Contact Us', 'Status Page', 'Security', 'Privacy Policy', 'Terms of Service', 'Cookie Policy']) {
    await expect(footer.getByText(name, { exact: true })).toBeVisible();
    await expect(footer.getByRole('link', { name })).toHaveCount(0);
  }

  // An anchor scrolls to its section.
  await header.getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/#pricing$/);
  await expect(page.getByRole('heading', { name: 'Simple, transparent pricing' })).toBeInViewport();
});

test('landing at 375 px: no horizontal scroll; the menu holds the section links', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.locator('#landing-menu').getByRole('link', { name: 'How It Works' }).click();
  await expect(page).toHaveURL(/#how-it-works$/);
  await expect(page.locator('#landing-menu')).toBeHidden();
});

test('landing -> Sign In -> team login -> create account -> dashboard', async ({ page }) => {
  const account = await signUp(page);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: `Welcome back, ${account.firstName} ${account.lastName}` })).toBeVisible();

  // Sidebar: items in order, the current one highlighted, badges, footer.
  const nav = sidebar(page);
  const names = await nav.locator('[data-sidebar="menu-button"]').allInnerTexts();
  expect(names.map((n) => n.trim()).slice(1)).toEqual([
    'Dashboard',
    'Products',
    'Active Audits',
    'Tag Analytics',
    'Unknown Barcodes',
    'Active Tasks',
    'Team Members',
    'Billing',
    'Settings',
    'Help & Support',
  ]);
  await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByLabel('0 products')).toHaveText('0');
  await expect(nav.getByLabel('0 active audits')).toHaveText('0');
  await expect(nav.getByText(account.email)).toBeVisible();
  await expect(nav.getByText(`${account.firstName} ${account.lastName}`)).toBeVisible();
  await expect(nav.getByText('ET', { exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Log out' })).toHaveAttribute('href', '/api/logout');

  await nav.getByRole('link', { name: 'Active Audits' }).click();
  await expect(page).toHaveURL(/\/audits$/);
  await expect(nav.getByRole('link', { name: 'Active Audits' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).not.toHaveAttribute('aria-current', 'page');

  // Logout ends the session: the landing page again.
  await page.goto('/');
  await page.getByRole('link', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'Start Your Free Trial Today' })).toBeVisible();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});

test('sidebar collapse persists across reloads (cookie sidebar_state, 7 days) and Ctrl+B toggles it', async ({ page }) => {
  await signUp(page);
  const nav = sidebar(page);
  await expect(nav).toHaveAttribute('data-state', 'expanded');

  await page.locator('header [data-sidebar="trigger"]').click();
  await expect(nav).toHaveAttribute('data-state', 'collapsed');
  const cookie = await sidebarCookie(page);
  expect(cookie?.value).toBe('false');
  const sevenDays = 7 * 24 * 60 * 60;
  expect(Math.abs(cookie!.expires - Date.now() / 1000 - sevenDays)).toBeLessThan(60);

  await page.reload();
  await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed');

  await page.keyboard.press('Control+b');
  await expect(sidebar(page)).toHaveAttribute('data-state', 'expanded');
  expect((await sidebarCookie(page))?.value).toBe('true');
  await page.reload();
  await expect(sidebar(page)).toHaveAttribute('data-state', 'expanded');

  await page.keyboard.press('Control+b');
  await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed');
  await page.reload();
  await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed');
});

test('at 375 px the sidebar opens as a side sheet', async ({ page }) => {
  await signUp(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByRole('link', { name: 'Products', exact: true })).toBeHidden();

  // The sign-up toast is still up: on a phone it sits at the bottom, not over the menu button.
  await expect(page.getByText('Your organisation is ready.')).toBeVisible();
  await page.locator('header [data-sidebar="trigger"]').click({ timeout: 5_000 });
  const sheet = page.getByRole('dialog', { name: 'Sidebar' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute('aria-current', 'page');
  await sheet.getByRole('link', { name: 'Products', exact: true }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(sheet).toBeHidden();

  await page.keyboard.press('Control+b');
  await expect(sheet).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
});

test('unknown paths show the not-found page, signed out and signed in', async ({ page }) => {
  for (const path of ['/no-such-page', '/audits-typo/42']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: NOT_FOUND_TITLE })).toBeVisible();
    await expect(page.getByText(NOT_FOUND_TEXT)).toBeVisible();
  }
  // A signed-in page is not there for a signed-out visitor.
  await page.goto('/analytics');
  await expect(page.getByRole('heading', { name: NOT_FOUND_TITLE })).toBeVisible();

  await signUp(page);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: NOT_FOUND_TITLE })).toBeVisible();
  await expect(page.getByText(NOT_FOUND_TEXT)).toBeVisible();
  await expect(sidebar(page)).toBeVisible(); // inside the shell
});

test('placeholder pages say coming soon', async ({ page }) => {
  await signUp(page);
  for (const [path, title] of [
    ['/analytics', 'Analytics'],
    ['/integrations', 'Integrations'],
    ['/settings', 'Settings'],
    ['/help', 'Help & Support'],
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Coming soon', { exact: true })).toBeVisible();
  }
  await expect(sidebar(page).getByRole('link', { name: 'Help & Support' })).toHaveAttribute('aria-current', 'page');
});
