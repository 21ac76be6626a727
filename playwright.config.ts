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

export default defineConfig({
  testDir: 'e2e',
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: path.join(os.tmpdir(), 'stocktally-e2e-results'),
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
  webServer: {
    command: 'npx tsx src/server/main.ts',
    url: `http://localhost:${PORT}/api/auth/csrf`,
    reuseExistingServer: false,
    timeout: 120_000,
    // The fixture catalogues hold ~400 products, more than the free plan's 100: the e2e accounts
    // start on starter, as an operator of a private install would set (docs/decisions/0006).
    env: { PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn', MAX_UPLOAD_MB: '5', NEW_ORGANIZATION_TIER: 'starter' },
  },
});
