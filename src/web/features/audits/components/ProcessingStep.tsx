/** Wizard step 'Processing' (spec part 1 section 4): progress 10, 20, 30, upload 30-90, 100. */
import { CheckCircle2, Loader2 } from 'lucide-react';
import { Progress } from '@/components/ui/progress';
import type { RunPhase } from './use-run-audit';

const PHASE_TEXT: Record<RunPhase, string> = {
  idle: 'Starting...',
  creating: 'Creating the audit...',
  uploading: 'Uploading scan files...',
  processing: 'Matching scans against your catalogue...',
  done: 'Audit complete. Opening the results...',
};

export function ProcessingStep({ progress, phase, fileCount }: { progress: number; phase: RunPhase; fileCount: number }) {
  const done = phase === 'done';
  return (
    <div className="grid justify-items-center gap-4 py-8 text-center">
      {done ? (
        <CheckCircle2 className="size-10 text-green-600" aria-hidden="true" />
      ) : (
        <Loader2 className="text-muted-foreground size-10 animate-spin" aria-hidden="true" />
      )}
      <div className="grid gap-1">
        <p className="font-medium" role="status" aria-live="polite">
          {PHASE_TEXT[phase]}
        </p>
        <p className="text-muted-foreground text-sm">
          {fileCount} scan {fileCount === 1 ? 'file' : 'files'}. Please keep this window open.
        </p>
      </div>
      <div className="grid w-full max-w-md gap-1.5">
        <Progress value={progress} aria-label="Processing progress" />
        <p className="text-muted-foreground text-sm tabular-nums" aria-hidden="true">
          {progress}%
        </p>
      </div>
    </div>
  );
}
