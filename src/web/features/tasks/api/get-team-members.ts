/**
 * `GET /api/team` (spec part 1 section 7, part 2 section 3 "Team member"), read only while the
 * Assign Audit Task dialog is open, for its assignee list. A failing call (no team yet, or a role
 * that may not list the team) leaves the list empty: 'Myself' is always there.
 */
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { assigneeCandidateSchema } from '../../../../contracts/tasks';
import { api } from '@/lib/api';

const teamSchema = z.array(assigneeCandidateSchema);

export function useTeamMembers(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/team'] as const,
    queryFn: async ({ signal }) => {
      const body = await api.get<unknown>('/api/team', undefined, { signal });
      // The list itself, or wrapped as { members } / { teamMembers }.
      const list = Array.isArray(body) ? body : ((body as { members?: unknown; teamMembers?: unknown })?.members ?? (body as { teamMembers?: unknown })?.teamMembers);
      const parsed = teamSchema.safeParse(list);
      return parsed.success ? parsed.data : [];
    },
    enabled,
    staleTime: 0,
  });
}
