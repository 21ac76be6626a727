/**
 * The shared-password gate in Chromium (spec part 2 "Password gate screen"; DESIGN.md section 8)
 * on an app server started with APP_ACCESS_PASSWORD.
 */
import { expect, test } from '@playwright/test';
import { ownPort, startOwnServer, type OwnServer } from './support/own-server';

/** With SCREENSHOTS_DIR set, the screens are also saved there at 1280 and 375 px. */
const SHOTS = process.env.SCREENSHOTS_DIR;
const PASSWORD = 'shelf life 2026';
let app: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(300_000); // a cold server start on a busy machine
  app = await startOwnServer(ownPort(10), { APP_ACCESS_PASSWORD: PASSWORD });
});
test.afterAll(async () => app?.stop());

test('nothing but /password is reachable until the shared password is given', async ({ page }) => {
  await page.goto(`${app.baseURL}/audits`);
  await expect(page).toHaveURL(`${app.baseURL}/password`);
  await expect(page.getByRole('heading', { name: 'Access Required' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Access Application' });
  await expect(submit).toBeDisabled();
  expect((await page.request.get(`${app.baseURL}/api/auth/user`)).status()).toBe(401);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/password-${width}.png`, fullPage: true });
  }

  const field = page.getByRole('textbox', { name: 'Password' });
  await field.fill('not the password');
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByText('Invalid password. Please try again.')).toBeVisible();
  // The answer stays on screen (no reload, no sign-in redirect).
  await page.waitForTimeout(1000);
  await expect(page.getByText('Invalid password. Please try again.')).toBeVisible();
  await expect(page).toHaveURL(`${app.baseURL}/password`);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/password-error-375.png`, fullPage: true });

  await field.fill(PASSWORD);
  await field.press('Enter');
  await expect(page).toHaveURL(`${app.baseURL}/`);
  await expect(page.getByRole('link', { name: 'Start Your Free Trial Today' })).toBeVisible();
  const cookie = (await page.context().cookies()).find((c) => c.name === 'stocktally_access')!;
  expect(cookie.httpOnly).toBe(true);

  // Through the gate, the app works as usual: sign in screen, sign-up.
  await page.getByRole('link', { name: 'Sign In' }).first().click();
  await expect(page).toHaveURL(/\/team-login$/);
  await page.goto(`${app.baseURL}/password`);
  await expect(page).toHaveURL(`${app.baseURL}/password`);
});
