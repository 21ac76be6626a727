/**
 * 'Edit Team Member' dialog (spec part 2 sections 2, 4, 5): names, role and status (active or
 * inactive). The owner's role and status are fixed; a pending member's status waits for their
 * acceptance (DESIGN.md section 8).
 */
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { toast } from '@/lib/toast';
import { updateMemberBodySchema, type TeamMember, type UpdateMemberBody } from '../../../../contracts/team';
import { FormField } from '@/components/FormField';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api';
import { useUpdateMember } from '../api/team';
import { ROLE_CHOICES, memberName } from '../member-display';
import { ChoiceSelect } from './ChoiceSelect';

const STATUS_CHOICES = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive', description: 'Cannot sign in' },
] as const;

function EditForm({ member, onDone }: { member: TeamMember; onDone: () => void }) {
  const update = useUpdateMember();
  const isOwner = member.role === 'owner';
  const isPending = member.status === 'pending';
  const form = useForm({
    resolver: zodResolver(updateMemberBodySchema),
    defaultValues: {
      firstName: member.firstName ?? '',
      lastName: member.lastName ?? '',
      role: isOwner ? undefined : (member.role as UpdateMemberBody['role']),
      status: isPending ? undefined : (member.status as UpdateMemberBody['status']),
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const body: UpdateMemberBody = { firstName: values.firstName, lastName: values.lastName };
    if (!isOwner) body.role = values.role;
    if (!isOwner && !isPending) body.status = values.status;
    try {
      await update.mutateAsync({ id: member.id, body });
      toast.success('Team member updated successfully');
      onDone();
    } catch (error) {
      toast.error('Failed to update team member', { description: errorMessage(error) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Edit team member">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="First Name" error={errors.firstName?.message}>
          <Input autoFocus {...form.register('firstName')} />
        </FormField>
        <FormField label="Last Name" error={errors.lastName?.message}>
          <Input {...form.register('lastName')} />
        </FormField>
      </div>
      {isOwner ? (
        <p className="text-muted-foreground text-sm">The account owner keeps the Owner role and stays active.</p>
      ) : (
        <>
          <Controller
            control={form.control}
            name="role"
            render={({ field }) => <ChoiceSelect label="Role" value={field.value ?? 'member'} onChange={field.onChange} choices={ROLE_CHOICES} />}
          />
          {isPending ? (
            <p className="text-muted-foreground text-sm">Status: Pending. It changes to Active when the invitation is accepted.</p>
          ) : (
            <Controller
              control={form.control}
              name="status"
              render={({ field }) => (
                <ChoiceSelect
                  label="Status"
                  value={field.value ?? 'active'}
                  onChange={field.onChange}
                  choices={STATUS_CHOICES}
                  hint="An inactive member is signed out at once and cannot sign in."
                />
              )}
            />
          )}
        </>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          Save Changes
        </Button>
      </DialogFooter>
    </form>
  );
}

export function EditMemberDialog({ member, onClose }: { member: TeamMember | null; onClose: () => void }) {
  return (
    <Dialog open={member !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Edit Team Member</DialogTitle>
          <DialogDescription>{member ? `${memberName(member)} · ${member.email}` : null}</DialogDescription>
        </DialogHeader>
        {member ? <EditForm key={member.id} member={member} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}
