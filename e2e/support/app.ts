/**
 * What every e2e test does through the real UI: sign up a new organisation, and choose an
 * option in a Radix select.
 */
import { expect, type Locator, type Page } from '@playwright/test';

let accounts = 0;

export interface Account {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  organization: string;
}

export function newAccount(): Account {
  accounts += 1;
  const stamp = `${Date.now()}-${accounts}`;
  return {
    email: `e2e-${stamp}@example.com`,
    password: 'correct horse battery',
    firstName: 'Erin',
    lastName: 'Tester',
    organization: `E2E Stores ${stamp}`,
  };
}

/** From the landing page: Sign In -> team login -> Create an account; ends signed in on '/'. */
export async function signUp(page: Page, account: Account = newAccount()): Promise<Account> {
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign In' }).first().click();
  await expect(page).toHaveURL(/\/team-login$/);
  await page.getByRole('button', { name: 'Create an account' }).click();
  const form = page.getByRole('form', { name: 'Create an account' });
  await form.getByLabel('First name').fill(account.firstName);
  await form.getByLabel('Last name').fill(account.lastName);
  await form.getByLabel('Organisation name').fill(account.organization);
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password').fill(account.password);
  await form.getByRole('button', { name: 'Create account' }).click();
  // Signed in: the app shell is there (its navigation may be folded away on a phone).
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeAttached();
  await expect(page).not.toHaveURL(/team-login/);
  return account;
}

/** The text a select trigger shows (its chosen option, or the placeholder). */
export async function selectedText(trigger: Locator): Promise<string> {
  return ((await trigger.textContent()) ?? '').trim();
}

/**
 * Opens the select and picks the option named `option` (exact). On a busy machine the list can
 * still be opening when the click lands (Radix ignores a pick during its open animation): then it
 * tries again, as a user would, until the trigger shows the option.
 */
export async function choose(page: Page, trigger: Locator, option: string): Promise<void> {
  await expect(async () => {
    if ((await trigger.getAttribute('aria-expanded')) !== 'true') await trigger.click();
    await page.getByRole('option', { name: option, exact: true }).click({ timeout: 5_000 });
    await expect(trigger).toContainText(option, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** Follows a sidebar link, opening the sidebar first where it is folded away (phones). */
export async function goTo(page: Page, linkName: string): Promise<void> {
  // Below 768 px the sidebar is a sheet (spec part 1 "Authenticated layout").
  if ((page.viewportSize()?.width ?? 1280) < 768) await page.getByRole('button', { name: 'Toggle Sidebar' }).first().click();
  await page.getByRole('link', { name: linkName, exact: true }).click();
}

/** Products screen: Columns menu -> tick or untick one column -> close the menu. */
export async function showColumn(page: Page, column: string, shown: boolean): Promise<void> {
  await page.getByRole('button', { name: 'Columns' }).click();
  const item = page.getByRole('menuitemcheckbox', { name: column });
  await expect(item).toHaveAttribute('aria-checked', String(!shown));
  await item.click();
  await expect(item).toHaveAttribute('aria-checked', String(shown));
  await page.keyboard.press('Escape');
  await expect(item).toBeHidden();
}
