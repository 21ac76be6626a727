/**
 * Accessibility of every screen, measured with axe-core (WCAG 2.0 and 2.1, levels A and AA) in
 * real Chromium at 1280 and 375 px (issue 13, point 11). Each screen state is scanned where a
 * user reaches it; the test fails on any violation, whatever its impact, and prints every one it
 * found (rule, impact, screen, the offending elements), so one run shows the whole list.
 *
 * SCREENSHOTS_DIR=/some/dir also saves a picture of each scanned state.
 */
import { expect, test, type Locator } from '@playwright/test';
import { format } from 'date-fns';
import { callApi } from './support/api';
import { describe, scan, type Finding } from './support/axe';
import { goTo, newAccount, signUp } from './support/app';
import { importCatalogue, runFixtureCycleCount } from './support/flows';
import { fixturePath, readFixtureJson, type Manifest } from './support/paths';

const CASE = 'cycle-count-basic';
const manifest = readFixtureJson<Manifest>(CASE, 'manifest.json');

async function visible(locator: Locator) {
  await expect(locator.first()).toBeVisible();
}

// The app's Content-Security-Policy forbids inline scripts, which is how axe is injected: the
// browser is told to set it aside for these tests only (the server still sends it).
test.use({ bypassCSP: true });

for (const width of [1280, 375]) {
  test(`no axe violations (WCAG 2.1 A/AA, any impact) on any screen at ${width} px`, async ({ page }) => {
    test.setTimeout(900_000);
    await page.setViewportSize({ width, height: width > 800 ? 900 : 812 });
    const found: Finding[] = [];
    const check = async (screen: string, ready: Locator) => {
      await visible(ready);
      found.push(...(await scan(page, screen)));
    };

    // Signed out.
    await page.goto('/');
    await check('landing', page.getByRole('heading', { level: 1 }));
    await page.goto('/team-login');
    await check('team login', page.getByRole('button', { name: 'Sign In', exact: true }));
    await page.getByRole('button', { name: 'Create an account' }).click();
    const signUpForm = page.getByRole('form', { name: 'Create an account' });
    await signUpForm.getByRole('button', { name: 'Create account' }).click(); // empty: the errors show
    await check('sign-up with errors', signUpForm.getByText('First name is required'));
    await page.goto('/no-such-page');
    await check('not found (signed out)', page.getByText('404 Page Not Found'));

    // Signed in, no data yet.
    await signUp(page, newAccount());
    await check('dashboard (empty)', page.getByRole('heading', { level: 1 }));
    if (width < 768) {
      await page.getByRole('button', { name: 'Toggle Sidebar' }).first().click();
      await check('navigation sheet', page.getByRole('link', { name: 'Products', exact: true }));
      await page.keyboard.press('Escape');
    }
    await page.goto('/products');
    await check('products (empty)', page.getByRole('heading', { name: 'Products', level: 1 }));
    await page.getByRole('button', { name: 'Import Products' }).first().click();
    const importDialog = page.getByRole('dialog', { name: 'Import Products' });
    await check('import dialog: upload', importDialog);
    await importDialog.getByLabel('Product file').setInputFiles(fixturePath(CASE, manifest.catalogue));
    await check('import dialog: mapping', importDialog.getByRole('button', { name: /^Import [\d,]+ rows?$/ }));
    await page.keyboard.press('Escape');
    await expect(importDialog).toBeHidden();

    await importCatalogue(page, CASE, manifest);
    // Below 768 px each product is a card.
    await check('products (with data)', width < 768 ? page.getByRole('list', { name: 'Products' }) : page.getByRole('table'));
    await page.getByRole('button', { name: 'Add Product' }).click();
    const addProduct = page.getByRole('dialog', { name: 'Add Product' });
    await addProduct.getByRole('button', { name: 'Add Product' }).click(); // empty: the error shows
    await check('add product dialog with an error', addProduct.getByRole('alert'));
    await page.keyboard.press('Escape');
    await expect(addProduct).toBeHidden();

    await page.goto('/audits');
    await check('audits (empty)', page.getByText('No audits found'));
    await page.getByRole('button', { name: 'New Audit', exact: true }).click();
    const newAudit = page.getByRole('dialog', { name: 'New Audit' });
    await check('new audit: mode', newAudit.getByRole('button', { name: /^Run Now/ }));
    await newAudit.getByRole('button', { name: /^Run Now/ }).click();
    await check('new audit: type', newAudit.getByRole('button', { name: /^Cycle Count/ }));
    // A wizard with a name typed asks before Escape closes it.
    await newAudit.getByRole('button', { name: /^Cycle Count/ }).click();
    await page.getByRole('dialog', { name: 'New Cycle Count' }).getByLabel('Audit Name').fill('Left behind');
    await page.keyboard.press('Escape');
    const leave = page.getByRole('alertdialog', { name: 'Leave this audit?' });
    await check('wizard: leave this audit?', leave);
    await leave.getByRole('button', { name: 'Leave' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Assign Task: the Assign Audit Task dialog with its due-date picker open; cancelled.
    await page.getByRole('button', { name: 'New Audit', exact: true }).click();
    await newAudit.getByRole('button', { name: /^Assign Task/ }).click();
    await newAudit.getByRole('button', { name: /^Cycle Count/ }).click();
    const stub = page.getByRole('dialog', { name: 'New Cycle Count' });
    await stub.getByLabel('Audit Name').fill('Assigned count');
    await stub.getByRole('button', { name: 'Next' }).click();
    const assign = page.getByRole('dialog', { name: 'Assign Audit Task' });
    await check('assign audit task', assign.getByLabel('Task Title'));
    await assign.getByLabel('Due Date', { exact: true }).click();
    await check('assign audit task: due-date picker', page.locator('[data-slot="popover-content"]'));
    await page.keyboard.press('Escape');
    await assign.getByRole('button', { name: 'Cancel' }).click();
    await expect(assign).toBeHidden();

    // Upload QTY refused, then 'Update the matching rows, list the rest'.
    await page.goto('/products');
    await page.getByRole('button', { name: 'Upload QTY' }).click();
    const qty = page.getByRole('dialog', { name: 'Upload Quantity Updates' });
    await qty.getByLabel('Quantity file').setInputFiles({ name: 'q.csv', mimeType: 'text/csv', buffer: Buffer.from('SKU,Quantity\nAB-97921,38\nNOPE-1,3\nNOPE-2,x\n') });
    await qty.getByRole('button', { name: 'Update Quantities' }).click();
    await check('quantity upload: refused', qty.getByRole('alert'));
    await qty.getByRole('button', { name: 'Update the matching rows, list the rest' }).click();
    await check('quantity upload: rows not updated', qty.getByRole('list', { name: 'Rows not updated' }));
    await qty.getByRole('button', { name: 'Done' }).click();
    await page.goto('/audits');

    await runFixtureCycleCount(page, CASE, manifest, 'Accessible count', async (step, dialog) => {
      await check(`cycle count wizard: ${step}`, dialog);
    });
    await check('results: summary', page.getByRole('tab', { name: /^Correct/ }));
    for (const tab of ['Correct', 'Not Found', 'Zero Sheet']) {
      await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
      await check(`results: ${tab}`, page.getByRole('tabpanel', { name: new RegExp(`^${tab}`) }));
    }
    await page.getByRole('button', { name: 'Export Results' }).click();
    await check('results: export dialog', page.getByRole('dialog', { name: 'Export Results' }));
    await page.keyboard.press('Escape');

    await page.goto('/');
    await check('dashboard (with an audit)', page.getByText('Accessible count'));
    await page.goto('/audits');
    await check('audits (with an audit)', page.getByText('Accessible count').locator('visible=true'));

    await goTo(page, 'Active Tasks');
    await check('tasks', page.getByRole('heading', { level: 1 }));
    await page.goto('/team');
    await check('team', page.getByRole('heading', { level: 1 }));
    await page.goto('/billing');
    await check('billing', page.getByRole('heading', { name: 'Billing & Subscription' }));
    await page.goto('/subscribe');
    await check('subscribe', page.getByRole('heading', { level: 1 }));
    await page.goto('/tag-analytics');
    await check('tag analytics', page.getByRole('heading', { name: 'Tag Analytics' }));
    await page.getByRole('link', { name: /^View details of / }).first().click();
    await check('tag detail with its chart', page.getByRole('region', { name: 'Accuracy over time' }).locator('.recharts-line-dots circle'));
    await page.goto('/unknown-barcodes');
    await check('unknown barcodes', page.getByRole('heading', { name: 'Unknown Barcodes' }));
    await page.goto('/settings');
    await check('settings', page.getByText('Coming soon'));
    await page.goto('/no-such-page');
    await check('not found (signed in)', page.getByText('404 Page Not Found'));

    expect(describe(found), 'axe found WCAG A/AA violations').toBe('');
  });
}

for (const width of [1280, 375]) {
  test(`no axe violations on the task screens' states at ${width} px: row menu, Delete Selected, calendar`, async ({ page }) => {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 812 });
    const found: Finding[] = [];
    const check = async (screen: string, ready: Locator) => {
      await visible(ready);
      found.push(...(await scan(page, screen)));
    };
    await signUp(page, newAccount());
    // Tasks in the table and in the calendar's day cells, one overdue-styled urgent one among them.
    const backStore = await callApi<{ id: string }>(page, 'POST', '/api/audits/stub', { name: 'Back store', type: 'cycle-count', status: 'draft' });
    const today = format(new Date(), 'yyyy-MM-dd');
    for (const [title, priority] of [['First bay', 'urgent'], ['Second bay', 'high'], ['Third bay', 'low']] as const) {
      const task = await callApi(page, 'POST', '/api/audit-tasks', { auditId: backStore.body.id, title, priority, dueDate: today });
      expect(task.status).toBe(201);
    }
    await page.goto('/tasks');
    await check('tasks with tasks', page.getByRole('button', { name: 'Actions for First bay' }).filter({ visible: true }));
    await page.getByRole('button', { name: 'Actions for First bay' }).filter({ visible: true }).click();
    await check('tasks: a row menu open', page.getByRole('menu'));
    await page.keyboard.press('Escape');
    await page.getByRole('checkbox', { name: 'Select First bay' }).filter({ visible: true }).check();
    const deleteSelected = page.getByRole('button', { name: /^Delete Selected/ });
    await deleteSelected.hover();
    await check('tasks: Delete Selected under the pointer', deleteSelected);
    await page.mouse.move(0, 0);
    await page.getByRole('button', { name: 'Calendar' }).click();
    if (width >= 768) {
      const dayCell = page.locator(`[data-day="${today}"]`);
      await check('tasks: calendar with tasks in a day', dayCell.getByRole('button', { name: /bay/ }));
      await dayCell.getByRole('button', { name: '+1 more' }).click();
    }
    // On a phone the calendar is the list of days with tasks.
    await check('tasks: calendar day list', page.getByRole('region', { name: /^Tasks due / }));
    await page.getByRole('button', { name: 'Table' }).click();

    expect(describe(found), 'axe found WCAG A/AA violations').toBe('');
  });
}
