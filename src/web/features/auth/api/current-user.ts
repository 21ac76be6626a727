import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '../../../../contracts/auth';
import { api } from '@/lib/api';

/** Query key of `GET /api/auth/user`; invalidate it after sign-in, sign-up or sign-out. */
export const currentUserQueryKey = ['/api/auth/user'] as const;

/**
 * The signed-in user, or null when signed out (401). Any other failure also reads as signed
 * out: the visitor then sees the public pages rather than a broken shell.
 */
export function useCurrentUser() {
  const query = useQuery({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => api.get<CurrentUser | null>('/api/auth/user', undefined, { on401: 'returnNull', signal }),
  });
  return {
    user: query.data ?? null,
    isLoading: query.isLoading,
  };
}
