/**
 * CatalogueSnapshots (docs/decisions/0143), on both databases: a snapshot per organisation at the
 * version asked for, shared by later requests at that version; least recently used organisations
 * dropped past the bound of products held; a catalogue over the bound, or a request that read a
 * version older than the snapshot's, left to the SQL path (undefined).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { organizations, products } from '../../db/schema.js';
import { DATABASE_KINDS, openTestDatabase } from '../../test-support/databases.js';
import { CatalogueSnapshots } from './catalogue-snapshots.js';
import { readCatalogueVersion } from './repo.js';

describe.each(DATABASE_KINDS)('catalogue snapshots on %s', (kind) => {
  let database: Database;
  const org: Record<'a' | 'b' | 'c', string> = { a: '', b: '', c: '' };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const rows = await database.db.insert(organizations).values([{ name: 'A' }, { name: 'B' }, { name: 'C' }]).returning();
    [org.a, org.b, org.c] = rows.map((r) => r.id) as [string, string, string];
    const add = (organizationId: string, n: number) =>
      database.db.insert(products).values(Array.from({ length: n }, (_, i) => ({ organizationId, sku: `S-${i}`, name: `Item ${i}` })));
    await add(org.a, 3);
    await add(org.b, 2);
    await add(org.c, 5);
  });
  afterAll(async () => database?.close());

  const versionOf = (id: string) => readCatalogueVersion(database.db, id);

  it('builds once per version and shares it', async () => {
    const snapshots = new CatalogueSnapshots(100);
    const version = await versionOf(org.a);
    const [first, second] = await Promise.all([snapshots.at(database.db, org.a, version), snapshots.at(database.db, org.a, version)]);
    expect(first?.size).toBe(3);
    expect(second).toBe(first);
    expect(await snapshots.at(database.db, org.a, version)).toBe(first);
    // A request that read an older version than the snapshot's is answered by SQL.
    expect(await snapshots.at(database.db, org.a, version - 1)).toBeUndefined();
    // A write moves the version: the next request gets a new snapshot showing it.
    await database.db.execute(sql`UPDATE products SET name = 'Renamed' WHERE organization_id = ${org.a}::uuid AND sku = 'S-0'`);
    const moved = await snapshots.at(database.db, org.a, await versionOf(org.a));
    expect(moved).not.toBe(first);
    expect((JSON.parse(moved!.productJson(0)) as { name: string }).name).toBe('Renamed');
  });

  it('drops the least recently used organisations past the bound, and holds no catalogue over it', async () => {
    const snapshots = new CatalogueSnapshots(6);
    const a = await snapshots.at(database.db, org.a, await versionOf(org.a));
    const b = await snapshots.at(database.db, org.b, await versionOf(org.b));
    expect(await snapshots.at(database.db, org.b, await versionOf(org.b))).toBe(b);
    // C (5 products) makes 10: A, then B, are dropped; asked again, A is read anew.
    expect((await snapshots.at(database.db, org.c, await versionOf(org.c)))?.size).toBe(5);
    const again = await snapshots.at(database.db, org.a, await versionOf(org.a));
    expect(again?.size).toBe(3);
    expect(again).not.toBe(a);

    const small = new CatalogueSnapshots(2);
    expect(await small.at(database.db, org.a, await versionOf(org.a))).toBeUndefined();
  });
});
