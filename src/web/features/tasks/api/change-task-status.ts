/**
 * `POST /api/audit-tasks/{id}/start` and `/complete` (spec part 2 section 7): answer the task;
 * 409 when it is not pending (start) or in progress (complete).
 */
import type { AuditTask } from '../../../../contracts/tasks';
import { api } from '@/lib/api';
import { taskPath } from './get-tasks';

export function startTask(id: string): Promise<AuditTask> {
  return api.post<AuditTask>(`${taskPath(id)}/start`);
}

export function completeTask(id: string): Promise<AuditTask> {
  return api.post<AuditTask>(`${taskPath(id)}/complete`);
}
