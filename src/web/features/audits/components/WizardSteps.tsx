import { useEffect, useRef } from 'react';
import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';

/**
 * 'Step n of N' with the step names (spec part 1 "Cycle count wizard"); `label` names a screen
 * that shares a step's number (the optional Choose Audit Mode). When the step changes,
 * the focus moves to this line (the button pressed is gone), so a screen reader reads the new step.
 */
export function WizardSteps({ steps, current, label }: { steps: readonly string[]; current: number; label?: string }) {
  const title = useRef<HTMLParagraphElement>(null);
  const shown = useRef(current);
  useEffect(() => {
    if (shown.current === current) return; // first render: the step's own field has the focus
    shown.current = current;
    title.current?.focus();
  }, [current]);

  return (
    <div className="grid gap-2">
      <p ref={title} tabIndex={-1} className="text-sm font-medium outline-none">
        Step {current + 1} of {steps.length}: <span className="text-muted-foreground">{label ?? steps[current]}</span>
      </p>
      <ol className="flex gap-2" aria-label="Steps">
        {steps.map((title, i) => (
          <li key={title} className="grid flex-1 gap-1" aria-current={i === current ? 'step' : undefined}>
            <span className={cn('h-1.5 rounded-full', i <= current ? 'bg-primary' : 'bg-muted')} aria-hidden="true" />
            <span
              className={cn(
                'hidden items-center gap-1 text-xs sm:flex',
                i === current ? 'text-foreground font-medium' : 'text-muted-foreground',
              )}
            >
              {i < current ? <Check className="size-3" aria-hidden="true" /> : null}
              {title}
              <span className="sr-only">{i < current ? ' (done)' : i === current ? ' (current)' : ''}</span>
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
