/**
 * Team Members screen (spec part 2 "Team Members screen", sections 4, 5, 8; DESIGN.md section 8):
 * the member table, the empty state, and, for the roles that manage the team, the Invite Member
 * and Edit Team Member dialogs, Resend Invite and Remove.
 */
import { useState } from 'react';
import { RefreshCw, UserPlus, Users } from 'lucide-react';
import { toast } from '@/lib/toast';
import type { InvitationSent, TeamMember } from '../../../contracts/team';
import { PageHeader } from '@/components/PageHeader';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { usePermissions } from '@/lib/permissions';
import { useResendInvite, useTeam } from './api/team';
import { formatDate } from './member-display';
import { EditMemberDialog } from './components/EditMemberDialog';
import { InviteLink } from './components/InviteLink';
import { InviteMemberDialog } from './components/InviteMemberDialog';
import { RemoveMemberDialog } from './components/RemoveMemberDialog';
import { TeamTable } from './components/TeamTable';

function NoTeamMembers({ onInvite }: { onInvite?: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <div className="bg-muted flex size-12 items-center justify-center rounded-full">
        <Users className="text-muted-foreground size-6" aria-hidden="true" />
      </div>
      <h2 className="text-lg font-semibold">No one else on the team yet</h2>
      <p className="text-muted-foreground max-w-sm text-sm">Invite colleagues to count stock and review audits with you.</p>
      {onInvite ? (
        <Button onClick={onInvite}>
          <UserPlus aria-hidden="true" />
          Invite Your First Member
        </Button>
      ) : null}
    </div>
  );
}

export default function TeamPage() {
  const { role, can } = usePermissions();
  const manage = can('manageTeam');
  const team = useTeam();
  const resend = useResendInvite();
  const [inviteOpen, setInviteOpen] = useState(false);
  const [editing, setEditing] = useState<TeamMember | null>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const [resent, setResent] = useState<InvitationSent | null>(null);

  const onResend = async (member: TeamMember) => {
    try {
      const result = await resend.mutateAsync(member.id);
      toast.success('Invitation resent', { description: result.emailed ? `A new invitation was e-mailed to ${member.email}.` : 'The earlier link no longer works.' });
      if (result.inviteUrl) setResent(result);
    } catch (error) {
      toast.error('Failed to resend invitation', { description: errorMessage(error) });
    }
  };

  const members = team.data ?? [];
  const others = members.filter((m) => m.role !== 'owner');
  const openInvite = () => setInviteOpen(true);

  return (
    <div className="flex flex-1 flex-col gap-6 p-4 md:p-6">
      <PageHeader
        title="Team Members"
        description="Who can sign in to your organisation, and what they may do."
        actions={
          manage ? (
            <Button onClick={openInvite}>
              <UserPlus aria-hidden="true" />
              Invite Member
            </Button>
          ) : null
        }
      />
      <Card className="py-0">
        <CardContent className="p-0">
          {team.isLoading ? (
            <div className="grid gap-3 p-4" aria-busy="true" aria-label="Loading team members">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-10 w-full" />
              ))}
            </div>
          ) : team.isError ? (
            <div className="flex flex-col items-center gap-3 px-6 py-10 text-center" role="alert">
              <p className="font-medium">Could not load the team</p>
              <p className="text-muted-foreground text-sm">{errorMessage(team.error)}</p>
              <Button variant="outline" onClick={() => void team.refetch()}>
                <RefreshCw aria-hidden="true" />
                Try again
              </Button>
            </div>
          ) : (
            <>
              {/* The owner is a member too: the list shows them even before anyone is invited. */}
              <TeamTable
                members={members}
                myRole={role ?? 'viewer'}
                actions={manage ? { onEdit: setEditing, onResend: (m) => void onResend(m), onRemove: setRemoving } : undefined}
              />
              {others.length === 0 ? <NoTeamMembers onInvite={manage ? openInvite : undefined} /> : null}
            </>
          )}
        </CardContent>
      </Card>

      {manage ? (
        <>
          <InviteMemberDialog open={inviteOpen} onOpenChange={setInviteOpen} />
          <EditMemberDialog member={editing} onClose={() => setEditing(null)} />
          <RemoveMemberDialog member={removing} onClose={() => setRemoving(null)} />
          <Dialog open={resent !== null} onOpenChange={(open) => !open && setResent(null)}>
            <DialogContent className="sm:max-w-md">
              <DialogHeader>
                <DialogTitle>Share the invitation</DialogTitle>
                <DialogDescription>A new link replaces the earlier one.</DialogDescription>
              </DialogHeader>
              {resent?.inviteUrl ? (
                <InviteLink url={resent.inviteUrl} email={resent.member.email} expiresAt={formatDate(resent.member.inviteExpiresAt)} />
              ) : null}
              <DialogFooter>
                <Button onClick={() => setResent(null)}>Done</Button>
              </DialogFooter>
            </DialogContent>
          </Dialog>
        </>
      ) : null}
    </div>
  );
}
