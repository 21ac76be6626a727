/**
 * The session lookups' own pool (docs/decisions/0173): on the PostgreSQL server every request's
 * session lookup is one checkout of a pool of SESSION_POOL_SIZE connections apart from the main
 * pool, and none of the main one; on PGlite both handles are the one database. A sign-out or a
 * change of role made through the main pool shows on the next request.
 */
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from './schema.js';
import { SESSION_POOL_SIZE, type Db } from './client.js';
import { DATABASE_KINDS } from '../test-support/databases.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

/** The node-postgres pool under a Drizzle handle (undefined on PGlite). */
function poolOf(db: Db): pg.Pool | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client && typeof (client as pg.Pool).on === 'function' && 'totalCount' in (client as object) ? (client as pg.Pool) : undefined;
}

/** Counts the checkouts of `pool` while `run` runs. */
async function checkouts(pool: pg.Pool, run: () => Promise<unknown>): Promise<number> {
  let n = 0;
  const count = () => (n += 1);
  pool.on('acquire', count);
  try {
    await run();
  } finally {
    pool.off('acquire', count);
  }
  return n;
}

describe.each(DATABASE_KINDS)('session lookups on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t.close());

  it(kind === 'postgres' ? 'run on a pool of their own, one checkout a request' : 'run on the one database', async () => {
    const owner = t.client();
    const { organizationId } = (await owner.signUp()) as { organizationId: string };
    if (kind === 'pglite') {
      expect(t.sessionDb).toBe(t.db);
      expect((await owner.get('/api/auth/user')).statusCode).toBe(200);
      return;
    }
    const sessions = poolOf(t.sessionDb)!;
    const main = poolOf(t.db)!;
    expect(sessions).toBeDefined();
    expect(sessions).not.toBe(main);
    expect(sessions.options.max).toBe(SESSION_POOL_SIZE);
    // GET /api/auth/user is the lookup alone: one checkout of the session pool, none of the main one.
    let user = 0;
    const mainForUser = await checkouts(main, async () => {
      user = await checkouts(sessions, async () => expect((await owner.get('/api/auth/user')).statusCode).toBe(200));
    });
    expect([user, mainForUser]).toEqual([1, 0]);
    // The product list's lookup with the catalogue version (decision 0154) goes the same way.
    expect(await checkouts(sessions, async () => expect((await owner.get('/api/products?page=1&limit=10')).statusCode).toBe(200))).toBe(1);
    // A change through the main pool is seen by the next lookup: a deactivated user is signed out.
    await t.db.update(users).set({ status: 'inactive' }).where(eq(users.organizationId, organizationId));
    expect((await owner.get('/api/auth/user')).statusCode).toBe(401);
  });
});
