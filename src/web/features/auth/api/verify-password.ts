import { useMutation } from '@tanstack/react-query';
import type { VerifyPasswordBody } from '../../../../contracts/auth';
import { api } from '@/lib/api';

/** `POST /api/verify-password` (spec part 2 section 7 "Login and gate"): 401 for a wrong password. */
export function useVerifyPassword() {
  return useMutation({
    mutationFn: (body: VerifyPasswordBody) => api.post<{ success: boolean }>('/api/verify-password', body),
  });
}
