/**
 * The Tasks calendar (spec part 2 "Tasks screen", section 9): a month grid Sunday to Saturday with
 * previous, Today and next; each day shows up to 2 tasks by due date, then '+N more' (which lists
 * the day's tasks below). Under 768 px the month is a list of its days that have tasks.
 */
import { useMemo, useState } from 'react';
import { addMonths, format, isSameDay, isSameMonth, startOfMonth, subMonths } from 'date-fns';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { AuditTask, TaskStatus } from '../../../../contracts/tasks';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { dayTasks, monthWeeks, tasksByDueDay } from '../lib/calendar-month';
import { dayKey, formatDay, isOverdue, STATUS_LABELS } from '../lib/task-format';
import { TaskPriorityBadge, TaskStatusBadge } from './TaskBadges';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const CHIP_STYLES: Record<TaskStatus, string> = {
  pending: 'border-amber-500/40 bg-amber-50 text-amber-950',
  in_progress: 'border-blue-500/40 bg-blue-50 text-blue-950',
  complete: 'border-green-600/40 bg-green-50 text-green-950 line-through decoration-green-700/40',
};

function TaskChip({ task, onOpen }: { task: AuditTask; onOpen: (task: AuditTask) => void }) {
  const overdue = isOverdue(task);
  return (
    <button
      type="button"
      onClick={() => onOpen(task)}
      title={`${task.title} (${STATUS_LABELS[task.status]}${overdue ? ', overdue' : ''})`}
      className={cn(
        'block w-full truncate rounded border px-1.5 py-0.5 text-left text-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
        overdue ? 'border-red-600/50 bg-red-50 text-red-900' : CHIP_STYLES[task.status],
      )}
    >
      {task.title}
      <span className="sr-only">
        , {STATUS_LABELS[task.status]}
        {overdue ? ', overdue' : ''}
      </span>
    </button>
  );
}

function DayList({ day, tasks, onOpen }: { day: string; tasks: AuditTask[]; onOpen: (task: AuditTask) => void }) {
  return (
    <section className="grid gap-2 rounded-lg border p-3" aria-label={`Tasks due ${formatDay(day)}`}>
      <h3 className="text-sm font-semibold">{format(new Date(`${day}T00:00:00`), 'EEEE, MMM d, yyyy')}</h3>
      <ul className="grid gap-2">
        {tasks.map((task) => (
          <li key={task.id} className="flex flex-wrap items-center gap-2">
            <button type="button" className="min-w-0 flex-1 truncate text-left text-sm font-medium underline-offset-4 hover:underline" onClick={() => onOpen(task)}>
              {task.title}
            </button>
            <TaskStatusBadge status={task.status} />
            <TaskPriorityBadge priority={task.priority} />
            {isOverdue(task) ? <span className="text-destructive text-xs font-medium">Overdue</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function TasksCalendar({ tasks, onOpen, today = new Date() }: { tasks: AuditTask[]; onOpen: (task: AuditTask) => void; today?: Date }) {
  const [month, setMonth] = useState(() => startOfMonth(today));
  const [expanded, setExpanded] = useState<string | null>(null);
  const byDay = useMemo(() => tasksByDueDay(tasks), [tasks]);
  const weeks = monthWeeks(month);
  const monthDays = [...byDay.keys()].filter((d) => isSameMonth(new Date(`${d}T00:00:00`), month)).sort();
  const undated = tasks.filter((t) => !t.dueDate).length;
  const go = (next: Date) => {
    setMonth(startOfMonth(next));
    setExpanded(null);
  };

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold" aria-live="polite">
          {format(month, 'MMMM yyyy')}
        </h2>
        <div className="flex items-center gap-1">
          <Button variant="outline" size="icon" onClick={() => go(subMonths(month, 1))} aria-label="Previous month">
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button variant="outline" onClick={() => go(today)}>
            Today
          </Button>
          <Button variant="outline" size="icon" onClick={() => go(addMonths(month, 1))} aria-label="Next month">
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </div>

      <div className="hidden rounded-lg border md:block">
        <div role="grid" aria-label={`Tasks by due date, ${format(month, 'MMMM yyyy')}`} className="grid">
          <div role="row" className="bg-muted/50 grid grid-cols-7 border-b">
            {WEEKDAYS.map((d) => (
              <div key={d} role="columnheader" className="text-muted-foreground px-2 py-1.5 text-xs font-medium">
                {d}
              </div>
            ))}
          </div>
          {weeks.map((week) => (
            <div key={dayKey(week[0]!)} role="row" className="grid grid-cols-7 border-b last:border-b-0">
              {week.map((day) => {
                const { shown, more } = dayTasks(byDay, day);
                const key = dayKey(day);
                const isToday = isSameDay(day, today);
                return (
                  <div
                    key={key}
                    role="gridcell"
                    data-day={key}
                    className={cn('grid min-h-24 content-start gap-1 border-r p-1.5 last:border-r-0', !isSameMonth(day, month) && 'bg-muted/30')}
                  >
                    <span
                      className={cn(
                        'flex size-6 items-center justify-center rounded-full text-xs',
                        !isSameMonth(day, month) && 'text-muted-foreground',
                        isToday && 'bg-primary text-primary-foreground font-semibold',
                      )}
                    >
                      <span aria-hidden="true">{format(day, 'd')}</span>
                      {/* The cell is named by its content, the date then its tasks: an aria-label would hide them. */}
                      <span className="sr-only">{format(day, 'EEEE, MMM d, yyyy')}</span>
                    </span>
                    {shown.map((task) => (
                      <TaskChip key={task.id} task={task} onOpen={onOpen} />
                    ))}
                    {more > 0 ? (
                      <button
                        type="button"
                        className="text-muted-foreground hover:text-foreground text-left text-xs font-medium underline-offset-4 hover:underline"
                        onClick={() => setExpanded(key)}
                        aria-expanded={expanded === key}
                      >
                        +{more} more
                      </button>
                    ) : null}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      </div>
      {expanded && byDay.get(expanded) ? (
        <div className="hidden md:block">
          <DayList day={expanded} tasks={byDay.get(expanded)!} onOpen={onOpen} />
        </div>
      ) : null}

      <div className="grid gap-3 md:hidden">
        {monthDays.length === 0 ? <p className="text-muted-foreground text-sm">No tasks are due this month.</p> : null}
        {monthDays.map((day) => (
          <DayList key={day} day={day} tasks={byDay.get(day)!} onOpen={onOpen} />
        ))}
      </div>
      {undated > 0 ? (
        <p className="text-muted-foreground text-xs">
          {undated} {undated === 1 ? 'task has' : 'tasks have'} no due date and {undated === 1 ? 'is' : 'are'} not on the calendar.
        </p>
      ) : null}
    </div>
  );
}
