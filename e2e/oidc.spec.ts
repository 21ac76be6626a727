/**
 * External sign-in in Chromium against a real OpenID Connect provider (oidc-provider on a
 * loopback port) and an app server configured for it (DESIGN.md section 8).
 */
import { expect, test } from '@playwright/test';
import { startOidcProvider, type TestOidcProvider } from '../src/server/test-support/oidc-provider';
import { ownPort, startOwnServer, type OwnServer } from './support/own-server';

/** With SCREENSHOTS_DIR set, the screens are also saved there at 1280 and 375 px. */
const SHOTS = process.env.SCREENSHOTS_DIR;
let provider: TestOidcProvider;
let app: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(300_000); // a cold server start on a busy machine
  const port = ownPort(9);
  provider = await startOidcProvider({ redirectUris: [`http://localhost:${port}/api/callback`] });
  app = await startOwnServer(port, {
    PUBLIC_URL: `http://localhost:${port}`,
    OIDC_ISSUER_URL: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_PROVIDER_NAME: 'Acme ID',
  });
});

test.afterAll(async () => {
  await app?.stop();
  await provider?.close();
});

test('signs in through the provider from the team login screen; a first sign-in starts an organisation', async ({ page }) => {
  provider.setAccount('erin-oidc', { email: 'erin.oidc@example.com', email_verified: true, given_name: 'Erin', family_name: 'Oidc' });
  await page.goto(`${app.baseURL}/team-login`);
  const button = page.getByRole('link', { name: 'Continue with Acme ID' });
  await expect(button).toBeVisible();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/team-login-provider-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await button.click();

  // The provider's own pages.
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill('erin-oidc');
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Back in the app, signed in as the owner of a new organisation.
  await expect(page).toHaveURL(`${app.baseURL}/`);
  await expect(page.getByRole('heading', { name: 'Welcome back, Erin Oidc' })).toBeVisible();
  const me = await page.request.get(`${app.baseURL}/api/auth/user`);
  expect(await me.json()).toMatchObject({ email: 'erin.oidc@example.com', role: 'owner', organizationName: "Erin's Organisation" });

  // Logout (a POST), then the landing page's Sign In goes straight through the provider's session.
  await page.getByRole('link', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'Start Your Free Trial Today' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign In' }).first().click();
  await expect(page.getByRole('heading', { name: 'Welcome back, Erin Oidc' })).toBeVisible();
});

test('without OIDC configured the team login offers no provider button', async ({ page }) => {
  await page.goto('/team-login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Continue with/ })).toHaveCount(0);
});
