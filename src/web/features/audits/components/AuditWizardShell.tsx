import type { ReactNode } from 'react';
import { ProcessingStep } from './ProcessingStep';
import type { RunPhase } from './use-run-audit';
import { WizardSteps } from './WizardSteps';

/**
 * The frame of the cycle count and product audit wizards (spec part 1 "Cycle count wizard",
 * "Product audit wizard", section 4): 'Step n of N' with the step names, then the current step
 * (`children`), or the Processing step (progress, phase, the number of files) while `processing`.
 * `current` counts from 0. Each step draws its own Back / Next buttons.
 */
export function AuditWizardShell({
  steps,
  current,
  label,
  processing,
  children,
}: {
  steps: readonly string[];
  current: number;
  /** The current screen's name when it is not the step's own (Choose Audit Mode). */
  label?: string;
  processing: { progress: number; phase: RunPhase; fileCount: number } | null;
  children?: ReactNode;
}) {
  return (
    <div className="grid min-w-0 gap-5">
      <WizardSteps steps={steps} current={current} label={label} />
      {processing ? <ProcessingStep {...processing} /> : children}
    </div>
  );
}
