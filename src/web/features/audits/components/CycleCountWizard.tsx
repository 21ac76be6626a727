/**
 * Cycle count wizard, 'Step n of 4': Audit Details, Upload Scan Files, Review & Start, Processing
 * (spec part 1 "Cycle count wizard", sections 4-5, 8). Works in a dialog or embedded.
 *
 * details -> files -> review -> processing; Back from files returns to details, from review to
 * files; a processing error toasts 'Error' and returns to review; success toasts, waits ~1.5 s
 * and hands the audit id to `onFinished`.
 */
import { useEffect, useState } from 'react';
import { errorMessage } from '@/lib/api';
import { createAudit } from '../api/create-audit';
import { isFilesStepValid, scanFileUpload } from '../lib/scan-file-entry';
import { AuditDetailsStep, type AuditDetails } from './AuditDetailsStep';
import { AuditWizardShell } from './AuditWizardShell';
import { ReviewStep } from './ReviewStep';
import { ScanFilesStep } from './ScanFilesStep';
import { AuditRunError, useRunAudit, type RunInput } from './use-run-audit';
import { useScanFileEntries } from './use-scan-file-entries';

const STEPS = ['Audit Details', 'Upload Scan Files', 'Review & Start', 'Processing'] as const;
type Step = 0 | 1 | 2 | 3;

export default function CycleCountWizard({
  onCancel,
  onBusyChange,
  onDirtyChange,
  onFinished,
}: {
  onCancel: () => void;
  /** True while processing (and during the closing delay): the host should not close. */
  onBusyChange?: (busy: boolean) => void;
  /** True once something was entered: the host asks before closing (use-leave-guard.tsx). */
  onDirtyChange?: (dirty: boolean) => void;
  onFinished: (auditId: string) => void;
}) {
  const [step, setStep] = useState<Step>(0);
  const [details, setDetails] = useState<AuditDetails>({ name: '', section: '' });
  const scanFiles = useScanFileEntries();
  const [detailsTyped, setDetailsTyped] = useState(false);
  const dirty = detailsTyped || details.name !== '' || step > 0 || scanFiles.entries.length > 0;
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  const { progress, phase, lastError, start: startRun } = useRunAudit<RunInput>({
    create: ({ name, section }) => createAudit({ name: name.trim(), section: section.trim() || null, auditType: 'cycle-count' }),
    key: ({ name }) => name.trim(),
    onBusyChange,
    onFinished,
  });

  const start = async () => {
    if (!isFilesStepValid(scanFiles.entries)) {
      setStep(1);
      return;
    }
    const files = scanFiles.entries.map(scanFileUpload);
    await startRun(
      { name: details.name, section: details.section, files },
      {
        onProcessing: () => setStep(3),
        onFailed: () => setStep(2),
        succeeded: (result) => ({
          title: 'Cycle Count Complete',
          description: `"${result.audit.name}" was processed with ${files.length} scan ${files.length === 1 ? 'file' : 'files'}.`,
        }),
        failed: (error) => {
          const failure = error instanceof AuditRunError ? error.failure : error;
          return { title: 'Error', message: errorMessage(failure, 'Failed to process cycle count') || 'Failed to process cycle count' };
        },
      },
    );
  };

  return (
    <AuditWizardShell
      steps={STEPS}
      current={step}
      processing={step === 3 ? { progress, phase, fileCount: scanFiles.entries.length } : null}
    >
      {step === 0 ? (
        <AuditDetailsStep
          defaultValues={details}
          onCancel={onCancel}
          onDirtyChange={(typed) => {
            setDetailsTyped(typed);
            if (typed) onDirtyChange?.(true);
          }}
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
    </AuditWizardShell>
  );
}
