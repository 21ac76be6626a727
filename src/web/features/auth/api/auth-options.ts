import { useQuery } from '@tanstack/react-query';
import type { AuthOptions } from '../../../../contracts/auth';
import { api } from '@/lib/api';

/**
 * `GET /api/auth/options`: the external provider's name for the 'Continue with …' button (null:
 * no external sign-in, no button) and whether the password gate is on. Fixed for a server's life.
 */
export function useAuthOptions() {
  const query = useQuery({
    queryKey: ['/api/auth/options'],
    queryFn: ({ signal }) => api.get<AuthOptions>('/api/auth/options', undefined, { signal }),
    staleTime: Infinity,
  });
  return { options: query.data, isLoading: query.isLoading };
}
