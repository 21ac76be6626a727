/**
 * The owner's full rebuild of tag analytics from every audit line (DESIGN.md section 11;
 * docs/decisions/0130): a Rebuild button with a confirmation, and, while the rebuild is queued or
 * running (started here, by another owner's tab or by the operator), its progress. When it
 * completes the cached figures are dropped, so the screen shows the rebuilt ones.
 */
import { useEffect, useRef, useState } from 'react';
import { DatabaseZap, Loader2 } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Progress } from '@/components/ui/progress';
import { errorMessage } from '@/lib/api';
import type { TagRebuildStage } from '../../../../contracts/tag-analytics';
import { isOpen, useInvalidateTagAnalytics, useLatestTagRebuild, useStartTagRebuild } from '../api/tag-analytics';

export const STAGE_LABELS: Record<TagRebuildStage, string> = {
  queued: 'Waiting to start',
  numbering: 'Ordering audits by completion',
  products: 'Totalling each product',
  mixedProducts: 'Totalling products whose tags changed',
  audits: 'Totalling each audit',
  done: 'Done',
};

/** The Rebuild action: asks first (minutes of work at size), then starts the job. */
export function RebuildButton() {
  const latest = useLatestTagRebuild(true);
  const start = useStartTagRebuild();
  const [asking, setAsking] = useState(false);
  const running = isOpen(latest.data?.rebuild ?? null);

  return (
    <>
      <Button variant="outline" onClick={() => setAsking(true)} disabled={running || start.isPending}>
        {running ? <Loader2 aria-hidden="true" className="animate-spin" /> : <DatabaseZap aria-hidden="true" />}
        Rebuild
      </Button>
      <AlertDialog open={asking} onOpenChange={(open) => !start.isPending && setAsking(open)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Rebuild tag analytics?</AlertDialogTitle>
            <AlertDialogDescription>
              Every figure is worked out again from every audit line. The figures are kept up to date as audits complete, so this is only
              needed after a data repair. With a long history it can take several minutes; the screen shows its progress and the
              current figures stay until it finishes.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={start.isPending} autoFocus>
              Cancel
            </AlertDialogCancel>
            <AlertDialogAction
              disabled={start.isPending}
              onClick={async (e) => {
                e.preventDefault();
                try {
                  await start.mutateAsync();
                  setAsking(false);
                } catch (error) {
                  toast.error('Rebuild failed to start', { description: errorMessage(error) });
                }
              }}
            >
              {start.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <DatabaseZap aria-hidden="true" />}
              Rebuild
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}

/** The open rebuild's stage and progress; a toast when one followed here completes or fails. */
export function RebuildProgress() {
  const latest = useLatestTagRebuild(true);
  const invalidate = useInvalidateTagAnalytics();
  const rebuild = latest.data?.rebuild ?? null;
  const wasOpen = useRef(false);
  const open = isOpen(rebuild);

  useEffect(() => {
    if (open) {
      wasOpen.current = true;
      return;
    }
    if (!wasOpen.current || !rebuild) return;
    wasOpen.current = false;
    if (rebuild.status === 'complete') {
      toast.success('Tag analytics rebuilt', { description: 'Every figure was worked out again from the audit lines.' });
      void invalidate();
    } else if (rebuild.status === 'error') {
      toast.error('Rebuild failed', { description: rebuild.error ?? undefined });
    }
  }, [open, rebuild, invalidate]);

  if (!open || !rebuild) return null;
  const label = `${STAGE_LABELS[rebuild.stage]} (${rebuild.progress}%)`;
  return (
    <div role="status" aria-live="polite" className="bg-muted/40 flex flex-col gap-2 rounded-lg border p-4 text-sm">
      <p>
        <span className="font-medium">Rebuilding tag analytics</span>
        <span className="text-muted-foreground">: {label}</span>
      </p>
      <Progress value={rebuild.progress} aria-label="Rebuild progress" />
    </div>
  );
}
