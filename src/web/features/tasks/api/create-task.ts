/** `POST /api/audit-tasks` (spec part 1 section 7): answers the created task (201). */
import type { AuditTask, CreateAuditTaskBody } from '../../../../contracts/tasks';
import { api } from '@/lib/api';

export function createTask(body: CreateAuditTaskBody): Promise<AuditTask> {
  return api.post<AuditTask>('/api/audit-tasks', body);
}
