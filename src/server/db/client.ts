/**
 * Database connection: PGlite (embedded Postgres in WebAssembly, kept in DATA_DIR) when no
 * DATABASE_URL is set, else a node-postgres pool on a PostgreSQL server (DESIGN.md section 2).
 * The same Drizzle schema and SQL run on both. Migrations in ./drizzle are applied on open.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { PROJECT_ROOT } from '../project-root.js';
import { schema } from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  /**
   * The handle of the session lookup every request makes (auth/sessions.ts): on the PostgreSQL
   * server a pool of its own of SESSION_POOL_SIZE connections (docs/decisions/0173), on PGlite
   * the same as `db`.
   */
  sessionDb: Db;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL server URL (kind postgres). */
  url?: string;
  /** Releases the connection(s). PGlite must be closed or the process lingers. */
  close(): Promise<void>;
}

/**
 * Whether `db` (or a transaction of it) runs on the embedded PGlite, not a PostgreSQL server:
 * for the few places where the drivers differ in cost (stored-files.ts).
 */
export function runsOnPglite(db: Db): boolean {
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  return !(client instanceof pg.Pool || client instanceof pg.Client);
}

const migrationsFolder = path.join(PROJECT_ROOT, 'drizzle');
const PGLITE_CONF = 'shared_buffers=16MB';

export interface OpenDatabaseOptions {
  /** PostgreSQL URL; when absent, PGlite is used. */
  url?: string;
  /** PGlite data directory; absent (with no url) = in memory. */
  dataDir?: string;
  /** Pool size for the PostgreSQL server (default 10). */
  poolSize?: number;
}

/**
 * Connections of the session lookups' own pool on the PostgreSQL server (docs/decisions/0173).
 * Node (libuv 1.45 and later) accepts one new connection per turn of its event loop, and under a
 * saturating load a turn handles about one answer per connection of the pool the requests wait
 * on: a connection still in the listen queue waits its place in that queue times a turn, so the
 * fewer the session lookups answered per turn, the sooner it is accepted. Their own pool also
 * keeps them from waiting behind the long statements of imports, exports and jobs in the main one.
 */
export const SESSION_POOL_SIZE = 4;

/** Opens the database and applies pending migrations. */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
    // numeric stays a string (money is exact); bigint counts become numbers.
    pool.on('error', () => {});
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    await migrateNodePg(db as never, { migrationsFolder });
    const sessionPool = new pg.Pool({ connectionString: opts.url, max: SESSION_POOL_SIZE });
    sessionPool.on('error', () => {});
    const sessionDb = drizzleNodePg(sessionPool, { schema }) as unknown as Db;
    return { db, sessionDb, kind: 'postgres', url: opts.url, close: async () => void (await Promise.all([pool.end(), sessionPool.end()])) };
  }
  if (opts.dataDir) {
    mkdirSync(opts.dataDir, { recursive: true });
    await preparePgliteCluster(opts.dataDir);
  }
  // Options in one object: `new PGlite(undefined, { extensions })` (in memory) drops the options.
  // pg_trgm and btree_gin back the product search indexes (docs/decisions/0010, 0086): a data
  // folder whose indexes use them must always be opened with both loaded.
  // shared_buffers 16 MB instead of PostgreSQL's 128 MB: PGlite touches the whole buffer pool in
  // the process's memory at start; the files stay in the OS page cache (docs/decisions/0057, 0064).
  const client = new PGlite({ dataDir: opts.dataDir, extensions: { pg_trgm, btree_gin }, postgresqlconf: PGLITE_CONF });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return { db, sessionDb: db, kind: 'pglite', close: () => client.close() };
}

/**
 * Creates the PGlite cluster in `dataDir` when new and applies pending migrations, in a child
 * process (pglite-prepare.mjs): the memory initdb and migrations take goes with that process
 * instead of staying with the server (docs/decisions/0064).
 * @throws Error with the child's message (e.g. the folder is not writable, a migration failed).
 */
async function preparePgliteCluster(dataDir: string): Promise<void> {
  const script = fileURLToPath(new URL('./pglite-prepare.mjs', import.meta.url));
  const child = spawn(process.execPath, [script, dataDir, migrationsFolder, PGLITE_CONF], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`Preparing the database in ${dataDir} failed: ${stderr.trim() || `exit ${code}`}`);
}
