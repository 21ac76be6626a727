/**
 * `DELETE /api/audit-tasks/{id}` and `POST /api/audit-tasks/bulk-delete` (spec part 2 sections 5,
 * 7; docs/decisions/0036): deletes tasks, never their audits. All or nothing: one id that is not
 * the organisation's, or one task the caller may not delete, and nothing is deleted.
 */
import type { CurrentUser } from '../../../contracts/auth.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { deleteTaskRows, findTasks } from './repo.js';
import { assertCanDelete } from './task-permissions.js';

/**
 * Answers how many tasks were deleted.
 * @throws AppError 404 NOT_FOUND when an id names no task of the organisation; 403 FORBIDDEN (see
 *   task-permissions.ts).
 */
export async function deleteAuditTasks(opts: { db: Db; user: CurrentUser; ids: string[] }): Promise<number> {
  const { db, user } = opts;
  const ids = [...new Set(opts.ids)];
  const tasks = await findTasks(db, user.organizationId, ids);
  if (tasks.length !== ids.length) throw notFound(ids.length === 1 ? 'Task' : 'One of the selected tasks');
  for (const task of tasks) assertCanDelete(user, task);
  return deleteTaskRows(db, user.organizationId, ids);
}
