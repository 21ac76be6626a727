/**
 * How tasks read on screen (spec part 2 sections 4 and 9): status and priority labels, dates as
 * 'MMM d, yyyy', overdue (a due day before today on a task that is not complete), tab counts.
 */
import { format, parseISO } from 'date-fns';
import type { AuditTask, TaskPriority, TaskStatus } from '../../../../contracts/tasks';

/** Spec part 2 section 9. */
export const DATE_FORMAT = 'MMM d, yyyy';

export const STATUS_LABELS: Record<TaskStatus, string> = { pending: 'Pending', in_progress: 'In Progress', complete: 'Complete' };
export const PRIORITY_LABELS: Record<TaskPriority, string> = { urgent: 'Urgent', high: 'High', medium: 'Medium', low: 'Low' };

/** A calendar day `YYYY-MM-DD` (local time) or an ISO date-time as 'MMM d, yyyy'; '' for null. */
export function formatDay(value: string | null | undefined): string {
  return value ? format(parseISO(value), DATE_FORMAT) : '';
}

/** The local calendar day of `date` as `YYYY-MM-DD` (the shape of a task's dueDate). */
export function dayKey(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}

/** True when the task is not complete and its due day is before `today`. */
export function isOverdue(task: Pick<AuditTask, 'dueDate' | 'status'>, today: Date = new Date()): boolean {
  return task.status !== 'complete' && task.dueDate !== null && task.dueDate < dayKey(today);
}

export type TaskTab = 'all' | TaskStatus;
export const TASK_TABS: ReadonlyArray<[TaskTab, string]> = [
  ['all', 'All Tasks'],
  ['pending', 'Pending'],
  ['in_progress', 'In Progress'],
  ['complete', 'Complete'],
];

export function tabCounts(tasks: readonly AuditTask[]): Record<TaskTab, number> {
  const counts: Record<TaskTab, number> = { all: tasks.length, pending: 0, in_progress: 0, complete: 0 };
  for (const t of tasks) counts[t.status] += 1;
  return counts;
}

export function tasksOfTab(tasks: readonly AuditTask[], tab: TaskTab): AuditTask[] {
  return tab === 'all' ? [...tasks] : tasks.filter((t) => t.status === tab);
}
