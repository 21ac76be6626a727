/**
 * `DELETE /api/audits/{id}/draft` (ours, docs/decisions/0118): takes back a draft that was made
 * for nothing, such as the stub of New Audit -> Assign Task when the task dialog is cancelled.
 * Members may call it (they made the stub) although they may not delete audits: only a draft
 * that never ran, has no task and no scan file goes, and only its creator's (or an owner's or
 * admin's). It never counted against the month's audits, so nothing is given back.
 */
import type { CurrentUser } from '../../../contracts/auth.js';
import { can } from '../../../domain/roles.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { deleteAudit } from './delete-audit.js';
import { auditHasRun, auditHasTaskOrFiles, type AuditRow } from './repo.js';

/**
 * @throws AppError 409 AUDIT_NOT_DISCARDABLE when the audit is not a bare draft (another status,
 *   a task, a scan file, a run); 403 FORBIDDEN when a member asks for another user's draft;
 *   404 when it is gone.
 */
export async function discardDraft(opts: { db: Db; user: CurrentUser; audit: AuditRow }): Promise<void> {
  const { db, user, audit } = opts;
  if (audit.userId !== user.id && !can(user.role, 'deleteAudits')) {
    throw new AppError('FORBIDDEN', 'Only the person who made this draft can discard it.', 403);
  }
  if (audit.status !== 'draft' || (await auditHasRun(db, audit.id)) || (await auditHasTaskOrFiles(db, audit.id))) {
    throw new AppError('AUDIT_NOT_DISCARDABLE', 'Only a draft without a task, scan files or results can be discarded.', 409);
  }
  await deleteAudit({ db, organizationId: audit.organizationId, id: audit.id });
}
