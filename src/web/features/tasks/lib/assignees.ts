/** The Assign Audit Task dialog's assignee list (spec part 1 "Assign Audit Task dialog"). */
import type { AssigneeCandidate } from '../../../../contracts/tasks';

/** Members that can take a task: active, not read-only, and not the caller (who is 'Myself'). */
export function assignableMembers(members: AssigneeCandidate[], selfId: string | undefined): AssigneeCandidate[] {
  return members.filter((m) => m.id !== selfId && (m.status ?? 'active') === 'active' && m.role !== 'viewer');
}

/** A member as the assignee lists show them: the full name, else the e-mail. */
export function memberName(m: { firstName?: string | null; lastName?: string | null; email: string }): string {
  return [m.firstName, m.lastName].filter(Boolean).join(' ').trim() || m.email;
}
