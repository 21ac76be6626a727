/**
 * Who may act on a task (DESIGN.md sections 3 and 9): start and complete are the assignee's or an
 * owner's/admin's; deleting is an owner's/admin's, or a member's for a task they created or hold.
 * Viewers never reach these checks (requireWriter answers 403 first).
 */
import type { CurrentUser } from '../../../contracts/auth.js';
import { AppError } from '../../errors.js';
import type { AuditTaskRow } from './repo.js';

function isManager(user: CurrentUser): boolean {
  return user.role === 'owner' || user.role === 'admin';
}

/** @throws AppError 403 FORBIDDEN unless `user` is the assignee or an owner/admin. */
export function assertCanWork(user: CurrentUser, task: AuditTaskRow, verb: 'start' | 'complete'): void {
  if (isManager(user) || task.assignedTo === user.id) return;
  throw new AppError('FORBIDDEN', `Only the assignee or an owner or admin can ${verb} this task.`, 403);
}

/** @throws AppError 403 FORBIDDEN unless `user` may delete `task`. */
export function assertCanDelete(user: CurrentUser, task: AuditTaskRow): void {
  if (isManager(user) || task.assignedTo === user.id || task.createdBy === user.id) return;
  throw new AppError('FORBIDDEN', `You can delete only tasks you created or hold: "${task.title}" is neither.`, 403);
}
