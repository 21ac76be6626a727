/**
 * How members read on screen (spec part 2 sections 3 and 9): names or the e-mail, role and status
 * labels, dates as 'MMM d, yyyy', a missing last login as 'Never'.
 */
import { format } from 'date-fns';
import type { Role } from '../../../contracts/auth';
import type { MemberStatus, TeamMember, TeamRole } from '../../../contracts/team';

export const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', admin: 'Admin', member: 'Member', viewer: 'Viewer' };

/** The roles an invitation or an edit offers, with the spec's descriptions (part 2 section 6). */
export const ROLE_CHOICES: ReadonlyArray<{ value: TeamRole; label: string; description: string }> = [
  { value: 'admin', label: 'Admin', description: 'Full access' },
  { value: 'member', label: 'Member', description: 'Standard access' },
  { value: 'viewer', label: 'Viewer', description: 'Read-only access' },
];

export const STATUS_LABELS: Record<MemberStatus, string> = { pending: 'Pending', active: 'Active', inactive: 'Inactive' };

export function memberName(member: Pick<TeamMember, 'firstName' | 'lastName' | 'email'>): string {
  return [member.firstName, member.lastName].filter(Boolean).join(' ') || member.email;
}

export function formatDate(iso: string | null): string {
  return iso ? format(new Date(iso), 'MMM d, yyyy') : 'Never';
}
