/**
 * `POST /api/audit-tasks/{id}/start` and `/complete` (spec part 2 section 4 "Task status";
 * DESIGN.md section 9): pending -> in_progress (startedAt) -> complete (completedAt), by the
 * assignee or an owner/admin. Any other transition answers 409 with the current status.
 */
import type { CurrentUser } from '../../../contracts/auth.js';
import type { AuditTask, TaskStatus } from '../../../contracts/tasks.js';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import { findTask, readTask, transitionTask } from './repo.js';
import { assertCanWork } from './task-permissions.js';

const MOVES = {
  start: { from: 'pending', to: 'in_progress' },
  complete: { from: 'in_progress', to: 'complete' },
} as const satisfies Record<string, { from: TaskStatus; to: TaskStatus }>;

const STATUS_WORDS: Record<TaskStatus, string> = { pending: 'pending', in_progress: 'in progress', complete: 'complete' };

const ALLOWED: Record<keyof typeof MOVES, string> = {
  start: 'only a pending task can be started',
  complete: 'only a task in progress can be completed',
};

function conflict(verb: keyof typeof MOVES, status: TaskStatus): AppError {
  return new AppError('TASK_STATUS_CONFLICT', `This task is ${STATUS_WORDS[status]}: ${ALLOWED[verb]}.`, 409, { status });
}

/**
 * @throws AppError 404 NOT_FOUND (missing or another organisation's); 403 FORBIDDEN for a member
 *   who is not the assignee; 409 TASK_STATUS_CONFLICT with `details.status` the current status.
 */
export async function changeTaskStatus(opts: { db: Db; user: CurrentUser; id: string; verb: keyof typeof MOVES }): Promise<AuditTask> {
  const { db, user, id, verb } = opts;
  const task = await findTask(db, user.organizationId, id);
  if (!task) throw notFound('Task');
  assertCanWork(user, task, verb);
  const move = MOVES[verb];
  if (task.status !== move.from) throw conflict(verb, task.status as TaskStatus);
  if (!(await transitionTask(db, task.id, move.from, move.to))) {
    // Someone else moved it between the read and the update.
    const now = await findTask(db, user.organizationId, id);
    throw conflict(verb, (now?.status ?? task.status) as TaskStatus);
  }
  return (await readTask(db, user.organizationId, id))!;
}
