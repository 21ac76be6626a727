import type { AuditStatus } from '../../../../contracts/audits';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';

const STATUS: Record<AuditStatus, { label: string; className: string }> = {
  draft: { label: 'Draft', className: 'border-transparent bg-slate-100 text-slate-800' },
  pending: { label: 'Pending', className: 'border-transparent bg-blue-100 text-blue-800' },
  processing: { label: 'Processing', className: 'border-transparent bg-yellow-100 text-yellow-900' },
  complete: { label: 'Complete', className: 'border-transparent bg-green-100 text-green-800' },
  error: { label: 'Error', className: 'border-transparent bg-red-100 text-red-800' },
};

/** An audit's status (spec part 1 section 4). */
export function AuditStatusBadge({ status, className }: { status: AuditStatus; className?: string }) {
  const { label, className: tone } = STATUS[status] ?? STATUS.draft;
  return <Badge className={cn(tone, className)}>{label}</Badge>;
}
