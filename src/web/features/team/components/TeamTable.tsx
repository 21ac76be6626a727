/**
 * The team table (spec part 2 "Team Members screen"): Member, Role, Status, Last Login, Joined,
 * and a row menu with Edit, Resend Invite (pending members only) and Remove. Only the roles that
 * manage the team get the menu; nobody but the owner edits the owner, and nobody removes them.
 */
import { MoreHorizontal, Pencil, Send, Trash2 } from 'lucide-react';
import type { Role } from '../../../../contracts/auth';
import type { TeamMember } from '../../../../contracts/team';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDate, memberName } from '../member-display';
import { RoleBadge, StatusBadge } from './MemberBadges';

export interface MemberActions {
  onEdit: (member: TeamMember) => void;
  onResend: (member: TeamMember) => void;
  onRemove: (member: TeamMember) => void;
}

function RowMenu({ member, myRole, actions }: { member: TeamMember; myRole: Role; actions: MemberActions }) {
  const isOwner = member.role === 'owner';
  const canEdit = !isOwner || myRole === 'owner';
  if (!canEdit) return null;
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-8" aria-label={`Actions for ${memberName(member)}`}>
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => actions.onEdit(member)}>
          <Pencil aria-hidden="true" /> Edit
        </DropdownMenuItem>
        {member.status === 'pending' ? (
          <DropdownMenuItem onSelect={() => actions.onResend(member)}>
            <Send aria-hidden="true" /> Resend Invite
          </DropdownMenuItem>
        ) : null}
        {!isOwner ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem variant="destructive" onSelect={() => actions.onRemove(member)}>
              <Trash2 aria-hidden="true" /> Remove
            </DropdownMenuItem>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export function TeamTable({
  members,
  myRole,
  actions,
}: {
  members: TeamMember[];
  myRole: Role;
  /** Absent for roles that do not manage the team: no row menu. */
  actions?: MemberActions;
}) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead className="pl-4">Member</TableHead>
          <TableHead className="hidden sm:table-cell">Role</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="hidden md:table-cell">Last Login</TableHead>
          <TableHead className="hidden md:table-cell">Joined</TableHead>
          {actions ? (
            <TableHead className="w-12 pr-4 text-right">
              <span className="sr-only">Actions</span>
            </TableHead>
          ) : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {members.map((m) => (
          <TableRow key={m.id}>
            <TableCell className="max-w-0 pl-4 sm:max-w-none">
              <div className="truncate font-medium">{memberName(m)}</div>
              <div className="text-muted-foreground truncate text-xs">{m.email}</div>
              <div className="mt-1 sm:hidden">
                <RoleBadge role={m.role} />
              </div>
            </TableCell>
            <TableCell className="hidden sm:table-cell">
              <RoleBadge role={m.role} />
            </TableCell>
            <TableCell>
              <StatusBadge status={m.status} />
            </TableCell>
            <TableCell className="hidden md:table-cell">{formatDate(m.lastLoginAt)}</TableCell>
            <TableCell className="hidden md:table-cell">{formatDate(m.createdAt)}</TableCell>
            {actions ? (
              <TableCell className="pr-4 text-right">
                <RowMenu member={m} myRole={myRole} actions={actions} />
              </TableCell>
            ) : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
