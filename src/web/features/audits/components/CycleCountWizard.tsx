/**
 * Cycle count wizard, 'Step n of 4': Audit Details, Upload Scan Files, Review & Start, Processing
 * (spec part 1 "Cycle count wizard", sections 4-5, 8). Works in a dialog or embedded.
 *
 * details -> files -> review -> processing; Back from files returns to details, from review to
 * files; a processing error toasts 'Error' and returns to review; success toasts, waits ~1.5 s
 * and hands the audit id to `onFinished`.
 */
import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/api';
import { isFilesStepValid, scanFileUpload } from '../lib/scan-file-entry';
import { AuditDetailsStep, type AuditDetails } from './AuditDetailsStep';
import { ProcessingStep } from './ProcessingStep';
import { ReviewStep } from './ReviewStep';
import { ScanFilesStep } from './ScanFilesStep';
import { useRunCycleCount } from './use-run-cycle-count';
import { useScanFileEntries } from './use-scan-file-entries';
import { WizardSteps } from './WizardSteps';

const STEPS = ['Audit Details', 'Upload Scan Files', 'Review & Start', 'Processing'] as const;
type Step = 0 | 1 | 2 | 3;

/** Wizard auto-close delay after success (spec part 1 section 9). */
const CLOSE_DELAY_MS = 1500;

export default function CycleCountWizard({
  onCancel,
  onBusyChange,
  onFinished,
}: {
  onCancel: () => void;
  /** True while processing (and during the closing delay): the host should not close. */
  onBusyChange?: (busy: boolean) => void;
  onFinished: (auditId: string) => void;
}) {
  const [step, setStep] = useState<Step>(0);
  const [details, setDetails] = useState<AuditDetails>({ name: '', section: '' });
  const [lastError, setLastError] = useState<string | null>(null);
  const scanFiles = useScanFileEntries();
  const { progress, phase, run } = useRunCycleCount();

  const start = async () => {
    if (!isFilesStepValid(scanFiles.entries)) {
      setStep(1);
      return;
    }
    setLastError(null);
    setStep(3);
    onBusyChange?.(true);
    const files = scanFiles.entries.map(scanFileUpload);
    try {
      const result = await run({ name: details.name, section: details.section, files });
      const n = files.length;
      toast.success('Cycle Count Complete', {
        description: `"${result.audit.name}" was processed with ${n} scan ${n === 1 ? 'file' : 'files'}.`,
      });
      setTimeout(() => onFinished(result.audit.id), CLOSE_DELAY_MS);
    } catch (error) {
      const message = errorMessage(error, 'Failed to process cycle count') || 'Failed to process cycle count';
      toast.error('Error', { description: message });
      setLastError(message);
      setStep(2);
      onBusyChange?.(false);
    }
  };

  return (
    <div className="grid min-w-0 gap-5">
      <WizardSteps steps={STEPS} current={step} />
      {step === 0 ? (
        <AuditDetailsStep
          defaultValues={details}
          onCancel={onCancel}
          onNext={(values) => {
            setDetails(values);
            setStep(1);
          }}
        />
      ) : null}
      {step === 1 ? (
        <ScanFilesStep
          entries={scanFiles.entries}
          onAdd={scanFiles.add}
          onChange={scanFiles.update}
          onRemove={scanFiles.remove}
          onRetry={scanFiles.retry}
          onHeaderChange={scanFiles.setHasHeader}
          onBack={() => setStep(0)}
          onNext={() => setStep(2)}
        />
      ) : null}
      {step === 2 ? (
        <ReviewStep details={details} entries={scanFiles.entries} error={lastError} onBack={() => setStep(1)} onStart={start} />
      ) : null}
      {step === 3 ? <ProcessingStep progress={progress} phase={phase} fileCount={scanFiles.entries.length} /> : null}
    </div>
  );
}
