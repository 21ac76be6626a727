/**
 * `GET /api/audits` (spec part 1 section 7), newest first; the dashboard shows the first
 * RECENT_AUDITS. The key is the API path, so the audit list and the sidebar badge share the
 * answer and its invalidations.
 */
import { useQuery } from '@tanstack/react-query';
import type { Audit } from '../../../../contracts/audits';
import { api } from '@/lib/api';

export const RECENT_AUDITS = 5;

export function useRecentAudits() {
  return useQuery({
    queryKey: ['/api/audits'],
    queryFn: ({ signal }) => api.get<Audit[]>('/api/audits', undefined, { signal }),
    select: (audits) => audits.slice(0, RECENT_AUDITS),
  });
}
