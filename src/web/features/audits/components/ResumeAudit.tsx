/**
 * The resume flow of a draft or pending audit (spec part 1 "Audit detail", sections 4, 7, 8):
 * the matching wizard from its files step, with no Back to the details: Upload Scan Files ->
 * Review & Start ('Complete Audit') -> Processing. Each file goes in its own `POST
 * /api/audits/{id}/upload`, one after another, then `POST /api/audits/{id}/process` runs the audit
 * (a product audit with its stored filter and mode). When it completes, the page turns into the
 * results.
 *
 * A product audit without a filter (a stub of the Assign Task path) asks for it first
 * (ResumeFilter). Files already sent in a failed attempt are not sent again on retry.
 */
import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { Filter } from 'lucide-react';
import { describeFilter } from '../../../../domain/describe-filter';
import type { Audit } from '../../../../contracts/audits';
import { errorMessage } from '@/lib/api';
import { auditQueryOptions } from '../api/get-audit';
import { auditsQueryKey } from '../api/get-audits';
import { subscriptionStatusKey } from '../api/get-subscription-status';
import { processAudit, uploadScanFile } from '../api/upload-scan-file';
import { draftFromStored, toFilterExpression } from '../lib/filter-conditions';
import { CYCLE_COUNT_STEPS, MODE_LABELS, PRODUCT_AUDIT_STEPS } from '../lib/product-audit-steps';
import { isFilesStepValid, scanFileUpload } from '../lib/scan-file-entry';
import { ProcessingStep } from './ProcessingStep';
import { ResumeFilter } from './ResumeFilter';
import { ReviewStep } from './ReviewStep';
import { ScanFilesStep } from './ScanFilesStep';
import type { RunPhase } from './use-run-audit';
import { useLeaveGuard } from './use-leave-guard';
import { useScanFileEntries } from './use-scan-file-entries';
import { WizardSteps } from './WizardSteps';

/** Pause on the finished processing step before the results replace it (spec part 1 section 9). */
const DONE_DELAY_MS = 1500;

type Screen = 'files' | 'review' | 'processing';

export function ResumeAudit({ audit }: { audit: Audit }) {
  const queryClient = useQueryClient();
  const productAudit = audit.auditType === 'product-audit';
  const steps = productAudit ? PRODUCT_AUDIT_STEPS : CYCLE_COUNT_STEPS;
  const firstStep = productAudit ? 2 : 1;
  const [screen, setScreen] = useState<Screen>('files');
  const [progress, setProgress] = useState(0);
  const [phase, setPhase] = useState<RunPhase>('idle');
  const [lastError, setLastError] = useState<string | null>(null);
  const scanFiles = useScanFileEntries();
  // Files added and not yet processed are lost when the page is left: ask first.
  const { leaveDialog } = useLeaveGuard(scanFiles.entries.length > 0 && screen !== 'processing');
  const sent = useRef(new Set<string>());
  const draft = draftFromStored(audit.filterExpression);
  const filter = draft ? toFilterExpression(draft) : null;
  // A product audit made by the stub call has no filter: the resume flow asks for it first. A
  // recount of lines has a list of products instead (DESIGN.md section 13).
  const needsFilter = productAudit && filter === null && audit.scopeProductCount === null;
  const storedFiles = audit.scanFiles.filter((f) => f.pendingProcessing).length;
  const details = { name: audit.name, section: audit.section ?? '' };
  const typeName = productAudit ? 'product audit' : 'cycle count';

  const start = async () => {
    if (!isFilesStepValid(scanFiles.entries)) {
      setScreen('files');
      return;
    }
    setLastError(null);
    setScreen('processing');
    setPhase('creating');
    setProgress(10);
    setProgress(20); // the audit exists already
    setPhase('uploading');
    setProgress(30);
    const entries = scanFiles.entries;
    const fail = (title: string, message: string) => {
      toast.error(title, { description: message });
      setLastError(message);
      setScreen('review');
      setPhase('idle');
      setProgress(0);
      void queryClient.invalidateQueries({ queryKey: auditsQueryKey });
    };
    for (const [i, entry] of entries.entries()) {
      if (sent.current.has(entry.id)) continue;
      try {
        await uploadScanFile(audit.id, scanFileUpload(entry), { section: audit.section ?? undefined });
        sent.current.add(entry.id);
      } catch (error) {
        fail(`Failed to process ${entry.file.name}`, errorMessage(error));
        return;
      }
      setProgress(30 + Math.round(((i + 1) * 60) / entries.length));
    }
    setPhase('processing');
    try {
      const result = await processAudit(audit.id, audit.mode);
      setProgress(100);
      setPhase('done');
      const n = storedFiles + entries.length;
      const total = result.audit.scanFiles.length || n;
      toast.success(productAudit ? 'Product Audit Complete' : 'Cycle Count Complete', {
        description: `"${result.audit.name}" was processed with ${total} scan ${total === 1 ? 'file' : 'files'}.`,
      });
      setTimeout(() => {
        queryClient.setQueryData(auditQueryOptions(audit.id).queryKey, result.audit);
        void queryClient.invalidateQueries({ queryKey: auditsQueryKey });
        void queryClient.invalidateQueries({ queryKey: ['/api/user/stats'] });
        void queryClient.invalidateQueries({ queryKey: ['/api/results-summaries'] });
        void queryClient.invalidateQueries({ queryKey: subscriptionStatusKey });
        // A task in progress on this audit completed with it (the Active Tasks badge, /tasks).
        void queryClient.invalidateQueries({ queryKey: ['/api/audit-tasks'] });
        void queryClient.invalidateQueries({ queryKey: ['/api/all-audit-tasks'] });
      }, DONE_DELAY_MS);
    } catch (error) {
      fail('Error', errorMessage(error, '') || `Failed to process ${typeName}`);
    }
  };

  const filterBox =
    productAudit && audit.scopeProductCount !== null ? (
      <p className="text-sm">
        <span className="font-medium">Recount of {audit.scopeProductCount} {audit.scopeProductCount === 1 ? 'product' : 'products'}:</span> only these count; their figures replace the first audit&apos;s.
      </p>
    ) : productAudit && filter ? (
      <div className="bg-muted/40 flex items-start gap-2 rounded-lg border p-3 text-sm">
        <Filter className="text-muted-foreground mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <p className="min-w-0 break-words">
          <span className="font-medium">Filter:</span> {describeFilter(filter)}
          <span className="text-muted-foreground"> · Mode: {MODE_LABELS[audit.mode]}</span>
        </p>
      </div>
    ) : null;

  return (
    <section className="grid min-w-0 gap-5 rounded-lg border p-4 md:p-6" aria-labelledby="resume-audit-title">
      <div className="grid gap-1">
        <h2 id="resume-audit-title" className="text-lg font-semibold">
          Complete this {typeName}
        </h2>
        <p className="text-muted-foreground text-sm">
          Add the scan files, check them, and complete the audit to see its results.
          {storedFiles > 0 ? ` ${storedFiles} scan ${storedFiles === 1 ? 'file' : 'files'} uploaded earlier will be processed too.` : ''}
        </p>
      </div>
      <WizardSteps steps={steps} current={needsFilter ? firstStep - 1 : firstStep + (screen === 'files' ? 0 : screen === 'review' ? 1 : 2)} />
      {screen !== 'processing' ? filterBox : null}
      {needsFilter ? <ResumeFilter audit={audit} /> : null}
      {!needsFilter && screen === 'files' ? (
        <ScanFilesStep
          entries={scanFiles.entries}
          onAdd={scanFiles.add}
          onChange={scanFiles.update}
          onRemove={(id) => {
            sent.current.delete(id);
            scanFiles.remove(id);
          }}
          onRetry={scanFiles.retry}
          onHeaderChange={scanFiles.setHasHeader}
          onNext={() => setScreen('review')}
        />
      ) : null}
      {screen === 'review' ? (
        <ReviewStep
          details={details}
          entries={scanFiles.entries}
          error={lastError}
          onBack={() => setScreen('files')}
          onStart={start}
          auditTypeLabel={productAudit ? 'Product Audit' : 'Cycle Count'}
          startLabel="Complete Audit"
          note={
            productAudit
              ? 'Scans are compared with the products of the stored filter. Processing starts when you press Complete Audit.'
              : 'Every scan is compared with your whole product catalogue. Processing starts when you press Complete Audit.'
          }
        />
      ) : null}
      {screen === 'processing' ? <ProcessingStep progress={progress} phase={phase} fileCount={scanFiles.entries.length} /> : null}
      {leaveDialog}
    </section>
  );
}
