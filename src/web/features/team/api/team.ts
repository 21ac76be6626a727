/**
 * Team calls (spec part 2 section 7 "Team and invitations"; resend: docs/decisions/0020).
 * Every change refreshes the team list.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvitationSent, InviteMemberBody, TeamMember, UpdateMemberBody } from '../../../../contracts/team';
import { api } from '@/lib/api';

export const teamQueryKey = ['/api/team'] as const;

export function useTeam() {
  return useQuery({ queryKey: teamQueryKey, queryFn: ({ signal }) => api.get<TeamMember[]>('/api/team', undefined, { signal }) });
}

function useTeamMutation<TVars, TResult>(call: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamQueryKey }),
  });
}

export function useInviteMember() {
  return useTeamMutation((body: InviteMemberBody) => api.post<InvitationSent>('/api/team/invite', body));
}

export function useUpdateMember() {
  return useTeamMutation(({ id, body }: { id: string; body: UpdateMemberBody }) => api.patch<TeamMember>(`/api/team/${id}`, body));
}

export function useRemoveMember() {
  return useTeamMutation((id: string) => api.delete<void>(`/api/team/${id}`));
}

export function useResendInvite() {
  return useTeamMutation((id: string) => api.post<InvitationSent>(`/api/team/${id}/resend-invite`));
}
