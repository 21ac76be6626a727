/**
 * Team login and sign-up calls (spec part 2 section 7 "Login and gate"; DESIGN.md section 3).
 * Both answer the signed-in user and set the session cookie.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, SignUpBody, TeamLoginBody } from '../../../../contracts/auth';
import { api, resetCsrfToken } from '@/lib/api';
import { currentUserQueryKey } from './current-user';

function useSignedIn() {
  const queryClient = useQueryClient();
  return async (user: CurrentUser | undefined) => {
    // A new session has a CSRF secret of its own: the token fetched before signing in would be
    // refused, and the first upload after sign-in sent twice.
    resetCsrfToken();
    // Every cached answer belonged to the signed-out visitor (or another account): drop it.
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== currentUserQueryKey[0] });
    if (user) queryClient.setQueryData(currentUserQueryKey, user);
    await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
  };
}

export function useTeamLogin() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (body: TeamLoginBody) => api.post<CurrentUser>('/api/auth/team-login', body),
    onSuccess: signedIn,
  });
}

export function useSignUp() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (body: SignUpBody) => api.post<CurrentUser>('/api/auth/signup', body),
    onSuccess: signedIn,
  });
}
