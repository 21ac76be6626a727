/**
 * A task row's menu (spec part 2 "Tasks screen"): Start Task (my view, pending), Mark Complete
 * (my view, in progress), Count (my view, open tasks: the count screen of the task's audit, DESIGN.md
 * section 14), View Audit (/audits/{auditId}); plus View Details.
 */
import { Link } from 'wouter';
import { CheckCircle2, ExternalLink, Eye, MoreHorizontal, Play, ScanBarcode } from 'lucide-react';
import type { AuditTask } from '../../../../contracts/tasks';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

export interface TaskRowHandlers {
  /** Start and complete are offered (the 'My Tasks' view, and the caller may work the task). */
  canWork: (task: AuditTask) => boolean;
  onOpen: (task: AuditTask) => void;
  onStart: (task: AuditTask) => void;
  onComplete: (task: AuditTask) => void;
}

export function TaskActionsMenu({ task, canWork, onOpen, onStart, onComplete }: { task: AuditTask } & TaskRowHandlers) {
  const work = canWork(task);
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-8" aria-label={`Actions for ${task.title}`}>
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => onOpen(task)}>
          <Eye aria-hidden="true" />
          View Details
        </DropdownMenuItem>
        {work && task.status === 'pending' ? (
          <DropdownMenuItem onSelect={() => onStart(task)}>
            <Play aria-hidden="true" />
            Start Task
          </DropdownMenuItem>
        ) : null}
        {work && task.status === 'in_progress' ? (
          <DropdownMenuItem onSelect={() => onComplete(task)}>
            <CheckCircle2 aria-hidden="true" />
            Mark Complete
          </DropdownMenuItem>
        ) : null}
        {work && task.status !== 'complete' ? (
          <DropdownMenuItem asChild>
            <Link href={`/audits/${task.auditId}/count`}>
              <ScanBarcode aria-hidden="true" />
              Count
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href={`/audits/${task.auditId}`}>
            <ExternalLink aria-hidden="true" />
            View Audit
          </Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
