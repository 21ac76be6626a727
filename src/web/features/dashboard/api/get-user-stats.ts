/**
 * `GET /api/user/stats` (spec part 1 sections 2 "Dashboard", 7): the four dashboard figures.
 * Processing an audit invalidates this key, so the cards follow.
 */
import { useQuery } from '@tanstack/react-query';
import type { UserStats } from '../../../../contracts/dashboard';
import { api } from '@/lib/api';

export const userStatsQueryKey = ['/api/user/stats'] as const;

export function useUserStats() {
  return useQuery({
    queryKey: userStatsQueryKey,
    queryFn: ({ signal }) => api.get<UserStats>('/api/user/stats', undefined, { signal }),
  });
}
