/**
 * The catalogue snapshot of a processing job read ahead, while the upload that starts the job is
 * still being received and staged (docs/decisions/0151). On the PostgreSQL server, reading the
 * snapshot (about 0.4 s of the database's time at 100,000 products) then overlaps the upload
 * instead of following it. The job still gets the catalogue as it is when processing starts
 * (DESIGN.md section 2): the text read ahead carries the organisation's catalogue version
 * (`catalogue_versions`, moved by every statement on its products or identifiers, docs/decisions/0131),
 * and the job uses it only when that version is still the current one; otherwise it reads the
 * snapshot again.
 *
 *   prefetchCatalogueSnapshot(db, organizationId, auditId);      // upload-multiple, before the body
 *   const json = await takeCatalogueSnapshot(db, organizationId, auditId); // the job
 *
 * Only this process's jobs use what it read ahead (a job run by another server reads its own);
 * what no job takes within PREFETCH_TTL_MS, or what a failed upload started, is dropped. The embedded database (one connection,
 * which the read would take from the upload's own writes) reads at job time only.
 */
import { runsOnPglite, type Db } from '../../db/client.js';
import { readCatalogueVersion } from '../products/repo.js';
import { loadVersionedCatalogueSnapshot, loadCatalogueSnapshot } from './repo.js';

/** How long a snapshot read ahead waits for its job before it is dropped. */
export const PREFETCH_TTL_MS = 30_000;

interface Prefetched {
  organizationId: string;
  snapshot: Promise<{ version: number; json: string } | null>;
  timer: NodeJS.Timeout;
}

/** Snapshots read ahead, by audit id. */
const prefetched = new Map<string, Prefetched>();

/**
 * Starts reading the organisation's catalogue snapshot for the job of audit `auditId` (PostgreSQL
 * server only; a no-op on the embedded database). Never throws: a failed read is forgotten and
 * the job reads the snapshot itself. A second call for the same audit replaces the first.
 */
export function prefetchCatalogueSnapshot(db: Db, organizationId: string, auditId: string): void {
  if (runsOnPglite(db)) return;
  forget(auditId);
  const snapshot = loadVersionedCatalogueSnapshot(db, organizationId).catch(() => null);
  const timer = setTimeout(() => forget(auditId), PREFETCH_TTL_MS);
  timer.unref();
  prefetched.set(auditId, { organizationId, snapshot, timer });
}

/**
 * The catalogue snapshot for the job of audit `auditId` (`loadCatalogueSnapshot`'s text): the one
 * read ahead when there is one for this organisation and its catalogue version is still current,
 * else a fresh read. Whatever was read ahead for the audit is released either way.
 * @throws what the database throws on a fresh read.
 */
export async function takeCatalogueSnapshot(db: Db, organizationId: string, auditId: string): Promise<string> {
  const entry = prefetched.get(auditId);
  forget(auditId);
  if (entry && entry.organizationId === organizationId) {
    const read = await entry.snapshot;
    if (read && read.version === (await readCatalogueVersion(db, organizationId))) return read.json;
  }
  return loadCatalogueSnapshot(db, organizationId);
}

/** Drops what was read ahead for audit `auditId` (its upload failed: no job will take it). */
export function forgetCatalogueSnapshot(auditId: string): void {
  forget(auditId);
}

function forget(auditId: string): void {
  const entry = prefetched.get(auditId);
  if (!entry) return;
  clearTimeout(entry.timer);
  prefetched.delete(auditId);
}
