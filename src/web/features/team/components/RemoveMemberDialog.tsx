import { useState } from 'react';
import { Loader2, Trash2 } from 'lucide-react';
import { toast } from '@/lib/toast';
import type { TeamMember } from '../../../../contracts/team';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { buttonVariants } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { useRemoveMember } from '../api/team';
import { memberName } from '../member-display';

/** The Remove confirmation (spec part 2 "Team Members screen"); stays open, busy, until the call answers. */
export function RemoveMemberDialog({ member, onClose }: { member: TeamMember | null; onClose: () => void }) {
  const remove = useRemoveMember();
  const [shown, setShown] = useState<TeamMember | null>(member);
  if (member && member !== shown) setShown(member); // keep the text while the dialog fades out
  const pending = shown?.status === 'pending';

  return (
    <AlertDialog open={member !== null} onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Remove team member</AlertDialogTitle>
          <AlertDialogDescription>
            {shown
              ? pending
                ? `Are you sure you want to remove ${memberName(shown)}? Their invitation link stops working.`
                : `Are you sure you want to remove ${memberName(shown)}? They are signed out at once and can no longer sign in. Their audits stay.`
              : null}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending} autoFocus>
            Cancel
          </AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: 'destructive' })}
            disabled={remove.isPending}
            onClick={async (e) => {
              e.preventDefault();
              if (!member) return;
              try {
                await remove.mutateAsync(member.id);
                toast.success('Team member removed successfully');
                onClose();
              } catch (error) {
                toast.error('Failed to delete team member', { description: errorMessage(error) });
              }
            }}
          >
            {remove.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Trash2 aria-hidden="true" />}
            Remove
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
