/**
 * Running a product audit (spec part 1 sections 4, 7, 8): create it with its filter expression
 * and mode (`POST /api/audits/product-audit`), then post every scan file in one upload-multiple
 * request. Progress as the cycle count: 10, 20, 30, upload 30-90, 100.
 *
 * A failed upload keeps the created draft; a retry with the same name, filter and mode reuses it.
 * Failures are tagged with the step that failed, so the wizard can say which.
 */
import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ProcessResult } from '../../../../contracts/audits';
import type { FilterExpression } from '../../../../contracts/filters';
import type { AuditMode } from '../../../../contracts/results';
import { createProductAudit } from '../api/create-product-audit';
import { auditQueryOptions } from '../api/get-audit';
import { auditsQueryKey } from '../api/get-audits';
import { subscriptionStatusKey } from '../api/get-subscription-status';
import { uploadScanFiles, type ScanFileUpload } from '../api/upload-scan-files';
import { uploadToOverall, type RunPhase } from './use-run-cycle-count';

export interface ProductAuditInput {
  name: string;
  section: string;
  mode: AuditMode;
  filterExpression: FilterExpression;
  files: ScanFileUpload[];
}

/** Which call failed: creating the audit, or sending and processing its files. */
export class ProductAuditRunError extends Error {
  constructor(
    readonly stage: 'create' | 'upload',
    readonly failure: unknown,
  ) {
    super(failure instanceof Error ? failure.message : String(failure));
  }
}

export function useRunProductAudit() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState(0);
  const [phase, setPhase] = useState<RunPhase>('idle');
  const created = useRef<{ id: string; key: string } | null>(null);

  const run = useCallback(
    async ({ name, section, mode, filterExpression, files }: ProductAuditInput): Promise<ProcessResult> => {
      setPhase('creating');
      setProgress(10);
      const trimmedName = name.trim();
      const key = JSON.stringify([trimmedName, section.trim(), mode, filterExpression]);
      try {
        if (!created.current || created.current.key !== key) {
          try {
            const audit = await createProductAudit({ name: trimmedName, section: section.trim() || null, mode, filterExpression });
            created.current = { id: audit.id, key };
          } catch (error) {
            throw new ProductAuditRunError('create', error);
          }
        }
        setProgress(20);
        setPhase('uploading');
        setProgress(30);
        let result: ProcessResult;
        try {
          result = await uploadScanFiles(created.current.id, files, {
            section,
            onProgress: ({ percent }) => {
              setProgress(uploadToOverall(percent));
              if (percent >= 100) setPhase('processing');
            },
          });
        } catch (error) {
          throw new ProductAuditRunError('upload', error);
        }
        setProgress(100);
        setPhase('done');
        queryClient.setQueryData(auditQueryOptions(result.audit.id).queryKey, result.audit);
        return result;
      } catch (error) {
        setPhase('idle');
        setProgress(0);
        throw error;
      } finally {
        void queryClient.invalidateQueries({ queryKey: auditsQueryKey });
        void queryClient.invalidateQueries({ queryKey: ['/api/user/stats'] });
        void queryClient.invalidateQueries({ queryKey: subscriptionStatusKey });
      }
    },
    [queryClient],
  );

  return { progress, phase, run };
}
