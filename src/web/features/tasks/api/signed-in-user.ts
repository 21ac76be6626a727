/**
 * The signed-in user as the app shell already loaded it (`GET /api/auth/user`, same key, never
 * stale): task screens need the caller's id ('Myself') and role (what they may do).
 */
import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '../../../../contracts/auth';
import { api } from '@/lib/api';

export function useSignedInUser(): CurrentUser | null {
  const query = useQuery({
    queryKey: ['/api/auth/user'] as const,
    queryFn: ({ signal }) => api.get<CurrentUser | null>('/api/auth/user', undefined, { on401: 'returnNull', signal }),
  });
  return query.data ?? null;
}
