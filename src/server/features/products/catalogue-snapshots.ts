/**
 * The catalogue snapshots this process keeps (docs/decisions/0143): for each organisation the
 * snapshot of its latest catalogue version seen, least recently used organisations dropped past
 * MAX_SNAPSHOT_ROWS products in all (about 0.4 KB of memory a product, measured in the record).
 *
 * A request at a version with no snapshot starts building one (once, whoever asks meanwhile
 * shares it). A catalogue of up to WAIT_FOR_ROWS products is waited for (it takes a few
 * milliseconds); a larger one is built in the background while its requests take the SQL path,
 * so that the first list after a write never waits a second for the build.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loadCatalogueSnapshot, type CatalogueSnapshot } from './catalogue-snapshot.js';

/** Products held in snapshots in all: two catalogues of 100,000 and smaller ones, about 95 MB. */
export const MAX_SNAPSHOT_ROWS = 250_000;
/** Catalogues up to this size are built while the request waits. */
const WAIT_FOR_ROWS = 20_000;

interface Entry {
  snapshot?: CatalogueSnapshot;
  /** The build under way, and the version it was asked for. */
  building?: { version: number; done: Promise<CatalogueSnapshot | undefined>; wait: boolean };
  /** The version whose catalogue was found too large to hold (the SQL path answers it). */
  tooLarge?: number;
}

export class CatalogueSnapshots {
  /** In least recently used order (a Map keeps insertion order; a read re-inserts). */
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly maxRows = MAX_SNAPSHOT_ROWS) {}

  /**
   * The snapshot of the organisation's catalogue at `version` (read by the caller from
   * catalogue_versions), or undefined when the SQL path is to answer: being built in the
   * background, too large to hold, or the request read a version older than the snapshot's.
   */
  async at(db: Db, organizationId: string, version: number): Promise<CatalogueSnapshot | undefined> {
    const entry = this.entries.get(organizationId) ?? {};
    this.entries.delete(organizationId);
    this.entries.set(organizationId, entry);
    if (entry.snapshot?.version === version) return entry.snapshot;
    if (entry.snapshot && entry.snapshot.version > version) return undefined;
    if (entry.tooLarge === version) return undefined;
    let building = entry.building;
    if (building === undefined || building.version < version) {
      const size = await countProducts(db, organizationId);
      if (size > this.maxRows) {
        entry.tooLarge = version;
        return undefined;
      }
      // Meanwhile another request may have built it, or started to.
      if (entry.snapshot?.version === version) return entry.snapshot;
      building = entry.building;
      if (building === undefined || building.version < version) {
        const done = this.build(db, organizationId, entry);
        building = entry.building = { version, done, wait: size <= WAIT_FOR_ROWS };
        void done.then(() => {
          if (entry.building?.done === done) entry.building = undefined;
        });
      }
    }
    if (!building.wait) return undefined;
    const built = await building.done;
    return built?.version === version ? built : undefined;
  }

  private async build(db: Db, organizationId: string, entry: Entry): Promise<CatalogueSnapshot | undefined> {
    try {
      const snapshot = await loadCatalogueSnapshot(db, organizationId);
      if (!entry.snapshot || entry.snapshot.version < snapshot.version) entry.snapshot = snapshot;
      this.evict(organizationId);
      return snapshot;
    } catch {
      // The SQL path answers meanwhile; the next request at a version tries again.
      return undefined;
    }
  }

  /** Drops the least recently used organisations' snapshots past maxRows (never `keep`'s). */
  private evict(keep: string): void {
    let rows = 0;
    for (const entry of this.entries.values()) rows += entry.snapshot?.size ?? 0;
    for (const [organizationId, entry] of this.entries) {
      if (rows <= this.maxRows) break;
      if (organizationId === keep || !entry.snapshot) continue;
      rows -= entry.snapshot.size;
      this.entries.delete(organizationId);
    }
  }
}

async function countProducts(db: Db, organizationId: string): Promise<number> {
  const result = (await db.execute(sql`SELECT count(*)::int AS n FROM products WHERE organization_id = ${organizationId}::uuid`)) as unknown as {
    rows: Array<{ n: number }>;
  };
  return Number(result.rows[0]!.n);
}
