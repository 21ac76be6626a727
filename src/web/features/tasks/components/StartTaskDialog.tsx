/**
 * Start Audit Task dialog (spec part 2 "Tasks screen"): the task's title, description, created,
 * due, priority and notes, and its audit's name and description. 'Start Task & Upload Data'
 * starts it; then 'Go to Audits & Upload Files' opens the audit's resume flow at the files step
 * (/audits/{auditId}; DESIGN.md section 9).
 */
import { useState } from 'react';
import { useLocation } from 'wouter';
import { ArrowRight, Loader2, Play } from 'lucide-react';
import type { AuditTask } from '../../../../contracts/tasks';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatDay } from '../lib/task-format';
import { DueDate, TaskPriorityBadge } from './TaskBadges';
import { TaskFacts } from './TaskFacts';
import { useTaskActions } from './use-task-actions';

export function StartTaskDialog({ task, onClose }: { task: AuditTask | null; onClose: () => void }) {
  const actions = useTaskActions();
  const [, navigate] = useLocation();
  const [phase, setPhase] = useState<'ready' | 'starting' | 'started'>('ready');
  const close = () => {
    if (phase === 'starting') return;
    setPhase('ready');
    onClose();
  };
  const start = async () => {
    if (!task) return;
    setPhase('starting');
    setPhase((await actions.start(task.id)) ? 'started' : 'ready');
  };

  return (
    <Dialog open={task !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent className="max-h-[92svh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Start Audit Task</DialogTitle>
          <DialogDescription>
            {phase === 'started' ? 'The task is in progress. Upload the scan files to complete its audit.' : 'Check the task, then start it and upload the scan files.'}
          </DialogDescription>
        </DialogHeader>
        {task ? (
          <TaskFacts
            facts={[
              ['Task', <span className="font-medium">{task.title}</span>],
              ['Description', task.description || '—'],
              ['Created', formatDay(task.createdAt)],
              ['Due', <DueDate task={task} />],
              ['Priority', <TaskPriorityBadge priority={task.priority} />],
              ['Notes', task.notes || '—'],
              ['Audit', task.auditName],
              ['Audit description', task.auditDescription || '—'],
            ]}
          />
        ) : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={close} disabled={phase === 'starting'}>
            {phase === 'started' ? 'Close' : 'Cancel'}
          </Button>
          {phase === 'started' ? (
            <Button
              type="button"
              autoFocus
              onClick={() => {
                const auditId = task!.auditId;
                close();
                navigate(`/audits/${auditId}`);
              }}
            >
              Go to Audits &amp; Upload Files
              <ArrowRight aria-hidden="true" />
            </Button>
          ) : (
            <Button type="button" onClick={() => void start()} disabled={phase === 'starting'}>
              {phase === 'starting' ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Play aria-hidden="true" />}
              Start Task &amp; Upload Data
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
