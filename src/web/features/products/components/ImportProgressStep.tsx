import { Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';

/** Upload progress; once the bytes are sent, the server is still working: `doneLabel`. */
export function ImportProgressStep({
  label,
  doneLabel,
  percent,
  onCancel,
}: {
  label: string;
  doneLabel: string;
  percent: number;
  onCancel?: () => void;
}) {
  const sent = percent >= 100;
  return (
    <div className="grid gap-4 p-6" role="status" aria-live="polite">
      <div className="flex items-center justify-between gap-4 text-sm">
        <span className="flex min-w-0 items-center gap-2">
          <Loader2 className="size-4 shrink-0 animate-spin" aria-hidden="true" />
          <span className="truncate">{sent ? doneLabel : label}</span>
        </span>
        <span className="text-muted-foreground tabular-nums">{sent ? '' : `${percent}%`}</span>
      </div>
      <Progress value={percent} aria-label={label} className={sent ? 'animate-pulse' : undefined} />
      {onCancel ? (
        <div className="flex justify-end">
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      ) : null}
    </div>
  );
}
