/**
 * The Tasks calendar's month (spec part 2 "Tasks screen", section 9): whole weeks Sunday to
 * Saturday covering the month, and each day's tasks by due day, 2 shown then '+N more'.
 */
import { addDays, endOfMonth, endOfWeek, startOfMonth, startOfWeek } from 'date-fns';
import { CALENDAR_TASKS_PER_DAY, type AuditTask } from '../../../../contracts/tasks';
import { dayKey } from './task-format';

/** The weeks (7 days each, Sunday first) that cover `month`'s month. */
export function monthWeeks(month: Date): Date[][] {
  const first = startOfWeek(startOfMonth(month), { weekStartsOn: 0 });
  const last = endOfWeek(endOfMonth(month), { weekStartsOn: 0 });
  const weeks: Date[][] = [];
  for (let day = first; day <= last; day = addDays(day, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(day, i)));
  }
  return weeks;
}

/** Tasks with a due date, by due day (`YYYY-MM-DD`), each day's in the given order. */
export function tasksByDueDay(tasks: readonly AuditTask[]): Map<string, AuditTask[]> {
  const byDay = new Map<string, AuditTask[]>();
  for (const task of tasks) {
    if (!task.dueDate) continue;
    const list = byDay.get(task.dueDate) ?? [];
    list.push(task);
    byDay.set(task.dueDate, list);
  }
  return byDay;
}

/** A day's tasks as shown: the first `limit`, and how many more ('+N more'). */
export function dayTasks(byDay: Map<string, AuditTask[]>, day: Date, limit = CALENDAR_TASKS_PER_DAY): { shown: AuditTask[]; more: number } {
  const all = byDay.get(dayKey(day)) ?? [];
  return { shown: all.slice(0, limit), more: Math.max(0, all.length - limit) };
}
