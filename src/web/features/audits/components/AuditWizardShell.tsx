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
  processing,
  children,
}: {
  steps: readonly string[];
  current: number;
  processing: { progress: number; phase: RunPhase; fileCount: number } | null;
  children?: ReactNode;
}) {
  return (
    <div className="grid min-w-0 gap-5">
      <WizardSteps steps={steps} current={current} />
      {processing ? <ProcessingStep {...processing} /> : children}
    </div>
  );
}
