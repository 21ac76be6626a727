/**
 * Team end to end in Chromium (spec part 2 "Team Members screen", "Invitation acceptance
 * screen"; DESIGN.md sections 3 and 8): an owner on the Pro plan invites a member and a viewer
 * (no SMTP here: the link is copied from the dialog), the member accepts with a password, is
 * welcomed, lands on / and signs in at /team-login; the viewer sees a read-only app and a write
 * sent anyway answers 403; the owner edits, deactivates, resends and removes.
 *
 * Runs its own server (port E2E_PORT + 7) whose new organisations start on Pro.
 * SCREENSHOTS_DIR=/some/dir saves screenshots at the viewport's width (TEAM_VIEWPORT_WIDTH, 1280).
 */
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { choose, goTo, newAccount, signUp } from './support/app';
import { ownPort, startOwnServer, type OwnServer } from './support/own-server';

const port = ownPort(7);
const width = Number(process.env.TEAM_VIEWPORT_WIDTH ?? 1280);
const shotsDir = process.env.SCREENSHOTS_DIR;
const PASSWORD = 'member password 123';

let server: OwnServer;
test.beforeAll(async () => {
  test.setTimeout(300_000);
  server = await startOwnServer(port, { NEW_ORGANIZATION_TIER: 'pro' });
});
test.afterAll(async () => server?.stop());

async function shot(page: Page, name: string, fullPage = true) {
  if (!shotsDir) return;
  await page.screenshot({
    path: path.join(shotsDir, `${width}-${name}.png`),
    fullPage,
    animations: 'disabled',
    style: '[data-sonner-toaster] { display: none !important; }',
  });
}

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width, height: width > 800 ? 900 : 812 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log(`page error: ${error.message}`));
  return page;
}

/** Invite Member dialog -> the copyable link (no SMTP on this server). */
async function invite(page: Page, email: string, role: 'Admin' | 'Member' | 'Viewer', firstName = '') {
  const dialog = page.getByRole('dialog', { name: 'Invite Member' });
  await dialog.getByLabel('Email').fill(email);
  if (firstName) await dialog.getByLabel('First Name').fill(firstName);
  if (role !== 'Member') await choose(page, dialog.getByLabel('Role'), `${role} · ${role === 'Admin' ? 'Full access' : 'Read-only access'}`);
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  const shared = page.getByRole('dialog', { name: 'Share the invitation' });
  await expect(page.getByText('Team member invited successfully')).toBeVisible();
  const link = await shared.getByRole('textbox', { name: 'Invitation link' }).inputValue();
  expect(link).toMatch(/\/accept-invite\/[A-Za-z0-9_-]{43}$/);
  return { link, dialog: shared };
}

async function acceptWithPassword(page: Page, link: string, email: string, role: string, names: [string, string]) {
  await page.goto(link);
  await expect(page.getByRole('heading', { name: /^Join / })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText(role, { exact: true })).toBeVisible();
  await expect(page.getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible(); // expiry, 'MMM d, yyyy'
  await page.getByLabel('First Name').fill(names[0]);
  await page.getByLabel('Last Name').fill(names[1]);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
}

async function signIn(page: Page, email: string) {
  await page.goto('/team-login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}

test('owner invites, members accept and sign in, a viewer is read-only, the owner manages the team', async ({ browser }) => {
  test.setTimeout(300_000);
  const owner = await freshPage(browser);
  const account = await signUp(owner, newAccount());
  const stamp = account.email.replace(/@.*/, '');
  const memberEmail = `${stamp}-member@example.com`;
  const viewerEmail = `${stamp}-viewer@example.com`;

  // Empty team, then the first invitation from the empty state.
  await goTo(owner, 'Team Members');
  await expect(owner).toHaveURL(/\/team$/);
  await expect(owner.getByRole('heading', { name: 'Team Members', exact: true })).toBeVisible();
  // The owner is listed; the empty state invites the first colleague.
  await expect(owner.getByText('No one else on the team yet')).toBeVisible();
  await expect(owner.getByRole('table')).toContainText('Owner');
  await shot(owner, '01-team-empty');
  await owner.getByRole('button', { name: 'Invite Your First Member' }).click();
  const inviteDialog = owner.getByRole('dialog', { name: 'Invite Member' });
  await expect(inviteDialog.getByLabel('Role')).toContainText('Member');
  // Bad input: the field says what is wrong.
  await inviteDialog.getByLabel('Email').fill('not-an-email');
  await inviteDialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(inviteDialog.getByText('Please enter a valid email address')).toBeVisible();
  await shot(owner, '02-invite-dialog', false);
  const member = await invite(owner, memberEmail, 'Member', 'Mia');
  await shot(owner, '03-invite-link', false);
  await member.dialog.getByRole('button', { name: 'Done' }).click();

  await owner.getByRole('button', { name: 'Invite Member' }).click();
  const viewer = await invite(owner, viewerEmail, 'Viewer');
  await viewer.dialog.getByRole('button', { name: 'Done' }).click();
  const table = owner.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(4); // header, owner, two pending
  await expect(table.getByRole('row', { name: new RegExp(memberEmail) })).toContainText('Pending');

  // The member accepts with a password: welcome, then '/' after 3 seconds.
  const memberPage = await freshPage(browser);
  await acceptWithPassword(memberPage, member.link, memberEmail, 'Member', ['Mia', 'Member']);
  await shot(memberPage, '04-accept-invite');
  // A 7-character password and a mismatched confirmation are refused on the form.
  await memberPage.getByLabel('Password', { exact: true }).fill('1234567');
  await memberPage.getByLabel('Confirm Password').fill('7654321');
  await memberPage.getByRole('button', { name: 'Accept Invitation' }).click();
  await expect(memberPage.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(memberPage.getByText('Passwords must match')).toBeVisible();
  await memberPage.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await memberPage.getByLabel('Confirm Password').fill(PASSWORD);
  const clicked = Date.now();
  await memberPage.getByRole('button', { name: 'Accept Invitation' }).click();
  await expect(memberPage.getByText(/^Welcome to /)).toBeVisible();
  await shot(memberPage, '05-welcome', false);
  await expect(memberPage).toHaveURL(/\/$/, { timeout: 10_000 });
  expect(Date.now() - clicked).toBeGreaterThanOrEqual(3000);
  await expect(memberPage.getByRole('link', { name: 'Skip to content' })).toBeAttached();
  // The used link is invalid now.
  await memberPage.goto(member.link);
  await expect(memberPage.getByText('Invalid Invitation')).toBeVisible();

  // Signs in at /team-login: a member runs audits but does not change the catalogue.
  const memberAgain = await freshPage(browser);
  await signIn(memberAgain, memberEmail);
  await expect(memberAgain.getByRole('link', { name: /^Start New Audit Run/ })).toBeVisible();
  await memberAgain.goto('/audits');
  await expect(memberAgain.getByRole('button', { name: 'New Audit', exact: true })).toBeVisible();
  await memberAgain.goto('/products');
  await expect(memberAgain.getByRole('heading', { name: 'Products', exact: true })).toBeVisible();
  await expect(memberAgain.getByRole('button', { name: 'Import Products' })).toHaveCount(0);

  // The viewer: a read-only app; a write sent anyway answers 403.
  const viewerPage = await freshPage(browser);
  await acceptWithPassword(viewerPage, viewer.link, viewerEmail, 'Viewer', ['Vic', 'Viewer']);
  await viewerPage.getByRole('button', { name: 'Accept Invitation' }).click();
  await expect(viewerPage).toHaveURL(/\/$/, { timeout: 10_000 });
  await expect(viewerPage.getByRole('heading', { name: /Welcome/ })).toBeVisible();
  await expect(viewerPage.getByRole('link', { name: /Start New Audit/ })).toHaveCount(0);
  await expect(viewerPage.getByRole('link', { name: /View Products/ })).toBeVisible();
  await viewerPage.goto('/products');
  await expect(viewerPage.getByRole('heading', { name: 'Products', exact: true })).toBeVisible();
  for (const name of ['Import Products', 'Upload QTY']) await expect(viewerPage.getByRole('button', { name })).toHaveCount(0);
  await expect(viewerPage.getByRole('button', { name: 'Download Template' })).toBeVisible();
  await viewerPage.goto('/audits');
  await expect(viewerPage.getByRole('heading', { name: 'Audits', exact: true })).toBeVisible();
  await expect(viewerPage.getByRole('button', { name: /New Audit|Start Your First Audit/ })).toHaveCount(0);
  await viewerPage.goto('/team');
  await expect(viewerPage.getByRole('table').getByRole('row')).toHaveCount(4);
  await expect(viewerPage.getByRole('button', { name: 'Invite Member' })).toHaveCount(0);
  await expect(viewerPage.getByRole('button', { name: /^Actions for / })).toHaveCount(0);
  await shot(viewerPage, '06-team-as-viewer');
  const forbidden = await viewerPage.evaluate(async () => {
    const { token } = await (await fetch('/api/auth/csrf')).json();
    const res = await fetch('/api/audits/stub', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': token },
      body: JSON.stringify({ name: 'Sneaky', type: 'cycle-count', status: 'draft' }),
    });
    return { status: res.status, body: await res.json() };
  });
  expect(forbidden).toEqual({ status: 403, body: { error: 'FORBIDDEN', message: 'Your role is read-only: ask an admin for access.' } });

  // The owner: edit the member to admin, make the viewer inactive (signed out at once).
  await owner.reload();
  await expect(table.getByRole('row', { name: new RegExp(memberEmail) })).toContainText('Active');
  await table.getByRole('button', { name: 'Actions for Mia Member' }).click();
  await owner.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = owner.getByRole('dialog', { name: 'Edit Team Member' });
  await choose(owner, edit.getByLabel('Role'), 'Admin · Full access');
  await shot(owner, '07-edit-dialog', false);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(owner.getByText('Team member updated successfully')).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(memberEmail) })).toContainText('Admin');

  await table.getByRole('button', { name: 'Actions for Vic Viewer' }).click();
  await owner.getByRole('menuitem', { name: 'Edit' }).click();
  await choose(owner, edit.getByLabel('Status'), 'Inactive · Cannot sign in');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(table.getByRole('row', { name: new RegExp(viewerEmail) })).toContainText('Inactive');
  await viewerPage.reload();
  await expect(viewerPage.getByRole('link', { name: 'Skip to content' })).toHaveCount(0);

  // Resend: the old link stops working, the new one works.
  await owner.getByRole('button', { name: 'Invite Member' }).click();
  const pendingEmail = `${stamp}-pending@example.com`;
  const pending = await invite(owner, pendingEmail, 'Member');
  await pending.dialog.getByRole('button', { name: 'Done' }).click();
  await table.getByRole('button', { name: `Actions for ${pendingEmail}` }).click();
  await owner.getByRole('menuitem', { name: 'Resend Invite' }).click();
  const resent = owner.getByRole('dialog', { name: 'Share the invitation' });
  const newLink = await resent.getByRole('textbox', { name: 'Invitation link' }).inputValue();
  expect(newLink).not.toBe(pending.link);
  await resent.getByRole('button', { name: 'Done' }).click();
  const stranger = await freshPage(browser);
  await stranger.goto(pending.link);
  await expect(stranger.getByText('Invalid Invitation')).toBeVisible();
  await expect(stranger.getByText('This invitation is invalid or has expired. Please contact the person who invited you for a new invitation.')).toBeVisible();
  await shot(stranger, '08-invalid-invitation');
  await stranger.goto(newLink);
  await expect(stranger.getByText(pendingEmail)).toBeVisible();
  await stranger.getByRole('link', { name: 'Decline invitation' }).click();
  await expect(stranger).toHaveURL(/\/$/);

  // Remove after confirming.
  await table.getByRole('button', { name: `Actions for ${pendingEmail}` }).click();
  await owner.getByRole('menuitem', { name: 'Remove' }).click();
  const confirm = owner.getByRole('alertdialog', { name: 'Remove team member' });
  await shot(owner, '09-remove-confirm', false);
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(owner.getByText('Team member removed successfully')).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(pendingEmail) })).toHaveCount(0);
  await shot(owner, '10-team');
  // The owner's own row offers no Remove.
  await table.getByRole('button', { name: `Actions for ${account.firstName} ${account.lastName}` }).click();
  await expect(owner.getByRole('menuitem', { name: 'Remove' })).toHaveCount(0);
  await owner.keyboard.press('Escape');
});
