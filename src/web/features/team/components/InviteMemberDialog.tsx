/**
 * 'Invite Member' dialog (spec part 2 "Team Members screen", sections 5 and 8): email, optional
 * names and a role (member by default). E-mailed invitations close the dialog with a toast;
 * otherwise the dialog shows the link to copy.
 */
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, Send } from 'lucide-react';
import { toast } from '@/lib/toast';
import { inviteMemberBodySchema, type InvitationSent } from '../../../../contracts/team';
import { FormField } from '@/components/FormField';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api';
import { useInviteMember } from '../api/team';
import { ROLE_CHOICES, formatDate } from '../member-display';
import { ChoiceSelect } from './ChoiceSelect';
import { InviteLink } from './InviteLink';

const EMPTY = { email: '', firstName: '', lastName: '', role: 'member' as const };

export function InviteMemberDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const invite = useInviteMember();
  const [sent, setSent] = useState<InvitationSent | null>(null);
  const form = useForm({ resolver: zodResolver(inviteMemberBodySchema), defaultValues: EMPTY });
  const { errors } = form.formState;

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      form.reset(EMPTY);
      setSent(null);
    }
  };

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const result = await invite.mutateAsync(body);
      toast.success('Team member invited successfully', { description: result.emailed ? `An invitation was e-mailed to ${body.email}.` : undefined });
      if (result.inviteUrl) setSent(result);
      else close(false);
    } catch (error) {
      toast.error('Failed to invite team member', { description: errorMessage(error) });
    }
  });

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{sent ? 'Share the invitation' : 'Invite Member'}</DialogTitle>
          <DialogDescription>
            {sent ? 'The invitation is ready.' : 'Invite a team member by email. They join your organisation with the role you choose.'}
          </DialogDescription>
        </DialogHeader>
        {sent?.inviteUrl ? (
          <>
            <InviteLink url={sent.inviteUrl} email={sent.member.email} expiresAt={formatDate(sent.member.inviteExpiresAt)} />
            <DialogFooter>
              <Button onClick={() => close(false)}>Done</Button>
            </DialogFooter>
          </>
        ) : (
          <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Invite member">
            <FormField label="Email" error={errors.email?.message}>
              <Input type="email" autoComplete="off" autoFocus placeholder="colleague@company.com" {...form.register('email')} />
            </FormField>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="First Name" error={errors.firstName?.message}>
                <Input autoComplete="off" {...form.register('firstName')} />
              </FormField>
              <FormField label="Last Name" error={errors.lastName?.message}>
                <Input autoComplete="off" {...form.register('lastName')} />
              </FormField>
            </div>
            <Controller
              control={form.control}
              name="role"
              render={({ field }) => <ChoiceSelect label="Role" value={field.value ?? 'member'} onChange={field.onChange} choices={ROLE_CHOICES} />}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => close(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={invite.isPending}>
                {invite.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
                Send Invitation
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
