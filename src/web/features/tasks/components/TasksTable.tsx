/**
 * The task table (spec part 2 "Tasks screen"): select, Status, Task, Assignee (All view only),
 * Priority, Created, Due Date, Progress (the start date), Actions. From 768 px up; phones get
 * TaskCards.
 */
import type { AuditTask } from '../../../../contracts/tasks';
import { Checkbox } from '@/components/ui/checkbox';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDay } from '../lib/task-format';
import { TaskActionsMenu, type TaskRowHandlers } from './TaskActionsMenu';
import { DueDate, TaskPriorityBadge, TaskProgress, TaskStatusBadge } from './TaskBadges';

export interface TaskSelection {
  /** Absent: no selection (read-only callers). */
  selected?: ReadonlySet<string>;
  onToggle?: (id: string, selected: boolean) => void;
}

export function TasksTable({
  tasks,
  showAssignee,
  selected,
  onToggle,
  ...handlers
}: { tasks: AuditTask[]; showAssignee: boolean } & TaskSelection & TaskRowHandlers) {
  return (
    <div className="rounded-lg border">
      <Table>
        <TableHeader>
          <TableRow>
            {selected ? (
              <TableHead className="w-10">
                <span className="sr-only">Select</span>
              </TableHead>
            ) : null}
            <TableHead>Status</TableHead>
            <TableHead>Task</TableHead>
            {showAssignee ? <TableHead>Assignee</TableHead> : null}
            <TableHead>Priority</TableHead>
            <TableHead>Created</TableHead>
            <TableHead>Due Date</TableHead>
            <TableHead>Progress</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {tasks.map((task) => (
            <TableRow key={task.id} data-state={selected?.has(task.id) ? 'selected' : undefined}>
              {selected ? (
                <TableCell>
                  <Checkbox checked={selected.has(task.id)} onCheckedChange={(v) => onToggle?.(task.id, v === true)} aria-label={`Select ${task.title}`} />
                </TableCell>
              ) : null}
              <TableCell>
                <TaskStatusBadge status={task.status} />
              </TableCell>
              <TableCell className="max-w-72">
                <button
                  type="button"
                  className="block max-w-full truncate text-left font-medium underline-offset-4 hover:underline focus-visible:underline"
                  onClick={() => handlers.onOpen(task)}
                  title={task.title}
                >
                  {task.title}
                </button>
                <div className="text-muted-foreground truncate text-xs">{task.auditName}</div>
              </TableCell>
              {showAssignee ? <TableCell className="whitespace-nowrap">{task.assignedToName ?? 'Former member'}</TableCell> : null}
              <TableCell>
                <TaskPriorityBadge priority={task.priority} />
              </TableCell>
              <TableCell className="whitespace-nowrap">{formatDay(task.createdAt)}</TableCell>
              <TableCell>
                <DueDate task={task} />
              </TableCell>
              <TableCell>
                <TaskProgress task={task} />
              </TableCell>
              <TableCell className="text-right">
                <TaskActionsMenu task={task} {...handlers} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/** The same rows as cards, for phones. */
export function TaskCards({
  tasks,
  showAssignee,
  selected,
  onToggle,
  ...handlers
}: { tasks: AuditTask[]; showAssignee: boolean } & TaskSelection & TaskRowHandlers) {
  return (
    <ul className="grid gap-3" aria-label="Tasks">
      {tasks.map((task) => (
        <li key={task.id} className="grid gap-2 rounded-lg border p-3">
          <div className="flex items-start gap-3">
            {selected ? (
              <Checkbox className="mt-1" checked={selected.has(task.id)} onCheckedChange={(v) => onToggle?.(task.id, v === true)} aria-label={`Select ${task.title}`} />
            ) : null}
            <div className="min-w-0 flex-1">
              <button type="button" className="text-left font-medium break-words underline-offset-4 hover:underline" onClick={() => handlers.onOpen(task)}>
                {task.title}
              </button>
              <div className="text-muted-foreground truncate text-xs">{task.auditName}</div>
            </div>
            <TaskActionsMenu task={task} {...handlers} />
          </div>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <TaskStatusBadge status={task.status} />
            <TaskPriorityBadge priority={task.priority} />
            {showAssignee ? <span className="text-muted-foreground">{task.assignedToName ?? 'Former member'}</span> : null}
          </div>
          <dl className="text-muted-foreground grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
            <dt>Due</dt>
            <dd className="text-foreground">
              <DueDate task={task} />
            </dd>
            <dt>Created</dt>
            <dd>{formatDay(task.createdAt)}</dd>
            <dt>Progress</dt>
            <dd>
              <TaskProgress task={task} />
            </dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
