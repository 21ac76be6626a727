/**
 * An operator command's database for its tests: PGlite in a fresh DATA_DIR, or a fresh database
 * on the PostgreSQL server at DATABASE_URL (dropped by `drop`); and the command run as the
 * operator runs it, a separate process (`npm run NAME -- ARGS`).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { OpenDatabaseOptions } from '../../server/db/client.js';
import { TEST_DATABASE_URL, type DatabaseKind } from '../../server/test-support/databases.js';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../..');

export interface CommandDatabase {
  /** How the test opens the same database. */
  where: OpenDatabaseOptions;
  /** Runs `src/cli/<script>` with `args` on that database: its exit code and output. */
  command(script: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }>;
  drop(): Promise<void>;
}

export async function commandDatabase(kind: DatabaseKind, name: string): Promise<CommandDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `stocktally-${name}-`));
  let where: OpenDatabaseOptions = { dataDir };
  let env: Record<string, string> = { DATA_DIR: dataDir };
  let dropName: string | undefined;
  if (kind === 'postgres') {
    dropName = `stocktally_test_${name.replace(/-/g, '_')}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dropName}`);
    await admin.end();
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${dropName}`;
    where = { url: url.toString(), poolSize: 2 };
    env = { DATABASE_URL: url.toString(), DATA_DIR: dataDir };
  }
  return {
    where,
    command: (script, ...args) =>
      run(process.execPath, ['--import', 'tsx', `src/cli/${script}`, ...args], {
        cwd: repoRoot,
        env: { ...process.env, ...env, LOG_LEVEL: 'silent', DATABASE_URL: env.DATABASE_URL ?? '' },
      }).then(
        (r) => ({ code: 0, ...r }),
        (e: { code: number; stdout: string; stderr: string }) => e,
      ),
    async drop() {
      if (!dropName) return;
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dropName} WITH (FORCE)`);
      await admin.end();
    },
  };
}
