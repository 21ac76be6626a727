/**
 * The Assign To select (spec part 1 "Assign Audit Task dialog"): 'Myself' (value ASSIGN_MYSELF)
 * and the members who can take a task; with `noTaskLabel`, a first choice of no task (value
 * ASSIGN_NOBODY), as the Recount Lines dialog offers.
 */
import type { AssigneeCandidate } from '../../../../contracts/tasks';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { memberName } from '../lib/assignees';

export const ASSIGN_MYSELF = 'myself';
export const ASSIGN_NOBODY = 'none';

export function AssigneeSelect(props: { id: string; value: string; onChange: (value: string) => void; members: AssigneeCandidate[]; noTaskLabel?: string }) {
  return (
    <Select value={props.value} onValueChange={props.onChange}>
      <SelectTrigger id={props.id} className="w-full">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {props.noTaskLabel ? <SelectItem value={ASSIGN_NOBODY}>{props.noTaskLabel}</SelectItem> : null}
        <SelectItem value={ASSIGN_MYSELF}>Myself</SelectItem>
        {props.members.map((m) => (
          <SelectItem key={m.id} value={m.id}>
            {memberName(m)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
