/**
 * Deleting tasks (spec part 2 section 5): `DELETE /api/audit-tasks/{id}` for one and
 * `POST /api/audit-tasks/bulk-delete` for a selection (docs/decisions/0036). Audits stay.
 */
import type { BulkDeleteTasksBody } from '../../../../contracts/tasks';
import { api } from '@/lib/api';
import { taskPath } from './get-tasks';

export async function deleteTasks(ids: string[]): Promise<void> {
  if (ids.length === 1) await api.delete<void>(taskPath(ids[0]!));
  else await api.post<{ deleted: number }>('/api/audit-tasks/bulk-delete', { ids } satisfies BulkDeleteTasksBody);
}
