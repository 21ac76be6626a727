/**
 * `GET /api/audits` (spec part 1 section 7): every audit of the organisation, newest first.
 * The key is the API path, so the sidebar's Active Audits badge shares this cache.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Audit } from '../../../../contracts/audits';
import { api } from '@/lib/api';

export const auditsQueryKey = ['/api/audits'] as const;

export function auditsQueryOptions() {
  return queryOptions({
    queryKey: auditsQueryKey,
    queryFn: ({ signal }) => api.get<Audit[]>('/api/audits', undefined, { signal }),
  });
}

export function useAudits() {
  return useQuery(auditsQueryOptions());
}
