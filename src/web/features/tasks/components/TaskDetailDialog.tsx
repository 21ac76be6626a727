/**
 * Task detail dialog (spec part 2 "Tasks screen"): status, priority, description, created, due,
 * started and completed times, notes; Start Task (pending) or Mark Complete (in progress) for
 * whoever may work the task, and View Audit. A pending task whose audit was completed without it
 * says so (DESIGN.md section 9).
 */
import { Link } from 'wouter';
import { CheckCircle2, ExternalLink, Info, Loader2, Play } from 'lucide-react';
import type { AuditTask } from '../../../../contracts/tasks';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api';
import { useTask } from '../api/get-tasks';
import { formatDay } from '../lib/task-format';
import { DueDate, TaskPriorityBadge, TaskStatusBadge } from './TaskBadges';
import { TaskFacts } from './TaskFacts';

function dateTime(value: string | null): string {
  return value ? `${formatDay(value)}, ${new Date(value).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}` : '—';
}

export function TaskDetailDialog({
  taskId,
  canWork,
  onClose,
  onStart,
  onComplete,
}: {
  taskId: string | null;
  canWork: (task: AuditTask) => boolean;
  onClose: () => void;
  onStart: (task: AuditTask) => void;
  onComplete: (task: AuditTask) => void;
}) {
  const query = useTask(taskId);
  const task = query.data;
  const work = task ? canWork(task) : false;

  return (
    <Dialog open={taskId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[92svh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle className="pr-6 break-words">{task?.title ?? 'Task details'}</DialogTitle>
          <DialogDescription>{task ? `Audit: ${task.auditName}${task.assignedToName ? ` · Assigned to ${task.assignedToName}` : ''}` : 'Loading the task...'}</DialogDescription>
        </DialogHeader>
        {query.isPending && taskId ? (
          <p role="status" className="text-muted-foreground flex items-center gap-2 text-sm">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            Loading...
          </p>
        ) : null}
        {query.isError ? (
          <p role="alert" className="text-destructive text-sm">
            {errorMessage(query.error)}
          </p>
        ) : null}
        {task ? (
          <>
            {task.status === 'pending' && task.auditStatus === 'complete' ? (
              <p className="bg-muted/50 flex items-start gap-2 rounded-md border p-3 text-sm">
                <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                The audit was completed without this task being started, so the task is still pending.
              </p>
            ) : null}
            <TaskFacts
              facts={[
                ['Status', <TaskStatusBadge status={task.status} />],
                ['Priority', <TaskPriorityBadge priority={task.priority} />],
                ['Description', task.description || '—'],
                ['Created', dateTime(task.createdAt)],
                ['Due', <DueDate task={task} />],
                ['Started', dateTime(task.startedAt)],
                ['Completed', dateTime(task.completedAt)],
                ['Notes', task.notes || '—'],
              ]}
            />
          </>
        ) : null}
        <DialogFooter>
          {task ? (
            <Button asChild variant="outline">
              <Link href={`/audits/${task.auditId}`} onClick={onClose}>
                <ExternalLink aria-hidden="true" />
                View Audit
              </Link>
            </Button>
          ) : null}
          {task && work && task.status === 'pending' ? (
            <Button type="button" onClick={() => onStart(task)}>
              <Play aria-hidden="true" />
              Start Task
            </Button>
          ) : null}
          {task && work && task.status === 'in_progress' ? (
            <Button type="button" onClick={() => onComplete(task)}>
              <CheckCircle2 aria-hidden="true" />
              Mark Complete
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
