/**
 * A LAN install over plain HTTP: the app served on a non-localhost address loads its assets
 * (no upgrade-insecure-requests without an https PUBLIC_URL) and its forms pass the Origin check.
 */
import { expect, test } from '@playwright/test';
import { newAccount } from './support/app';

test('works over plain HTTP on a non-localhost address', async ({ page, baseURL }) => {
  const lan = baseURL!.replace('localhost', '127.0.0.2');
  const failed: string[] = [];
  page.on('requestfailed', (request) => failed.push(request.url()));
  const response = await page.goto(`${lan}/`);
  expect(response?.headers()['content-security-policy']).not.toContain('upgrade-insecure-requests');
  await expect(page.getByRole('link', { name: 'Start Your Free Trial Today' })).toBeVisible();
  expect(failed).toEqual([]);

  const account = newAccount();
  await page.goto(`${lan}/team-login`);
  await page.getByRole('button', { name: 'Create an account' }).click();
  const form = page.getByRole('form', { name: 'Create an account' });
  await form.getByLabel('First name').fill(account.firstName);
  await form.getByLabel('Last name').fill(account.lastName);
  await form.getByLabel('Organisation name').fill(account.organization);
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password').fill(account.password);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: `Welcome back, ${account.firstName} ${account.lastName}` })).toBeVisible();
});
