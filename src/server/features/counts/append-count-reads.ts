/**
 * `POST /api/count-sessions/{id}/reads` (DESIGN.md section 14; docs/decisions/0125): appends a
 * batch of reads to the caller's count session. Idempotent by read id: a batch sent again (the
 * answer was lost, the page closed mid-sync) stores only the reads the session lacks, so every
 * read is stored exactly once whatever the network did.
 *
 * Reads are taken only while the audit can still change (draft, pending, error): the audit's row
 * is held (share lock) while they are stored, so processing, which updates that row to start,
 * starts either before the batch (the batch is refused, 409) or after it (the batch is counted).
 */
import { sql } from 'drizzle-orm';
import type { CurrentUser } from '../../../contracts/auth.js';
import type { AppendReadsBody, AppendReadsResult, CountRead } from '../../../contracts/counts.js';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import { PROCESSABLE } from '../audits/process-audit.js';
import { countEffectiveReads, findCountSession, insertReads, setCountFileRows } from './repo.js';

/**
 * @throws AppError 404 NOT_FOUND (no such session in the organisation); 403 NOT_YOUR_COUNT (another
 *   counter's session); 409 AUDIT_NOT_PROCESSABLE (the audit is processing or complete: the reads
 *   were not stored).
 */
export async function appendCountReads(opts: { db: Db; user: CurrentUser; sessionId: string; body: AppendReadsBody }): Promise<AppendReadsResult> {
  const { db, user, body } = opts;
  const session = await findCountSession(db, user.organizationId, opts.sessionId);
  if (!session) throw notFound('Count session');
  if (session.userId !== user.id) throw new AppError('NOT_YOUR_COUNT', 'This count belongs to another counter: open your own count of the audit.', 403);
  const reads = distinctById(body.reads);
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const held = await tx.execute(sql`select status from audits where id = ${session.auditId} for share`);
    const status = (held as unknown as { rows: Array<{ status: string }> }).rows[0]?.status;
    if (!status || !PROCESSABLE.includes(status)) {
      throw new AppError('AUDIT_NOT_PROCESSABLE', `This audit is ${status ?? 'gone'}; its count takes no more reads.`, 409);
    }
    const stored = await insertReads(tx, session, reads);
    const readCount = await countEffectiveReads(tx, session.id);
    if (stored > 0) await setCountFileRows(tx, session.id, readCount);
    return { stored, alreadyStored: body.reads.length - stored, readCount };
  });
}

/** The batch with each read id once (the first of repeats). */
function distinctById(reads: readonly CountRead[]): CountRead[] {
  const seen = new Set<string>();
  return reads.filter((r) => !seen.has(r.id) && Boolean(seen.add(r.id)));
}
