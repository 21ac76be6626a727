/**
 * Product audit wizard, 'Step n of 5': Audit Details (with the optional Choose Audit Mode),
 * Define Filters, Upload Scan Files, Review & Start, Processing (spec part 1 "Product audit
 * wizard", sections 4, 5, 8). details -> mode -> filter -> files -> review -> processing; Back
 * mirrors it; a processing error returns to review. The mode choice is optional, so it shares the
 * first step's number rather than adding a sixth.
 */
import { useEffect, useState } from 'react';
import type { FilterExpression } from '../../../../contracts/filters';
import type { AuditMode } from '../../../../contracts/results';
import { errorMessage } from '@/lib/api';
import { createProductAudit } from '../api/create-product-audit';
import { subscriptionStatusKey } from '../api/get-subscription-status';
import { newCondition, toFilterExpression, type DraftFilter } from '../lib/filter-conditions';
import { describeFilter } from '../../../../domain/describe-filter';
import { MODE_LABELS, PRODUCT_AUDIT_STEPS } from '../lib/product-audit-steps';
import { isFilesStepValid, scanFileUpload } from '../lib/scan-file-entry';
import { AuditDetailsStep, type AuditDetails } from './AuditDetailsStep';
import { AuditModeStep } from './AuditModeStep';
import { AuditWizardShell } from './AuditWizardShell';
import { FilterStep } from './FilterStep';
import { ReviewStep } from './ReviewStep';
import { ScanFilesStep } from './ScanFilesStep';
import { useFilterPreview } from './use-filter-preview';
import { AuditRunError, useRunAudit, type RunInput } from './use-run-audit';
import { useScanFileEntries } from './use-scan-file-entries';

type Screen = 'details' | 'mode' | 'filter' | 'files' | 'review' | 'processing';
const STEP_OF: Record<Screen, number> = { details: 0, mode: 0, filter: 1, files: 2, review: 3, processing: 4 };

type ProductAuditInput = RunInput & { mode: AuditMode; filterExpression: FilterExpression };

/** Audit list, stats and the plan's usage are refreshed after a run. */
const INVALIDATE = [subscriptionStatusKey];

function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString()} ${n === 1 ? one : many}`;
}

export default function ProductAuditWizard({
  onCancel,
  onBusyChange,
  onDirtyChange,
  onFinished,
}: {
  onCancel: () => void;
  onBusyChange?: (busy: boolean) => void;
  /** True once something was entered: the host asks before closing (use-leave-guard.tsx). */
  onDirtyChange?: (dirty: boolean) => void;
  onFinished: (auditId: string) => void;
}) {
  const [screen, setScreen] = useState<Screen>('details');
  const [details, setDetails] = useState<AuditDetails>({ name: '', section: '' });
  const [mode, setMode] = useState<AuditMode>('standard');
  const [filter, setFilter] = useState<DraftFilter>(() => ({ logic: 'AND', conditions: [newCondition()] }));
  const expression = toFilterExpression(filter);
  const preview = useFilterPreview(expression);
  const scanFiles = useScanFileEntries();
  const [detailsTyped, setDetailsTyped] = useState(false);
  const dirty = detailsTyped || details.name !== '' || screen !== 'details' || scanFiles.entries.length > 0;
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  const { progress, phase, lastError, start: startRun } = useRunAudit<ProductAuditInput>({
    create: ({ name, section, mode, filterExpression }) =>
      createProductAudit({ name: name.trim(), section: section.trim() || null, mode, filterExpression }),
    key: ({ name, section, mode, filterExpression }) => JSON.stringify([name.trim(), section.trim(), mode, filterExpression]),
    invalidate: INVALIDATE,
    onBusyChange,
    onFinished,
  });
  const productCount = preview.status === 'ready' ? preview.count : null;

  const start = async () => {
    if (!expression || productCount === null || productCount === 0) {
      setScreen('filter');
      return;
    }
    if (!isFilesStepValid(scanFiles.entries)) {
      setScreen('files');
      return;
    }
    const files = scanFiles.entries.map(scanFileUpload);
    await startRun(
      { name: details.name, section: details.section, mode, filterExpression: expression, files },
      {
        onProcessing: () => setScreen('processing'),
        onFailed: () => setScreen('review'),
        succeeded: (result) => ({
          title: 'Product Audit Complete',
          description: `"${result.audit.name}" was processed with ${plural(files.length, 'scan file', 'scan files')} against ${plural(productCount, 'filtered product', 'filtered products')}.`,
        }),
        failed: (error) => {
          const failure = error instanceof AuditRunError ? error.failure : error;
          const uploadFailed = error instanceof AuditRunError && error.stage === 'upload';
          const message = errorMessage(failure, '') || (uploadFailed ? 'Failed to process product audit files' : 'Failed to process product audit');
          return { title: uploadFailed ? 'Failed to process product audit files' : 'Error', message };
        },
      },
    );
  };

  return (
    <AuditWizardShell
      steps={PRODUCT_AUDIT_STEPS}
      current={STEP_OF[screen]}
      label={screen === 'mode' ? 'Choose Audit Mode' : undefined}
      processing={screen === 'processing' ? { progress, phase, fileCount: scanFiles.entries.length } : null}
    >
      {screen === 'details' ? (
        <AuditDetailsStep
          defaultValues={details}
          onCancel={onCancel}
          onDirtyChange={(typed) => {
            setDetailsTyped(typed);
            if (typed) onDirtyChange?.(true);
          }}
          onNext={(values) => {
            setDetails(values);
            setScreen('mode');
          }}
        />
      ) : null}
      {screen === 'mode' ? (
        <AuditModeStep mode={mode} onChange={setMode} onBack={() => setScreen('details')} onNext={() => setScreen('filter')} />
      ) : null}
      {screen === 'filter' ? (
        <FilterStep filter={filter} preview={preview} onChange={setFilter} onBack={() => setScreen('mode')} onNext={() => setScreen('files')} />
      ) : null}
      {screen === 'files' ? (
        <ScanFilesStep
          entries={scanFiles.entries}
          onAdd={scanFiles.add}
          onChange={scanFiles.update}
          onRemove={scanFiles.remove}
          onRetry={scanFiles.retry}
          onHeaderChange={scanFiles.setHasHeader}
          onBack={() => setScreen('filter')}
          onNext={() => setScreen('review')}
        />
      ) : null}
      {screen === 'review' && expression ? (
        <ReviewStep
          details={details}
          entries={scanFiles.entries}
          error={lastError}
          onBack={() => setScreen('files')}
          onStart={start}
          auditTypeLabel="Product Audit"
          note={
            mode === 'cross-validation'
              ? 'Each file is compared as a full count of the filtered products; products the teams count differently are listed per file.'
              : "The files' scans are added up and compared with the filtered products only. Processing starts when you press Start Processing."
          }
        >
          <dl className="grid gap-4 rounded-lg border p-4 sm:grid-cols-[minmax(0,1fr)_auto_auto]">
            <div className="grid gap-0.5">
              <dt className="text-muted-foreground text-xs">Filter</dt>
              <dd className="text-sm font-medium break-words">{describeFilter(expression)}</dd>
            </div>
            <div className="grid gap-0.5">
              <dt className="text-muted-foreground text-xs">Products in filter</dt>
              <dd className="text-sm font-medium">{productCount === null ? '—' : productCount.toLocaleString()}</dd>
            </div>
            <div className="grid gap-0.5">
              <dt className="text-muted-foreground text-xs">Mode</dt>
              <dd className="text-sm font-medium">{MODE_LABELS[mode]}</dd>
            </div>
          </dl>
        </ReviewStep>
      ) : null}
    </AuditWizardShell>
  );
}
