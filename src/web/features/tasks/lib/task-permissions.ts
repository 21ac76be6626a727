/**
 * What the caller may do with a task (DESIGN.md sections 3, 9; the server checks the same):
 * viewers nothing; start and complete the assignee or an owner/admin.
 */
import type { CurrentUser } from '../../../../contracts/auth';
import type { AuditTask } from '../../../../contracts/tasks';

export function canWrite(user: CurrentUser | null): boolean {
  return user !== null && user.role !== 'viewer';
}

export function canWork(user: CurrentUser | null, task: AuditTask): boolean {
  return canWrite(user) && (user!.role === 'owner' || user!.role === 'admin' || task.assignedTo === user!.id);
}
