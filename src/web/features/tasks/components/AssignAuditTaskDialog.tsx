/**
 * Assign Audit Task dialog (spec part 1 "Assign Audit Task dialog", sections 5, 7, 8): title
 * (required, default '{audit name} - Audit Task'), description, assignee ('Myself' or a member from
 * `GET /api/team`; only 'Myself' when that call fails), priority (default medium), optional due
 * date, notes. Creates the task with `POST /api/audit-tasks`. Open while rendered.
 */
import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { Loader2, UserPlus } from 'lucide-react';
import { createAuditTaskBodySchema, TASK_PRIORITIES, type TaskPriority } from '../../../../contracts/tasks';
import { FormField } from '@/components/FormField';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api';
import { createTask } from '../api/create-task';
import { invalidateTasks } from '../api/get-tasks';
import { useTeamMembers } from '../api/get-team-members';
import { assignableMembers } from '../lib/assignees';
import { ASSIGN_MYSELF, AssigneeSelect } from './AssigneeSelect';
import { useSignedInUser } from '../api/signed-in-user';
import { dayKey, PRIORITY_LABELS } from '../lib/task-format';
import { DueDatePicker } from './DueDatePicker';

const MYSELF = ASSIGN_MYSELF;

export default function AssignAuditTaskDialog({
  audit,
  onClose,
}: {
  audit: { id: string; name: string };
  onClose: (assigned: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const user = useSignedInUser();
  const team = useTeamMembers(true);
  const members = assignableMembers(team.data ?? [], user?.id);
  const [title, setTitle] = useState(`${audit.name} - Audit Task`);
  const [titleError, setTitleError] = useState<string | undefined>();
  const [description, setDescription] = useState('');
  const [assignee, setAssignee] = useState(MYSELF);
  const [priority, setPriority] = useState<TaskPriority>('medium');
  const [dueDate, setDueDate] = useState<Date | undefined>();
  const [notes, setNotes] = useState('');
  const [saving, setSaving] = useState(false);
  const assigneeId = useId();
  const priorityId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = createAuditTaskBodySchema.shape.title.safeParse(title);
    if (!checked.success) {
      setTitleError(checked.error.issues[0]?.message);
      return;
    }
    setTitleError(undefined);
    setSaving(true);
    try {
      await createTask({
        auditId: audit.id,
        assignedTo: assignee === MYSELF ? (user?.id ?? null) : assignee,
        assignedTeamMemberId: assignee === MYSELF ? null : assignee,
        title: checked.data,
        description,
        priority,
        dueDate: dueDate ? dayKey(dueDate) : null,
        notes,
      });
      toast.success('Audit task assigned successfully');
      void invalidateTasks(queryClient);
      onClose(true);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to create audit task'));
      setSaving(false);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !saving && onClose(false)}>
      <DialogContent className="max-h-[92svh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Assign Audit Task</DialogTitle>
          <DialogDescription>Assign &quot;{audit.name}&quot; to yourself or a team member to run later.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Assign audit task">
          <FormField
            label={
              <span>
                Task Title<span aria-hidden="true"> *</span>
              </span>
            }
            error={titleError}
          >
            <Input
              aria-required="true"
              value={title}
              onChange={(e) => {
                setTitle(e.target.value);
                // Once shown, the message follows the field: a valid title clears it at once.
                if (titleError) setTitleError(createAuditTaskBodySchema.shape.title.safeParse(e.target.value).error?.issues[0]?.message);
              }}
              maxLength={200}
            />
          </FormField>
          <FormField label="Description">
            <Textarea value={description} onChange={(e) => setDescription(e.target.value)} maxLength={2000} rows={2} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={assigneeId}>Assign To</Label>
              <AssigneeSelect id={assigneeId} value={assignee} onChange={setAssignee} members={members} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={priorityId}>Priority</Label>
              <Select value={priority} onValueChange={(v) => setPriority(v as TaskPriority)}>
                <SelectTrigger id={priorityId} className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {[...TASK_PRIORITIES].reverse().map((p) => (
                    <SelectItem key={p} value={p}>
                      {PRIORITY_LABELS[p]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          </div>
          <FormField label="Due Date" hint="Optional.">
            <DueDatePicker value={dueDate} onChange={setDueDate} />
          </FormField>
          <FormField label="Notes">
            <Textarea value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={4000} rows={3} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onClose(false)} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? <Loader2 className="animate-spin" aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
              Assign Task
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
