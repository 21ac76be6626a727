/**
 * `GET /api/audits/{id}` (spec part 1 section 7): one audit; 404 for a missing audit or one of
 * another organisation.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Audit } from '../../../../contracts/audits';
import { api } from '@/lib/api';

export function auditPath(id: string): string {
  return `/api/audits/${encodeURIComponent(id)}`;
}

export function auditQueryOptions(id: string) {
  return queryOptions({
    queryKey: [auditPath(id)] as const,
    queryFn: ({ signal }) => api.get<Audit>(auditPath(id), undefined, { signal }),
  });
}

/** The audit; read again every second while it processes, so its page follows the job. */
export function useAudit(id: string) {
  return useQuery({
    ...auditQueryOptions(id),
    enabled: id !== '',
    refetchInterval: (query) => (query.state.data?.status === 'processing' ? 1000 : false),
  });
}
