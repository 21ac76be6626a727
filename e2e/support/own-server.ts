/**
 * An app server of a test's own, for settings the shared e2e server does not have (external
 * sign-in, the password gate): `npx tsx src/server/main.ts` on its own port and a fresh
 * embedded database, stopped by `stop()`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './paths';

export interface OwnServer {
  baseURL: string;
  stop(): Promise<void>;
}

/**
 * The e2e port + `offset` (E2E_PORT, default 5055): each spec that needs its own server takes an
 * offset of its own. Taken: +2 payment stand-in, +3 billing server (playwright.config.ts), +7 team,
 * +8 tasks assigned to a member, +9 external sign-in, +10 password gate, +11 invitations by e-mail. +5 and +6 (5060, 5061 by
 * default) are SIP ports that fetch and Chromium refuse to connect to (the Fetch standard's "bad ports").
 */
export function ownPort(offset: number): number {
  return Number(process.env.E2E_PORT ?? 5055) + offset;
}

export async function startOwnServer(port: number, env: Record<string, string>): Promise<OwnServer> {
  // node itself (not npx) so that stop() signals the server, not a wrapper that outlives it.
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'stocktally-e2e-own-')),
      LOG_LEVEL: 'warn',
      NEW_ORGANIZATION_TIER: 'starter',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseURL = `http://localhost:${port}`;
  // Generous: a busy machine takes long to start a server (migrations, first compile).
  const deadline = Date.now() + 280_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app server on port ${port} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/api/auth/csrf`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`the app server on port ${port} did not start within 280 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseURL,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
