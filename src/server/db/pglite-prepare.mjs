// @ts-check
/**
 * Child process that opens the PGlite cluster in a data folder (creating it when new: initdb),
 * applies the pending migrations, and closes it. client.ts runs it before the server opens the
 * cluster itself: initdb and migrations grow PGlite's WebAssembly memory to about twice what a
 * running server needs, and neither WebAssembly memory nor the C heap behind it is given back,
 * even by a worker thread that ended; a process gives everything back (docs/decisions/0064).
 *
 * Plain JavaScript on purpose: it is started by Node itself, outside the TypeScript loader.
 *
 * argv: <dataDir> <migrationsFolder> <postgresqlconf>; exit code 0 when done, else 1 with the
 * error on stderr.
 */
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const [dataDir, migrationsFolder, postgresqlconf] = process.argv.slice(2);
try {
  const client = new PGlite({ dataDir, extensions: { pg_trgm, btree_gin }, postgresqlconf });
  try {
    await migrate(drizzle(client), { migrationsFolder: /** @type {string} */ (migrationsFolder) });
  } finally {
    await client.close();
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
