import type { Role } from '../../../../contracts/auth';
import type { MemberStatus } from '../../../../contracts/team';
import { Badge } from '@/components/ui/badge';
import { ROLE_LABELS, STATUS_LABELS } from '../member-display';

const STATUS_TONE: Record<MemberStatus, string> = {
  pending: 'border-transparent bg-amber-100 text-amber-900',
  active: 'border-transparent bg-green-100 text-green-800',
  inactive: 'border-transparent bg-slate-200 text-slate-700',
};

export function RoleBadge({ role }: { role: Role }) {
  return <Badge variant={role === 'owner' ? 'default' : 'outline'}>{ROLE_LABELS[role]}</Badge>;
}

export function StatusBadge({ status }: { status: MemberStatus }) {
  return <Badge className={STATUS_TONE[status]}>{STATUS_LABELS[status]}</Badge>;
}
