/**
 * A task assigned to a team member (spec part 1 "Assign Audit Task dialog", part 2 "Tasks screen";
 * DESIGN.md section 9): on a Pro server of its own (the shared e2e server's plan has one seat), the
 * owner invites a member (through the API, as the team screen does), assigns a cycle count to them
 * in the Assign Audit Task dialog; the member signs in, sees the task as theirs with the sidebar
 * badge, starts it, uploads the fixture's scan files in the audit's resume flow and completes the
 * audit, which completes the task; the owner's All Tasks shows it complete with its assignee.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { callApi } from './support/api';
import { choose, goTo, newAccount, signUp } from './support/app';
import { addFixtureScanFiles, importCatalogue } from './support/flows';
import { readFixtureJson, type Manifest } from './support/paths';
import { ownPort, startOwnServer, type OwnServer } from './support/own-server';

const PASSWORD = 'member password 123';
const CASE = 'cycle-count-basic';
const manifest = readFixtureJson<Manifest>(CASE, 'manifest.json');
let server: OwnServer;
test.beforeAll(async () => {
  test.setTimeout(300_000);
  server = await startOwnServer(ownPort(8), { NEW_ORGANIZATION_TIER: 'pro' });
});
test.afterAll(async () => server?.stop());

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseURL });
  return context.newPage();
}

test('a task assigned to a member is theirs to start and complete; the owner sees who has it', async ({ browser }) => {
  test.setTimeout(300_000);
  const owner = await freshPage(browser);
  const account = await signUp(owner, newAccount());
  await importCatalogue(owner, CASE, manifest);
  const memberEmail = account.email.replace('@', '-member@');
  const invited = await callApi<{ inviteUrl: string | null }>(owner, 'POST', '/api/team/invite', { email: memberEmail, firstName: 'Mia', lastName: 'Member', role: 'member' });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  const token = invited.body.inviteUrl!.split('/').pop()!;

  const member = await freshPage(browser);
  await member.goto('/');
  const accepted = await callApi(member, 'POST', `/api/team/accept-invite/${token}`, {
    firstName: 'Mia',
    lastName: 'Member',
    authMethod: 'password',
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  expect(accepted.status, JSON.stringify(accepted.body)).toBeLessThan(300);

  // The owner assigns a cycle count to the member.
  await goTo(owner, 'Active Audits');
  await owner.getByRole('button', { name: 'New Audit', exact: true }).click();
  const newAudit = owner.getByRole('dialog', { name: 'New Audit' });
  await newAudit.getByRole('button', { name: /^Assign Task/ }).click();
  await newAudit.getByRole('button', { name: /^Cycle Count/ }).click();
  const details = owner.getByRole('dialog', { name: 'New Cycle Count' });
  await details.getByLabel('Audit Name').fill('Aisle 9 spot check');
  await details.getByRole('button', { name: 'Next' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Assign Audit Task' });
  await choose(owner, dialog.getByLabel('Assign To'), 'Mia Member');
  await dialog.getByRole('button', { name: 'Assign Task' }).click();
  await expect(owner.getByText('Audit task assigned successfully')).toBeVisible();

  // Not the owner's own task: the owner's My Tasks stays empty, All Tasks names the assignee.
  await goTo(owner, 'Active Tasks');
  await expect(owner.getByText('No tasks found')).toBeVisible();
  await owner.getByRole('group', { name: 'Whose tasks' }).getByRole('button', { name: 'All Tasks' }).click();
  await expect(owner.getByRole('row', { name: /Aisle 9 spot check - Audit Task/ })).toContainText('Mia Member');

  // The member (signed in by accepting): the task is theirs, the badge counts it, they start it.
  await member.goto('/');
  await expect(member.locator('[data-slot="sidebar"]:not([data-mobile])').getByLabel('1 active tasks')).toHaveText('1');
  await member.goto('/tasks');
  const row = member.getByRole('row', { name: /Aisle 9 spot check - Audit Task/ });
  await expect(row).toContainText('Pending');
  await row.getByRole('button', { name: 'Aisle 9 spot check - Audit Task', exact: true }).click();
  await member.getByRole('dialog', { name: 'Aisle 9 spot check - Audit Task' }).getByRole('button', { name: 'Start Task' }).click();
  const start = member.getByRole('dialog', { name: 'Start Audit Task' });
  await start.getByRole('button', { name: 'Start Task & Upload Data' }).click();
  await expect(member.getByText('Task started successfully')).toBeVisible();
  await start.getByRole('button', { name: 'Go to Audits & Upload Files' }).click();
  await expect(member).toHaveURL(/\/audits\/[0-9a-f-]{36}$/);
  await expect(member.getByText('Step 2 of 4')).toBeVisible();

  // The member counts: the fixture's scan files, then Complete Audit.
  await addFixtureScanFiles(member, member, CASE, manifest);
  await member.getByRole('button', { name: 'Next' }).click();
  await member.getByRole('button', { name: 'Complete Audit' }).click();
  await expect(member.getByText('Cycle Count Complete')).toBeVisible({ timeout: 60_000 });

  // The task completed with its audit: the member's badge counts none; the owner sees it complete.
  await member.goto('/tasks');
  await expect(member.locator('[data-slot="sidebar"]:not([data-mobile])').getByLabel('0 active tasks')).toHaveText('0');
  await expect(member.getByRole('tab', { name: /^Complete/ })).toHaveAccessibleName('Complete 1');
  await owner.reload();
  await owner.getByRole('group', { name: 'Whose tasks' }).getByRole('button', { name: 'All Tasks' }).click();
  const done = owner.getByRole('row', { name: /Aisle 9 spot check - Audit Task/ });
  await expect(done).toContainText('Complete');
  await expect(done).toContainText('Mia Member');
});
