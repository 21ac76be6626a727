/**
 * Databases for migration tests: a copy of the migrations folder that stops before a given
 * migration, and an empty database of either kind to migrate step by step.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Db } from '../db/client.js';
import { schema } from '../db/schema.js';
import { PROJECT_ROOT } from '../project-root.js';
import { createServerTestDatabase, type DatabaseKind } from './databases.js';

/** The repository's migrations. */
export const MIGRATIONS = path.join(PROJECT_ROOT, 'drizzle');

/** A copy of the migrations folder whose journal stops before migration `idx` (remove it after). */
export function migrationsBefore(idx: number): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'stocktally-migrations-'));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ idx: number }> };
  journal.entries = journal.entries.filter((e) => e.idx < idx);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

export interface MigrationDatabase {
  db: Db;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

/** An empty database of `kind` (PostgreSQL: a new database with a random name, dropped on close). */
export async function openMigrationDatabase(kind: DatabaseKind): Promise<MigrationDatabase> {
  if (kind === 'pglite') {
    const client = new PGlite({ extensions: { pg_trgm } });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return { db, migrate: (folder) => migratePglite(db as never, { migrationsFolder: folder }), close: () => client.close() };
  }
  const created = await createServerTestDatabase();
  const pool = new pg.Pool({ connectionString: created.url, max: 2 });
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  return {
    db,
    migrate: (folder) => migrateNodePg(db as never, { migrationsFolder: folder }),
    async close() {
      await pool.end();
      await created.drop();
    },
  };
}

/** The rows a raw statement answers. */
export const rowsOf = async <T,>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
