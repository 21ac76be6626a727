/**
 * PGlite in a data folder (docs/decisions/0064): the cluster is created and migrated in a child
 * process, then opened by the server; a second open keeps the data; a folder that cannot hold a
 * cluster is refused with a message naming it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'stocktally-client-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function rows<T>(database: Awaited<ReturnType<typeof openDatabase>>, query: string): Promise<T[]> {
  return ((await database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
}

describe('openDatabase with a PGlite data folder', () => {
  it('creates and migrates a new cluster, and keeps its data on the next open', async () => {
    const dataDir = path.join(dir, 'data');
    const first = await openDatabase({ dataDir });
    try {
      // Every migration applied (the schema's tables exist) and pg_trgm installed.
      expect(await rows(first, "select 1 from pg_extension where extname = 'pg_trgm'")).toHaveLength(1);
      await first.db.execute(sql`insert into organizations (name) values ('Kept')`);
    } finally {
      await first.close();
    }
    const second = await openDatabase({ dataDir });
    try {
      expect(await rows<{ name: string }>(second, 'select name from organizations')).toEqual([{ name: 'Kept' }]);
    } finally {
      await second.close();
    }
  }, 120_000);

  it('refuses a data folder that is a file, naming it', async () => {
    const file = path.join(dir, 'not-a-folder');
    writeFileSync(file, 'x');
    await expect(openDatabase({ dataDir: path.join(file, 'data') })).rejects.toThrow(/not-a-folder/);
  });

});
