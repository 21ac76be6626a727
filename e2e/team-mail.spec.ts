/**
 * An invitation by e-mail in Chromium (spec part 2 "Team Members screen", "Invitation acceptance
 * screen"; DESIGN.md section 8): on a server of its own (port E2E_PORT + 11) configured with
 * SMTP_URL pointing at a real SMTP server on loopback (smtp-server), the owner invites a member in
 * the Invite Member dialog; the e-mail arrives, its link opens the acceptance screen, the member
 * joins with a password and later signs in at /team-login.
 */
import { expect, test } from '@playwright/test';
import { startSmtpSink, type SmtpSink } from '../src/server/test-support/smtp-sink';
import { goTo, newAccount, signUp } from './support/app';
import { ownPort, startOwnServer, type OwnServer } from './support/own-server';

const PASSWORD = 'member password 123';
let sink: SmtpSink;
let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  sink = await startSmtpSink();
  server = await startOwnServer(ownPort(11), {
    NEW_ORGANIZATION_TIER: 'pro',
    SMTP_URL: sink.url,
    SMTP_FROM: 'StockTally <team@stocktally.test>',
    PUBLIC_URL: `http://localhost:${ownPort(11)}`,
  });
});
test.afterAll(async () => {
  await server?.stop();
  await sink?.close();
});

test('the invitation arrives by e-mail; its link lets the member join, and the member signs in', async ({ browser }) => {
  test.setTimeout(180_000);
  const owner = await (await browser.newContext({ baseURL: server.baseURL })).newPage();
  const account = await signUp(owner, newAccount());
  const memberEmail = account.email.replace('@', '-mail@');

  await goTo(owner, 'Team Members');
  await owner.getByRole('button', { name: 'Invite Member' }).first().click();
  const dialog = owner.getByRole('dialog', { name: 'Invite Member' });
  await dialog.getByLabel('Email').fill(memberEmail);
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(owner.getByText('Team member invited successfully')).toBeVisible();
  // Sent by e-mail: no link to copy by hand.
  await expect(owner.getByRole('dialog', { name: 'Share the invitation' })).toHaveCount(0);
  await expect(owner.getByRole('row', { name: new RegExp(memberEmail.replace(/[.+]/g, '\\$&')) })).toContainText('Pending');

  const mail = await sink.waitFor(memberEmail);
  expect(mail.from).toBe('team@stocktally.test');
  const link = mail.text.match(/https?:\/\/\S+\/accept-invite\/[A-Za-z0-9_-]{43}/)?.[0];
  expect(link, mail.text).toBeTruthy();
  expect(link!.startsWith(server.baseURL)).toBe(true);

  const member = await (await browser.newContext({ baseURL: server.baseURL })).newPage();
  await member.goto(link!);
  await expect(member.getByRole('heading', { name: /^Join / })).toBeVisible();
  await expect(member.getByText(memberEmail)).toBeVisible();
  await member.getByLabel('First Name').fill('Mel');
  await member.getByLabel('Last Name').fill('Mailed');
  await member.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await member.getByLabel('Confirm Password').fill(PASSWORD);
  await member.getByRole('button', { name: 'Accept Invitation' }).click();
  await expect(member.getByText(/^Welcome to /)).toBeVisible();
  await expect(member).toHaveURL(/\/$/, { timeout: 15_000 });

  // A later sign-in with the password chosen.
  await member.context().clearCookies();
  await member.goto('/team-login');
  await member.getByLabel('Email').fill(memberEmail);
  await member.getByLabel('Password').fill(PASSWORD);
  await member.getByRole('button', { name: 'Sign In' }).click();
  await expect(member.getByText('Welcome back!')).toBeVisible();

  await owner.reload();
  await expect(owner.getByRole('row', { name: /Mel Mailed/ })).toContainText('Active');
});
