/**
 * Audit tasks in real Chromium against the real server (spec part 1 "Assign Audit Task dialog",
 * part 2 "Tasks screen"; DESIGN.md section 9): New Audit -> Assign Task -> Cycle Count -> the
 * Assign Audit Task dialog (Myself, high, a due date, notes) -> /tasks and the sidebar badge ->
 * Start Task -> the audit's resume flow with the fixture's scan files -> audit complete -> task
 * complete; the calendar shows it on its due day; bulk delete keeps the audit.
 *
 * SCREENSHOTS_DIR=/some/dir also saves screenshots of /tasks (table, calendar) and the three
 * dialogs at 1280 and 375 px.
 */
import path from 'node:path';
import { addDays, addMonths, format } from 'date-fns';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { choose, goTo, signUp } from './support/app';
import { addFixtureScanFiles, importCatalogue } from './support/flows';
import { readFixtureJson, type Manifest } from './support/paths';

const CASE = 'cycle-count-basic';
const manifest = readFixtureJson<Manifest>(CASE, 'manifest.json');
const shotsDir = process.env.SCREENSHOTS_DIR;

/** The 15th of next month: a day the date picker reaches with one 'next month' click. */
const due = addMonths(new Date(), 1);
due.setDate(15);
const dueLabel = format(due, 'MMM d, yyyy');
const dueKey = format(due, 'yyyy-MM-dd');
/** Today, the latest day a task can be given that is overdue tomorrow (the server refuses past days). */
const todayKey = format(new Date(), 'yyyy-MM-dd');

function sidebar(page: Page) {
  return page.locator('[data-slot="sidebar"]:not([data-mobile])');
}

async function shot(page: Page, name: string, fullPage = true) {
  if (!shotsDir) return;
  const width = page.viewportSize()?.width ?? 1280;
  await page.screenshot({
    path: path.join(shotsDir, `${width}-${name}.png`),
    fullPage,
    animations: 'disabled',
    style: '[data-sonner-toaster] { display: none !important; }',
  });
}

/** /audits -> New Audit -> Assign Task -> Cycle Count -> name -> the Assign Audit Task dialog. */
async function openAssignDialog(page: Page, auditName: string): Promise<Locator> {
  await goTo(page, 'Active Audits');
  await expect(page).toHaveURL(/\/audits$/);
  await page.getByRole('button', { name: 'New Audit', exact: true }).click();
  const newAudit = page.getByRole('dialog', { name: 'New Audit' });
  await newAudit.getByRole('button', { name: /^Assign Task/ }).click();
  await newAudit.getByRole('button', { name: /^Cycle Count/ }).click();
  const details = page.getByRole('dialog', { name: 'New Cycle Count' });
  await details.getByLabel('Audit Name').fill(auditName);
  await details.getByRole('button', { name: 'Next' }).click();
  const dialog = page.getByRole('dialog', { name: 'Assign Audit Task' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Picks the due day in the open dialog's date picker (next month, the 15th). */
async function pickDueDate(page: Page, dialog: Locator) {
  await dialog.getByLabel('Due Date', { exact: true }).click();
  const picker = page.locator('[data-slot="popover-content"]');
  await picker.getByRole('button', { name: /next month/i }).click();
  await picker.locator(`[data-day="${due.toLocaleDateString('en-US')}"]`).click();
  await expect(dialog.getByLabel('Due Date', { exact: true })).toHaveText(dueLabel);
}

test('assign a cycle count to myself, start it, upload the scans: the audit and the task complete', async ({ page }) => {
  test.setTimeout(240_000);
  await signUp(page);
  await importCatalogue(page, CASE, manifest);

  const dialog = await openAssignDialog(page, 'Aisle 7 year-end');
  const title = dialog.getByLabel('Task Title');
  await expect(title).toHaveValue('Aisle 7 year-end - Audit Task');
  await expect(dialog.getByLabel('Assign To')).toHaveText('Myself');
  await expect(dialog.getByLabel('Priority')).toHaveText('Medium');
  await title.fill('   ');
  await dialog.getByRole('button', { name: 'Assign Task' }).click();
  await expect(dialog.getByText('Task title is required')).toBeVisible();
  // The message follows the field: gone at the first character of a valid title.
  await title.fill('');
  await title.pressSequentially('A');
  await expect(dialog.getByText('Task title is required')).toHaveCount(0);
  await title.fill('   ');
  await dialog.getByRole('button', { name: 'Assign Task' }).click();
  await expect(dialog.getByText('Task title is required')).toBeVisible();
  await title.fill('Aisle 7 year-end - Audit Task');
  await expect(dialog.getByText('Task title is required')).toHaveCount(0);
  await dialog.getByLabel('Description').fill('Count every bay of aisle 7.');
  await choose(page, dialog.getByLabel('Priority'), 'High');
  await pickDueDate(page, dialog);
  await dialog.getByLabel('Notes').fill('Start with the top shelf.');
  await shot(page, 'assign-task-dialog', false);
  await dialog.getByRole('button', { name: 'Assign Task' }).click();
  await expect(page.getByText('Audit task assigned successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The audit list: the draft is there and resumes.
  await expect(page.getByText('Aisle 7 year-end', { exact: true }).first()).toBeVisible();

  // Sidebar badge and /tasks.
  await expect(sidebar(page).getByLabel('1 active tasks')).toHaveText('1');
  await goTo(page, 'Active Tasks');
  await expect(page).toHaveURL(/\/tasks$/);
  const row = page.getByRole('row', { name: /Aisle 7 year-end - Audit Task/ });
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('High');
  await expect(row).toContainText(dueLabel);
  await expect(row).toContainText('Not started');
  await expect(page.getByRole('tab', { name: /^Pending/ })).toHaveAccessibleName('Pending 1');
  await shot(page, 'tasks-table');

  // Detail dialog.
  await row.getByRole('button', { name: 'Aisle 7 year-end - Audit Task', exact: true }).click();
  const detail = page.getByRole('dialog', { name: 'Aisle 7 year-end - Audit Task' });
  await expect(detail).toContainText('Count every bay of aisle 7.');
  await expect(detail).toContainText('Start with the top shelf.');
  await expect(detail).toContainText(dueLabel);
  await shot(page, 'task-detail-dialog', false);
  await detail.getByRole('button', { name: 'Start Task' }).click();

  // Start Audit Task dialog -> the audit's resume flow at the files step.
  const start = page.getByRole('dialog', { name: 'Start Audit Task' });
  await expect(start).toContainText('Aisle 7 year-end');
  await expect(start).toContainText('Start with the top shelf.');
  await shot(page, 'start-task-dialog', false);
  await start.getByRole('button', { name: 'Start Task & Upload Data' }).click();
  await expect(page.getByText('Task started successfully')).toBeVisible();
  await start.getByRole('button', { name: 'Go to Audits & Upload Files' }).click();
  await expect(page).toHaveURL(/\/audits\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Step 2 of 4')).toBeVisible();

  await addFixtureScanFiles(page, page, CASE, manifest);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Complete Audit' }).click();
  await expect(page.getByText('Cycle Count Complete')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('button', { name: 'Export Results' })).toBeVisible({ timeout: 15_000 });

  // The task completed with its audit; the badge counts no open task.
  await expect(sidebar(page).getByLabel('0 active tasks')).toHaveText('0');
  await goTo(page, 'Active Tasks');
  await expect(page.getByRole('tab', { name: /^Complete/ })).toHaveAccessibleName('Complete 1');
  const done = page.getByRole('row', { name: /Aisle 7 year-end - Audit Task/ });
  await expect(done).toContainText('Complete');
  await expect(done).toContainText(/Completed [A-Z][a-z]{2} \d{1,2}, \d{4}/);

  // All Tasks shows the assignee.
  await page.getByRole('button', { name: 'All Tasks', exact: true }).click();
  await expect(page.getByRole('columnheader', { name: 'Assignee' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Aisle 7 year-end - Audit Task/ })).toContainText('Erin Tester');

  // Calendar: on its due day, next month.
  await page.getByRole('button', { name: 'Calendar' }).click();
  await page.getByRole('button', { name: 'Next month' }).click();
  await expect(page.getByRole('heading', { name: format(due, 'MMMM yyyy') })).toBeVisible();
  await expect(page.locator(`[data-day="${dueKey}"]`).getByRole('button', { name: /Aisle 7 year-end - Audit Task/ })).toBeVisible();
  await shot(page, 'tasks-calendar');

  // Bulk delete: the task goes, the audit stays.
  await page.getByRole('button', { name: 'Table' }).click();
  await page.getByLabel('Select all').check();
  await page.getByRole('button', { name: /^Delete Selected/ }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to delete 1 selected task(s)?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Tasks deleted successfully')).toBeVisible();
  await expect(page.getByText('No tasks found')).toBeVisible();
  await goTo(page, 'Active Audits');
  await expect(page.getByText('Aisle 7 year-end', { exact: true }).first()).toBeVisible();
});

test('the calendar shows 2 tasks a day, then +N more; an overdue task says so', async ({ page }) => {
  await signUp(page);
  // Tasks straight through the API (the dialog is covered above): 3 due on one day, 1 overdue.
  const csrf = (await (await page.request.get('/api/auth/csrf')).json()).token as string;
  const post = async (url: string, data: unknown) => {
    const res = await page.request.post(url, { data, headers: { 'x-csrf-token': csrf } });
    expect(res.ok(), await res.text()).toBe(true);
    return res.json();
  };
  const audit = await post('/api/audits/stub', { name: 'Back store', type: 'cycle-count', status: 'draft' });
  for (const t of ['First', 'Second', 'Third']) await post('/api/audit-tasks', { auditId: audit.id, title: `${t} bay`, dueDate: dueKey });
  await post('/api/audit-tasks', { auditId: audit.id, title: 'Late count', dueDate: todayKey, priority: 'urgent' });

  // Due today, it is not overdue; tomorrow it is (the browser's clock moved on a day).
  await page.goto('/tasks');
  await expect(page.getByRole('row', { name: /Late count/ })).not.toContainText('Overdue');
  await page.clock.setFixedTime(addDays(new Date(), 1));
  await page.reload();
  await expect(page.getByRole('row', { name: /Late count/ })).toContainText('Overdue');
  await page.clock.setFixedTime(new Date());
  await page.reload();
  await page.getByRole('button', { name: 'Calendar' }).click();
  await page.getByRole('button', { name: 'Next month' }).click();
  const day = page.locator(`[data-day="${dueKey}"]`);
  await expect(day.getByRole('button', { name: /bay/ })).toHaveCount(2);
  await day.getByRole('button', { name: '+1 more' }).click();
  await expect(page.getByRole('region', { name: `Tasks due ${dueLabel}` }).getByRole('button', { name: /bay/ })).toHaveCount(3);
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(page.getByRole('heading', { name: format(new Date(), 'MMMM yyyy') })).toBeVisible();
});

for (const width of [1280, 375]) {
  test(`task screens at ${width} px`, async ({ page }) => {
    test.skip(!shotsDir, 'set SCREENSHOTS_DIR to take screenshots');
    await page.setViewportSize({ width, height: width > 800 ? 900 : 812 });
    await signUp(page);
    const csrf = (await (await page.request.get('/api/auth/csrf')).json()).token as string;
    const post = async (url: string, data: unknown = {}) => (await page.request.post(url, { data, headers: { 'x-csrf-token': csrf } })).json();
    const audit = await post('/api/audits/stub', { name: 'Aisle 7 year-end', type: 'cycle-count', status: 'draft' });
    const tasks = [
      { title: 'Aisle 7 year-end - Audit Task', priority: 'high', dueDate: dueKey, notes: 'Start with the top shelf.', description: 'Count every bay.' },
      { title: 'Back store recount', priority: 'urgent', dueDate: todayKey },
      { title: 'Cold room spot check', priority: 'low', dueDate: dueKey },
      { title: 'Front shelves', priority: 'medium', dueDate: dueKey },
      { title: 'Returns cage', priority: 'medium', dueDate: null },
    ];
    const created = [];
    for (const t of tasks) created.push(await post('/api/audit-tasks', { auditId: audit.id, ...t }));
    await post(`/api/audit-tasks/${created[2].id}/start`);

    // A day later in the browser: 'Back store recount' is overdue.
    await page.clock.setFixedTime(addDays(new Date(), 1));
    await page.goto('/tasks');
    await expect(page.getByText('Back store recount').filter({ visible: true })).toBeVisible();
    await shot(page, 'tasks-table-screen');
    await page.getByRole('button', { name: 'All Tasks', exact: true }).click();
    await shot(page, 'tasks-table-all');
    await page.getByRole('button', { name: 'Calendar' }).click();
    await page.getByRole('button', { name: 'Next month' }).click();
    await shot(page, 'tasks-calendar-screen');
    await page.getByRole('button', { name: 'Table' }).click();
    await page.getByRole('button', { name: 'My Tasks', exact: true }).click();

    await page.getByRole('button', { name: 'Aisle 7 year-end - Audit Task', exact: true }).filter({ visible: true }).click();
    await expect(page.getByRole('dialog')).toContainText('Start with the top shelf.');
    await shot(page, 'task-detail-screen', false);
    await page.getByRole('dialog').getByRole('button', { name: 'Start Task' }).click();
    await expect(page.getByRole('dialog', { name: 'Start Audit Task' })).toBeVisible();
    await shot(page, 'start-task-screen', false);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    const dialog = await openAssignDialog(page, 'Cold room');
    await shot(page, 'assign-task-screen', false);
    await dialog.getByLabel('Due Date', { exact: true }).click();
    await shot(page, 'assign-task-date-picker', false);
  });
}

test('the due date picker offers no day before today, and the server refuses one, naming the field', async ({ page }) => {
  await signUp(page);
  const dialog = await openAssignDialog(page, 'Cold room');
  await dialog.getByLabel('Due Date', { exact: true }).click();
  const picker = page.locator('[data-slot="popover-content"]');
  const today = new Date();
  const yesterday = addDays(today, -1);
  await expect(picker.locator(`[data-day="${today.toLocaleDateString('en-US')}"]`)).toBeEnabled();
  if (yesterday.getMonth() !== today.getMonth()) await picker.getByRole('button', { name: /previous month/i }).click();
  await expect(picker.locator(`[data-day="${yesterday.toLocaleDateString('en-US')}"]`)).toBeDisabled();
  if (yesterday.getMonth() !== today.getMonth()) await picker.getByRole('button', { name: /next month/i }).click();
  await picker.locator(`[data-day="${today.toLocaleDateString('en-US')}"]`).click();
  await expect(dialog.getByLabel('Due Date', { exact: true })).toHaveText(format(today, 'MMM d, yyyy'));
  await dialog.getByRole('button', { name: 'Assign Task' }).click();
  await expect(page.getByText('Audit task assigned successfully')).toBeVisible();

  // Straight to the API: a day past everywhere on Earth is refused with the field's name.
  const csrf = (await (await page.request.get('/api/auth/csrf')).json()).token as string;
  const audit = await (await page.request.post('/api/audits/stub', { data: { name: 'Late', type: 'cycle-count', status: 'draft' }, headers: { 'x-csrf-token': csrf } })).json();
  const late = format(addDays(today, -2), 'yyyy-MM-dd');
  const res = await page.request.post('/api/audit-tasks', { data: { auditId: audit.id, title: 'Late', dueDate: late }, headers: { 'x-csrf-token': csrf } });
  expect(res.status()).toBe(400);
  expect((await res.json()).message).toBe(`dueDate: "${late}" is in the past: a task is due today or later`);
});
