/**
 * `POST /api/audits/{id}/count-session` (DESIGN.md section 14; docs/decisions/0125): the caller's
 * count session on a draft or pending audit (or one whose processing failed), made on the first
 * call and answered again on the next ones. Making it adds the count as a scan file of the audit
 * (team = the counter's name), and a draft audit becomes pending, as after an upload.
 */
import { sql } from 'drizzle-orm';
import type { CurrentUser } from '../../../contracts/auth.js';
import type { CountSession } from '../../../contracts/counts.js';
import { isBlindCount } from '../../../domain/blind-count.js';
import type { Db } from '../../db/client.js';
import { audits } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { assertProcessable, PROCESSABLE } from '../audits/process-audit.js';
import type { AuditRow } from '../audits/repo.js';
import { countEffectiveReads, findUserCountSession, insertCountSession, scanFileNames, type CountSessionRow } from './repo.js';

/**
 * Answers the caller's session on `audit` (201 when made now).
 * @throws AppError 409 AUDIT_NOT_PROCESSABLE when the audit is processing or complete.
 */
export async function openCountSession(opts: { db: Db; user: CurrentUser; audit: AuditRow }): Promise<{ session: CountSession; created: boolean }> {
  const { db, user, audit } = opts;
  const existing = await findUserCountSession(db, audit.id, user.id);
  if (existing) return { session: await toCountSession(db, existing, audit, user), created: false };
  assertProcessable(audit);
  const teamName = counterName(user);
  const made = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    // The audit's row is held so that processing cannot start, nor another session take the same
    // file name or position, meanwhile.
    const held = await tx.execute(sql`select status from audits where id = ${audit.id} for update`);
    const status = (held as unknown as { rows: Array<{ status: string }> }).rows[0]?.status;
    if (!status || !PROCESSABLE.includes(status)) {
      throw new AppError('AUDIT_NOT_PROCESSABLE', `This audit is ${status ?? 'gone'}; it cannot be counted.`, 409);
    }
    const again = await findUserCountSession(tx, audit.id, user.id);
    if (again) return { row: again, created: false };
    const fileName = uniqueFileName(`Count - ${teamName}.csv`, await scanFileNames(tx, audit.id));
    const row = await insertCountSession(tx, { organizationId: audit.organizationId, auditId: audit.id, userId: user.id, teamName, fileName });
    if (status === 'draft') await tx.update(audits).set({ status: 'pending' }).where(sql`${audits.id} = ${audit.id}`);
    return { row, created: true };
  });
  const current = { ...audit, status: made.created && audit.status === 'draft' ? 'pending' : audit.status };
  return { session: await toCountSession(db, made.row, current, user), created: made.created };
}

/** The API shape of a session for `user` (blind or not as the audit and the role say). */
export async function toCountSession(db: Db, row: CountSessionRow, audit: AuditRow, user: CurrentUser): Promise<CountSession> {
  return {
    id: row.id,
    auditId: audit.id,
    auditName: audit.name,
    auditStatus: audit.status as CountSession['auditStatus'],
    teamName: row.teamName,
    blind: isBlindCount(audit.countBlind, user.role),
    readCount: await countEffectiveReads(db, row.id),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The counter's name as a team name: first and last name, else the email's local part. */
function counterName(user: CurrentUser): string {
  const name = [user.firstName, user.lastName].filter((p) => p && p.trim()).join(' ').trim();
  return name || user.email.split('@')[0]!;
}

/** `wanted`, or `wanted` with ' (2)', ' (3)'... before its extension when the audit has it. */
function uniqueFileName(wanted: string, taken: readonly string[]): string {
  const names = new Set(taken);
  if (!names.has(wanted)) return wanted;
  const stem = wanted.replace(/\.csv$/, '');
  for (let n = 2; ; n++) {
    const candidate = `${stem} (${n}).csv`;
    if (!names.has(candidate)) return candidate;
  }
}
