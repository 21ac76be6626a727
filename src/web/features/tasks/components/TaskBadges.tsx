/** Status, priority and due-date badges of a task (spec part 2 sections 4, 9); overdue is red. */
import { AlertTriangle } from 'lucide-react';
import type { AuditTask, TaskPriority, TaskStatus } from '../../../../contracts/tasks';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { formatDay, isOverdue, PRIORITY_LABELS, STATUS_LABELS } from '../lib/task-format';

const STATUS_STYLES: Record<TaskStatus, string> = {
  pending: 'border-amber-500/40 bg-amber-50 text-amber-900',
  in_progress: 'border-blue-500/40 bg-blue-50 text-blue-900',
  complete: 'border-green-600/40 bg-green-50 text-green-900',
};

const PRIORITY_STYLES: Record<TaskPriority, string> = {
  urgent: 'border-red-600/40 bg-red-50 text-red-800',
  high: 'border-orange-500/40 bg-orange-50 text-orange-900',
  medium: 'border-slate-400/40 bg-slate-50 text-slate-800',
  low: 'border-slate-300/40 bg-transparent text-slate-600',
};

export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  return (
    <Badge variant="outline" className={STATUS_STYLES[status]}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}

export function TaskPriorityBadge({ priority }: { priority: TaskPriority }) {
  return (
    <Badge variant="outline" className={PRIORITY_STYLES[priority]}>
      {PRIORITY_LABELS[priority]}
    </Badge>
  );
}

/** The due day; an overdue one in red with 'Overdue' (a word, not only a colour). */
export function DueDate({ task }: { task: Pick<AuditTask, 'dueDate' | 'status'> }) {
  if (!task.dueDate) return <span className="text-muted-foreground">No due date</span>;
  const overdue = isOverdue(task);
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-1.5 whitespace-nowrap', overdue && 'text-destructive font-medium')}>
      {formatDay(task.dueDate)}
      {overdue ? (
        <Badge variant="destructive" className="gap-1">
          <AlertTriangle aria-hidden="true" />
          Overdue
        </Badge>
      ) : null}
    </span>
  );
}

/** The Progress column: when the task was started (and completed). */
export function TaskProgress({ task }: { task: AuditTask }) {
  if (task.completedAt) return <span className="whitespace-nowrap">Completed {formatDay(task.completedAt)}</span>;
  if (task.startedAt) return <span className="whitespace-nowrap">Started {formatDay(task.startedAt)}</span>;
  return <span className="text-muted-foreground whitespace-nowrap">Not started</span>;
}
