/**
 * /tasks (spec part 2 "Tasks screen"; DESIGN.md section 9): 'My Tasks' or 'All Tasks', Table or
 * Calendar, tabs All Tasks / Pending / In Progress / Complete with counts, the task table (or
 * cards on phones) with its row menu, the task detail and Start Audit Task dialogs, bulk delete
 * with confirmation, and 'No tasks found'. Start and complete are offered in 'My Tasks' (and the
 * detail dialog) to whoever may work the task; viewers only read. `?task={id}` (the assignment
 * e-mail's link) opens that task's detail.
 */
import { useMemo, useState } from 'react';
import { useSearch } from 'wouter';
import { CalendarDays, ClipboardList, RotateCw, Table2, Trash2 } from 'lucide-react';
import type { AuditTask } from '../../../contracts/tasks';
import { PageHeader } from '@/components/PageHeader';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorMessage } from '@/lib/api';
import { useTasks, type TaskScope } from './api/get-tasks';
import { useSignedInUser } from './api/signed-in-user';
import { ConfirmDeleteTasks } from './components/ConfirmDeleteTasks';
import { SegmentedToggle } from './components/SegmentedToggle';
import { StartTaskDialog } from './components/StartTaskDialog';
import { TaskDetailDialog } from './components/TaskDetailDialog';
import { TaskCards, TasksTable } from './components/TasksTable';
import { TasksCalendar } from './components/TasksCalendar';
import { useTaskActions } from './components/use-task-actions';
import { canWork, canWrite } from './lib/task-permissions';
import { TASK_TABS, tabCounts, tasksOfTab, type TaskTab } from './lib/task-format';

type View = 'table' | 'calendar';

export default function TasksPage() {
  const user = useSignedInUser();
  const writer = canWrite(user);
  const [scope, setScope] = useState<TaskScope>('mine');
  const [view, setView] = useState<View>('table');
  const [tab, setTab] = useState<TaskTab>('all');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirmOpen, setConfirmOpen] = useState(false);
  const linked = new URLSearchParams(useSearch()).get('task');
  const [detailId, setDetailId] = useState<string | null>(linked);
  const [starting, setStarting] = useState<AuditTask | null>(null);
  const tasks = useTasks(scope);
  const actions = useTaskActions();

  const all = tasks.data;
  const shown = useMemo(() => (all ? tasksOfTab(all, tab) : []), [all, tab]);
  const counts = useMemo(() => tabCounts(all ?? []), [all]);
  // Only what is on screen counts as selected: a tab change never deletes hidden tasks.
  const selectedShown = shown.filter((t) => selected.has(t.id));

  const toggle = (id: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const workable = (task: AuditTask) => canWork(user, task);
  const handlers = {
    // The table offers start and complete in 'My Tasks' only (spec part 2 section 6).
    canWork: (task: AuditTask) => scope === 'mine' && workable(task),
    onOpen: (task: AuditTask) => setDetailId(task.id),
    onStart: (task: AuditTask) => setStarting(task),
    onComplete: (task: AuditTask) => void actions.complete(task.id),
  };
  const selection = writer ? { selected, onToggle: toggle } : {};
  const switchScope = (next: TaskScope) => {
    setScope(next);
    setSelected(new Set());
  };

  return (
    <div className="flex min-w-0 flex-1 flex-col gap-6 p-4 md:p-6">
      <PageHeader
        title="Audit Tasks"
        description="Audits assigned to you and your team: start them, upload the scan files, and track them to completion."
        actions={
          <Button variant="outline" onClick={() => void tasks.refetch()} disabled={tasks.isFetching} aria-label="Refresh tasks">
            <RotateCw aria-hidden="true" className={tasks.isFetching ? 'animate-spin' : undefined} />
            Refresh
          </Button>
        }
      />
      <div className="flex flex-wrap items-center gap-3">
        <SegmentedToggle
          label="Whose tasks"
          value={scope}
          onChange={switchScope}
          options={[
            { value: 'mine', label: 'My Tasks' },
            { value: 'all', label: 'All Tasks' },
          ]}
        />
        <SegmentedToggle
          label="View"
          value={view}
          onChange={setView}
          options={[
            { value: 'table', label: 'Table', icon: Table2 },
            { value: 'calendar', label: 'Calendar', icon: CalendarDays },
          ]}
        />
      </div>

      {tasks.isPending ? (
        <div role="status" aria-label="Loading tasks" className="grid gap-2">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : tasks.isError ? (
        <div role="alert" className="border-destructive/30 bg-destructive/5 flex flex-wrap items-center gap-3 rounded-lg border p-4 text-sm">
          <span className="min-w-0 flex-1">Failed to load tasks: {errorMessage(tasks.error)}</span>
          <Button variant="outline" size="sm" onClick={() => void tasks.refetch()}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : (
        <div className="grid min-w-0 gap-4">
          {/* The list below is the chosen tab's panel, so each tab controls a real panel. */}
          <Tabs value={tab} onValueChange={(v) => setTab(v as TaskTab)} className="min-w-0 gap-4">
            <TabsList aria-label="Task status" className="h-auto w-full flex-wrap justify-start gap-y-1 sm:w-fit">
              {TASK_TABS.map(([value, label]) => (
                <TabsTrigger key={value} value={value} className="h-8 flex-none gap-1.5">
                  {label}
                  <Badge variant="secondary" className="min-w-5 px-1.5 tabular-nums">
                    {counts[value]}
                  </Badge>
                </TabsTrigger>
              ))}
            </TabsList>
            <TabsContent value={tab} className="grid min-w-0 gap-4">
              {shown.length === 0 ? (
                <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-6 py-10 text-center">
                  <ClipboardList className="text-muted-foreground size-6" aria-hidden="true" />
                  <h2 className="text-lg font-semibold">No tasks found</h2>
                  <p className="text-muted-foreground text-sm">
                    {scope === 'mine' ? 'No task of this status is assigned to you.' : 'Your team has no task of this status.'}
                    {/* A viewer has no New Audit: only those who can assign are told how. */}
                    {writer ? ' Assign one from Audits: New Audit, then Assign Task.' : ''}
                  </p>
                </div>
              ) : view === 'calendar' ? (
                <TasksCalendar tasks={shown} onOpen={handlers.onOpen} />
              ) : (
                <>
                  {writer ? (
                    <div className="flex flex-wrap items-center justify-between gap-3">
                      <label className="flex items-center gap-2 text-sm">
                        <Checkbox
                          checked={selectedShown.length === 0 ? false : selectedShown.length === shown.length ? true : 'indeterminate'}
                          onCheckedChange={(v) => setSelected(v === true ? new Set(shown.map((t) => t.id)) : new Set())}
                        />
                        Select all
                      </label>
                      <Button variant="destructive" size="sm" disabled={selectedShown.length === 0} onClick={() => setConfirmOpen(true)}>
                        <Trash2 aria-hidden="true" />
                        Delete Selected{selectedShown.length > 0 ? ` (${selectedShown.length})` : ''}
                      </Button>
                    </div>
                  ) : null}
                  <div className="hidden md:block">
                    <TasksTable tasks={shown} showAssignee={scope === 'all'} {...selection} {...handlers} />
                  </div>
                  <div className="md:hidden">
                    <TaskCards tasks={shown} showAssignee={scope === 'all'} {...selection} {...handlers} />
                  </div>
                </>
              )}
            </TabsContent>
          </Tabs>
        </div>
      )}

      <TaskDetailDialog
        taskId={detailId}
        canWork={workable}
        onClose={() => setDetailId(null)}
        onStart={(task) => {
          setDetailId(null);
          setStarting(task);
        }}
        onComplete={(task) => void actions.complete(task.id)}
      />
      <StartTaskDialog task={starting} onClose={() => setStarting(null)} />
      <ConfirmDeleteTasks
        count={selectedShown.length}
        open={confirmOpen}
        onClose={() => setConfirmOpen(false)}
        onConfirm={async () => {
          const ids = selectedShown.map((t) => t.id);
          if (await actions.remove(ids)) setSelected((prev) => new Set([...prev].filter((id) => !ids.includes(id))));
        }}
      />
    </div>
  );
}
