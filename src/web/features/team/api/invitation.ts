/**
 * The invitation acceptance calls (spec part 2 section 7): the public lookup of a token and the
 * acceptance, which signs the new member in (password) or answers where to go (external account).
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { AcceptInviteBody, AcceptInviteResult, InvitationLookup } from '../../../../contracts/team';
import { api, resetCsrfToken } from '@/lib/api';

export function useInvitation(token: string) {
  return useQuery({
    queryKey: ['/api/team/invite', token],
    queryFn: ({ signal }) => api.get<InvitationLookup>(`/api/team/invite/${encodeURIComponent(token)}`, undefined, { signal }),
    retry: false,
  });
}

export function useAcceptInvite(token: string) {
  return useMutation({
    mutationFn: async (body: AcceptInviteBody) => {
      const result = await api.post<AcceptInviteResult>(`/api/team/accept-invite/${encodeURIComponent(token)}`, body);
      // A new session comes with the answer; its CSRF secret is not the visitor's.
      if ('user' in result) resetCsrfToken();
      return result;
    },
  });
}
