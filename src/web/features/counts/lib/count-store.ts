/**
 * The browser's copy of a count (DESIGN.md section 14, offline): IndexedDB keeps each count
 * session, the audit's catalogue (names show without signal), every read made on this device and
 * the outbox of reads not yet acknowledged by the server. A read enters `reads` and `outbox` in
 * one transaction, and leaves the outbox only after the server answered for its batch; the server
 * stores each read once by its id (UUIDv7), so sending a batch again is always safe.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { CountCatalogue, CountRead, CountSession } from '../../../../contracts/counts';

/** A read as kept here: the read and the session it belongs to. */
export interface KeptRead {
  id: string;
  sessionId: string;
  read: CountRead;
}

interface CountDb extends DBSchema {
  sessions: { key: string; value: CountSession; indexes: { byAudit: string } };
  catalogues: { key: string; value: CountCatalogue };
  reads: { key: string; value: KeptRead; indexes: { bySession: string } };
  outbox: { key: string; value: KeptRead; indexes: { bySession: string } };
}

const DB_NAME = 'stocktally-counts';
let opened: Promise<IDBPDatabase<CountDb>> | null = null;

function db(): Promise<IDBPDatabase<CountDb>> {
  opened ??= openDB<CountDb>(DB_NAME, 1, {
    upgrade(d) {
      d.createObjectStore('sessions', { keyPath: 'id' }).createIndex('byAudit', 'auditId');
      d.createObjectStore('catalogues', { keyPath: 'auditId' });
      d.createObjectStore('reads', { keyPath: 'id' }).createIndex('bySession', 'sessionId');
      d.createObjectStore('outbox', { keyPath: 'id' }).createIndex('bySession', 'sessionId');
    },
  });
  return opened;
}

export async function keepSession(session: CountSession): Promise<void> {
  await (await db()).put('sessions', session);
}

/** The session kept for the audit on this device (the last one opened), or undefined. */
export async function keptSessionOf(auditId: string): Promise<CountSession | undefined> {
  const all = await (await db()).getAllFromIndex('sessions', 'byAudit', auditId);
  return all.sort((a, b) => a.createdAt.localeCompare(b.createdAt)).at(-1);
}

export async function keepCatalogue(catalogue: CountCatalogue): Promise<void> {
  await (await db()).put('catalogues', catalogue);
}

export async function keptCatalogue(auditId: string): Promise<CountCatalogue | undefined> {
  return (await db()).get('catalogues', auditId);
}

/** Adds a read made on this device: kept, and waiting in the outbox until the server has it. */
export async function addRead(sessionId: string, read: CountRead): Promise<void> {
  const tx = (await db()).transaction(['reads', 'outbox'], 'readwrite');
  const kept = { id: read.id, sessionId, read };
  await Promise.all([tx.objectStore('reads').put(kept), tx.objectStore('outbox').put(kept), tx.done]);
}

/** Keeps reads the server holds (made here earlier, or on another visit). */
export async function keepServerReads(sessionId: string, reads: readonly CountRead[]): Promise<void> {
  const tx = (await db()).transaction('reads', 'readwrite');
  await Promise.all([...reads.map((read) => tx.store.put({ id: read.id, sessionId, read })), tx.done]);
}

/** Read order: by read time, then by id (UUIDv7 ids sort by time). */
export function byReadOrder(a: CountRead, b: CountRead): number {
  return a.readAt === b.readAt ? a.id.localeCompare(b.id) : a.readAt.localeCompare(b.readAt);
}

/** Every read of the session on this device, in read order. */
export async function readsOf(sessionId: string): Promise<CountRead[]> {
  const kept = await (await db()).getAllFromIndex('reads', 'bySession', sessionId);
  return kept.map((k) => k.read).sort(byReadOrder);
}

/** The session's reads waiting for the server, oldest first. */
export async function outboxOf(sessionId: string): Promise<CountRead[]> {
  const kept = await (await db()).getAllFromIndex('outbox', 'bySession', sessionId);
  return kept.map((k) => k.read).sort((a, b) => a.id.localeCompare(b.id));
}

/** Removes reads the server has acknowledged from the outbox. */
export async function acknowledge(ids: readonly string[]): Promise<void> {
  const tx = (await db()).transaction('outbox', 'readwrite');
  await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
}
