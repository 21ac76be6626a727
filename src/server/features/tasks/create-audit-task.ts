/**
 * `POST /api/audit-tasks` (spec part 1 sections 2 "Assign Audit Task dialog", 5, 7; DESIGN.md
 * section 9): a pending task on an audit of the caller's organisation, for an active member of it
 * ('Myself' = the caller). The assignee, when it is not the caller, gets an e-mail with a link.
 */
import type { CurrentUser } from '../../../contracts/auth.js';
import type { AuditTask, CreateAuditTaskInput } from '../../../contracts/tasks.js';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { Mailer } from '../../mail/mailer.js';
import { findActiveMember, findTaskAudit, insertTask, readTask } from './repo.js';
import { taskAssignedEmail } from './task-email.js';

function displayName(u: { firstName: string | null; lastName: string | null; email: string }): string {
  return [u.firstName, u.lastName].filter(Boolean).join(' ').trim() || u.email;
}

/**
 * The assignee of a new task: an active member of the organisation whose role runs audits.
 * `field` names the body field in the error.
 * @throws AppError 400 INVALID_ASSIGNEE otherwise.
 */
export async function taskAssignee(db: Db, organizationId: string, assigneeId: string, field: string) {
  const assignee = await findActiveMember(db, organizationId, assigneeId);
  if (!assignee) {
    throw new AppError('INVALID_ASSIGNEE', `${field}: "${assigneeId}" is not an active member of your organisation.`);
  }
  if (assignee.role === 'viewer') {
    throw new AppError('INVALID_ASSIGNEE', `${field}: ${displayName(assignee)} has the read-only viewer role and cannot run audits.`);
  }
  return assignee;
}

/**
 * @throws AppError 404 NOT_FOUND for an audit that is not the organisation's; 409 AUDIT_COMPLETE
 *   for a complete audit; 400 INVALID_ASSIGNEE for an assignee that is not an active member of the
 *   organisation with a role that can run audits.
 */
export async function createAuditTask(opts: {
  db: Db;
  mailer: Mailer;
  user: CurrentUser;
  body: CreateAuditTaskInput;
  /** The app's origin for the e-mail's link. */
  appUrl: string;
}): Promise<AuditTask> {
  const { db, user, body } = opts;
  const audit = await findTaskAudit(db, user.organizationId, body.auditId);
  if (!audit) throw notFound('Audit');
  if (audit.status === 'complete') {
    throw new AppError('AUDIT_COMPLETE', `The audit "${audit.name}" is already complete: there is nothing left to assign.`, 409);
  }
  const field = body.assignedTeamMemberId ? 'assignedTeamMemberId' : 'assignedTo';
  const assigneeId = body.assignedTeamMemberId || body.assignedTo || user.id;
  const assignee = await taskAssignee(db, user.organizationId, assigneeId, field);
  const row = await insertTask(db, {
    organizationId: user.organizationId,
    auditId: audit.id,
    assignedTo: assignee.id,
    createdBy: user.id,
    title: body.title,
    description: body.description,
    priority: body.priority,
    dueDate: body.dueDate,
    notes: body.notes,
    status: 'pending',
  });
  const task = (await readTask(db, user.organizationId, row.id))!;
  if (assignee.id !== user.id) {
    // Not awaited: the mailer never throws, and a slow SMTP server must not hold the answer.
    void opts.mailer.send(taskAssignedEmail(task, assignee.email, displayName(user), opts.appUrl));
  }
  return task;
}
