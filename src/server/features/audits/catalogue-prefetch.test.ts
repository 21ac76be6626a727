/**
 * The catalogue snapshot read ahead during an upload (catalogue-prefetch.ts, docs/decisions/0151)
 * is what the job gets only while the catalogue is unchanged: a product changed, added or removed
 * after the read (by any statement) makes the job read the catalogue again, so the job reconciles
 * against the catalogue as it is when processing starts; on both databases.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { organizations, products } from '../../db/schema.js';
import { DATABASE_KINDS, openTestDatabase } from '../../test-support/databases.js';
import { forgetCatalogueSnapshot, prefetchCatalogueSnapshot, takeCatalogueSnapshot } from './catalogue-prefetch.js';
import { loadCatalogueSnapshot } from './repo.js';

/** The expected quantity of `sku` in a snapshot's text. */
function quantityOf(json: string, sku: string): number | undefined {
  const row = (JSON.parse(json) as unknown[][]).find((r) => r[1] === sku);
  return row === undefined ? undefined : Number(row[10]);
}

describe.each(DATABASE_KINDS)('catalogue snapshot read ahead on %s', (kind) => {
  let database: Database;
  let organizationId = '';

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const [org] = await database.db.insert(organizations).values({ name: 'prefetch' }).returning();
    organizationId = org!.id;
    await database.db.insert(products).values([
      { organizationId, sku: 'A-1', currentQuantity: 5 },
      { organizationId, sku: 'B-2', currentQuantity: 7 },
    ]);
  });
  afterAll(async () => database?.close());

  const setQuantity = (sku: string, currentQuantity: number) =>
    database.db.update(products).set({ currentQuantity }).where(and(eq(products.organizationId, organizationId), eq(products.sku, sku)));

  it('gives the job the catalogue as it is, read ahead or not', async () => {
    const auditId = randomUUID();
    prefetchCatalogueSnapshot(database.db, organizationId, auditId);
    expect(await takeCatalogueSnapshot(database.db, organizationId, auditId)).toBe(await loadCatalogueSnapshot(database.db, organizationId));
    // Without a read ahead (another server's upload, or taken already), the job reads it.
    expect(await takeCatalogueSnapshot(database.db, organizationId, auditId)).toBe(await loadCatalogueSnapshot(database.db, organizationId));
  });

  it('reads the catalogue again when a product changed, was added or was removed after the read ahead', async () => {
    const changed = randomUUID();
    prefetchCatalogueSnapshot(database.db, organizationId, changed);
    // Most likely after the read ahead has finished; the answer must be the same either way.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await setQuantity('A-1', 11);
    expect(quantityOf(await takeCatalogueSnapshot(database.db, organizationId, changed), 'A-1')).toBe(11);

    const added = randomUUID();
    prefetchCatalogueSnapshot(database.db, organizationId, added);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await database.db.insert(products).values({ organizationId, sku: 'C-3', currentQuantity: 2 });
    expect(quantityOf(await takeCatalogueSnapshot(database.db, organizationId, added), 'C-3')).toBe(2);

    const removed = randomUUID();
    prefetchCatalogueSnapshot(database.db, organizationId, removed);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await database.db.delete(products).where(and(eq(products.organizationId, organizationId), eq(products.sku, 'C-3')));
    expect(quantityOf(await takeCatalogueSnapshot(database.db, organizationId, removed), 'C-3')).toBeUndefined();
  });

  it("never gives one organisation's read ahead to another, nor one the failed upload dropped", async () => {
    const [other] = await database.db.insert(organizations).values({ name: 'other' }).returning();
    await database.db.insert(products).values({ organizationId: other!.id, sku: 'Z-9', currentQuantity: 1 });
    const auditId = randomUUID();
    prefetchCatalogueSnapshot(database.db, organizationId, auditId);
    const json = await takeCatalogueSnapshot(database.db, other!.id, auditId);
    expect(JSON.parse(json).map((r: unknown[]) => r[1])).toEqual(['Z-9']);

    const dropped = randomUUID();
    prefetchCatalogueSnapshot(database.db, organizationId, dropped);
    forgetCatalogueSnapshot(dropped);
    await setQuantity('B-2', 8);
    expect(quantityOf(await takeCatalogueSnapshot(database.db, organizationId, dropped), 'B-2')).toBe(8);
  });
});
