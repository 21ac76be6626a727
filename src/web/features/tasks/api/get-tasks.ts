/**
 * `GET /api/audit-tasks` (the caller's tasks) and `GET /api/all-audit-tasks` (the organisation's,
 * with assignedToName); spec part 2 section 7 "Tasks". The keys are the API paths, so the
 * sidebar's Active Tasks badge shares the first one's cache.
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { AuditTask } from '../../../../contracts/tasks';
import { api } from '@/lib/api';

export type TaskScope = 'mine' | 'all';

export const TASK_LIST_PATHS: Record<TaskScope, string> = { mine: '/api/audit-tasks', all: '/api/all-audit-tasks' };

export function tasksQueryOptions(scope: TaskScope) {
  const path = TASK_LIST_PATHS[scope];
  return queryOptions({
    queryKey: [path] as const,
    queryFn: ({ signal }) => api.get<AuditTask[]>(path, undefined, { signal }),
  });
}

export function useTasks(scope: TaskScope) {
  return useQuery(tasksQueryOptions(scope));
}

export function taskPath(id: string): string {
  return `/api/audit-tasks/${encodeURIComponent(id)}`;
}

/** `GET /api/audit-tasks/{id}`: one task (the detail dialog opened from an e-mail link). */
export function useTask(id: string | null) {
  return useQuery({
    queryKey: [taskPath(id ?? '')] as const,
    queryFn: ({ signal }) => api.get<AuditTask>(taskPath(id!), undefined, { signal }),
    enabled: Boolean(id),
  });
}

/** After any task change: both lists, the one task, the audits (their hasTask) and the badge. */
export function invalidateTasks(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (q) => {
      const key = q.queryKey[0];
      return typeof key === 'string' && (key.startsWith('/api/audit-tasks') || key === '/api/all-audit-tasks' || key === '/api/audits');
    },
  });
}
