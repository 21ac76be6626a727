import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * e2e tests drive Debian's Chromium (/usr/bin/chromium; no browser download) against the real
 * server started on its own port with a fresh embedded database.
 */
const PORT = Number(process.env.E2E_PORT ?? 5055);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'stocktally-e2e-'));

// Billing (e2e/billing.spec.ts) runs against a server of its own: organisations start on free, and
// the payment provider is the local stand-in, which sends its signed webhooks to that server.
const BILLING_PORT = PORT + 3;
const STAND_IN_PORT = PORT + 2;
const WEBHOOK_SECRET = 'whsec_e2e_stand_in';
const billingEnv = {
  PORT: String(BILLING_PORT),
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'stocktally-e2e-billing-')),
  LOG_LEVEL: 'warn',
  NEW_ORGANIZATION_TIER: 'free',
  STRIPE_SECRET_KEY: 'sk_test_e2e',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_PRICE_STARTER: 'price_e2e_starter',
  STRIPE_API_BASE: `http://127.0.0.1:${STAND_IN_PORT}`,
};

export default defineConfig({
  testDir: 'e2e',
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: path.resolve('test-results'),
  use: {
    baseURL: `http://localhost:${PORT}`,
    acceptDownloads: true,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'main', testIgnore: /billing\.spec\.ts$/ },
    { name: 'billing', testMatch: /billing\.spec\.ts$/, use: { baseURL: `http://localhost:${BILLING_PORT}` } },
  ],
  webServer: [
    {
      command: 'npx tsx src/server/main.ts',
      url: `http://localhost:${PORT}/api/auth/csrf`,
      reuseExistingServer: false,
      timeout: 120_000,
      // The fixture catalogues hold ~400 products, more than the free plan's 100: the e2e accounts
      // start on starter, as an operator of a private install would set (docs/decisions/0006).
      // Every test signs up from this one address: the per-address sign-in limit is lifted for it.
      env: {
        PORT: String(PORT),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        MAX_UPLOAD_MB: '5',
        NEW_ORGANIZATION_TIER: 'starter',
        SIGN_IN_ATTEMPTS_PER_MINUTE: '10000',
      },
    },
    {
      command: 'npx tsx e2e/support/stripe-stand-in-server.ts',
      port: STAND_IN_PORT,
      reuseExistingServer: false,
      env: { STAND_IN_PORT: String(STAND_IN_PORT), WEBHOOK_URL: `http://127.0.0.1:${BILLING_PORT}/api/billing/webhook`, WEBHOOK_SECRET },
    },
    {
      command: 'npx tsx src/server/main.ts',
      url: `http://localhost:${BILLING_PORT}/api/auth/csrf`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: billingEnv,
    },
  ],
});
