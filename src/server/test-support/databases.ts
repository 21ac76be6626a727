/**
 * Test databases: every server test runs on PGlite and on the PostgreSQL server named by
 * TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), each test file in a fresh
 * database of its own that is dropped afterwards. With REQUIRE_POSTGRES=1 (set by .ci/run) an
 * unreachable server fails the run instead of skipping that leg.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client.js';

export type DatabaseKind = 'pglite' | 'postgres';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const REQUIRE_POSTGRES = process.env.REQUIRE_POSTGRES === '1';

async function serverReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const postgresAvailable = await serverReachable();
if (!postgresAvailable && REQUIRE_POSTGRES) {
  throw new Error(`REQUIRE_POSTGRES=1 but the PostgreSQL server at ${TEST_DATABASE_URL} is not reachable`);
}

/** The database kinds this run tests on. */
export const DATABASE_KINDS: DatabaseKind[] = postgresAvailable ? ['pglite', 'postgres'] : ['pglite'];
if (!postgresAvailable) console.warn(`PostgreSQL at ${TEST_DATABASE_URL} not reachable: its test leg is skipped`);

/**
 * A new, empty database on the PostgreSQL server (nothing migrated): its URL, and `drop()`, which
 * removes it whatever connections are still open.
 */
export async function createServerTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `stocktally_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** A fresh, migrated database of `kind`; `close()` drops it. */
export async function openTestDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === 'pglite') return openDatabase({});
  const created = await createServerTestDatabase();
  const database = await openDatabase({ url: created.url, poolSize: 5 });
  return {
    ...database,
    async close() {
      await database.close();
      await created.drop();
    },
  };
}
