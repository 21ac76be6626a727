/**
 * Count sessions and their reads in the database (DESIGN.md section 14; docs/decisions/0125).
 * Every query is scoped by organisation; reads are keyed by (session, client read id), so an
 * insert of a read the session already holds changes nothing.
 */
import { and, asc, count, eq, inArray, isNotNull, isNull, max } from 'drizzle-orm';
import type { CountRead } from '../../../contracts/counts.js';
import type { StoredCountRead } from '../../../domain/count-reads.js';
import type { Db } from '../../db/client.js';
import { countReads, countSessions, scanFiles } from '../../db/schema.js';
import { isUuid } from '../audits/repo.js';

export type CountSessionRow = typeof countSessions.$inferSelect;

/** The column names of a count's scan file (count-file.ts writes them, the engine reads them). */
export const COUNT_FILE_COLUMNS = { scan: 'Scan value', quantity: 'Quantity' } as const;

/** The session `id` of the organisation, or null (missing, other organisation, not a uuid). */
export async function findCountSession(db: Db, organizationId: string, id: string): Promise<CountSessionRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(countSessions)
    .where(and(eq(countSessions.id, id), eq(countSessions.organizationId, organizationId)))
    .limit(1);
  return row ?? null;
}

/** The counter's session on the audit, or null. */
export async function findUserCountSession(db: Db, auditId: string, userId: string): Promise<CountSessionRow | null> {
  const [row] = await db
    .select()
    .from(countSessions)
    .where(and(eq(countSessions.auditId, auditId), eq(countSessions.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** The sessions among `ids` (scan files' stored_file_id values), by id. */
export async function countSessionsAmong(db: Db, organizationId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: countSessions.id })
    .from(countSessions)
    .where(and(eq(countSessions.organizationId, organizationId), inArray(countSessions.id, [...ids])));
  return new Set(rows.map((r) => r.id));
}

/**
 * Inserts the session and its scan file (last position; stored_file_id = the session id) in the
 * caller's transaction, which holds the audit's row.
 */
export async function insertCountSession(
  tx: Db,
  values: { organizationId: string; auditId: string; userId: string; teamName: string; fileName: string },
): Promise<CountSessionRow> {
  const [session] = await tx
    .insert(countSessions)
    .values({ organizationId: values.organizationId, auditId: values.auditId, userId: values.userId, teamName: values.teamName })
    .returning();
  const [last] = await tx.select({ p: max(scanFiles.position) }).from(scanFiles).where(eq(scanFiles.auditId, values.auditId));
  await tx.insert(scanFiles).values({
    organizationId: values.organizationId,
    auditId: values.auditId,
    position: (last?.p ?? -1) + 1,
    fileName: values.fileName,
    teamName: values.teamName,
    scanColumn: COUNT_FILE_COLUMNS.scan,
    quantityColumn: COUNT_FILE_COLUMNS.quantity,
    headerChoice: 'yes',
    storedFileId: session!.id,
  });
  return session!;
}

/** File names of the audit's scan files (a new count's name must differ from all of them). */
export async function scanFileNames(db: Db, auditId: string): Promise<string[]> {
  const rows = await db.select({ fileName: scanFiles.fileName }).from(scanFiles).where(eq(scanFiles.auditId, auditId));
  return rows.map((r) => r.fileName);
}

/** Inserts the reads the session does not hold yet; answers how many were new. */
export async function insertReads(tx: Db, session: CountSessionRow, reads: readonly CountRead[]): Promise<number> {
  const rows = await tx
    .insert(countReads)
    .values(
      reads.map((r) => ({
        sessionId: session.id,
        id: r.id,
        organizationId: session.organizationId,
        value: r.kind === 'read' ? r.value : null,
        quantity: r.kind === 'read' ? r.quantity : null,
        location: r.kind === 'read' ? (r.location ?? null) : null,
        cancels: r.kind === 'undo' ? r.cancels : null,
        readAt: new Date(r.readAt),
      })),
    )
    .onConflictDoNothing({ target: [countReads.sessionId, countReads.id] })
    .returning({ id: countReads.id });
  return rows.length;
}

/**
 * The session's reads that count: reads, less those some undo cancels. Two plain statements: the
 * cancelled ids come from the undo index, then each is looked up by its key (one statement
 * joining the two made the planner, with no statistics on a young table, search the undos once
 * per read: every batch cost the square of the session's size).
 */
export async function countEffectiveReads(db: Db, sessionId: string): Promise<number> {
  const undone = await db
    .selectDistinct({ id: countReads.cancels })
    .from(countReads)
    .where(and(eq(countReads.sessionId, sessionId), isNotNull(countReads.cancels)));
  const [reads] = await db
    .select({ n: count() })
    .from(countReads)
    .where(and(eq(countReads.sessionId, sessionId), isNull(countReads.cancels)));
  if (undone.length === 0) return Number(reads!.n);
  const [cancelled] = await db
    .select({ n: count() })
    .from(countReads)
    .where(and(eq(countReads.sessionId, sessionId), inArray(countReads.id, undone.map((u) => u.id!)), isNull(countReads.cancels)));
  return Number(reads!.n) - Number(cancelled!.n);
}

/** Sets the row count of the session's scan file (while it waits for processing). */
export async function setCountFileRows(db: Db, sessionId: string, rowCount: number): Promise<void> {
  await db.update(scanFiles).set({ rowCount }).where(eq(scanFiles.storedFileId, sessionId));
}

/** Every read of the session, undos included, in read order (device time, then id: UUIDv7 ids sort by time). */
export async function listReads(db: Db, sessionId: string): Promise<StoredCountRead[]> {
  const rows = await db
    .select({
      id: countReads.id,
      value: countReads.value,
      quantity: countReads.quantity,
      location: countReads.location,
      cancels: countReads.cancels,
      readAt: countReads.readAt,
    })
    .from(countReads)
    .where(eq(countReads.sessionId, sessionId))
    .orderBy(asc(countReads.readAt), asc(countReads.id));
  return rows.map((r) => ({ ...r, readAt: r.readAt.toISOString() }));
}
