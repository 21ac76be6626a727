/**
 * Running an audit from a wizard (spec part 1 sections 4, 7, 8, 9), the cycle count's and the
 * product audit's: create the audit (`create`), then post every scan file in one upload-multiple
 * request. Progress: 10 at start, 20 once the audit exists, 30 before the upload, the real upload
 * progress mapped onto 30-90, 100 when the server has answered.
 *
 * A failed run keeps the created (draft) audit, and a retry with the same `key` (name, and for a
 * product audit its section, mode and filter) reuses it rather than leaving one draft per attempt.
 * Failures are AuditRunErrors tagged with the call that failed.
 */
import { useCallback, useRef, useState } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import type { ProcessResult } from '../../../../contracts/audits';
import { auditQueryOptions } from '../api/get-audit';
import { auditsQueryKey } from '../api/get-audits';
import { uploadScanFiles, type ScanFileUpload } from '../api/upload-scan-files';

export type RunPhase = 'idle' | 'creating' | 'uploading' | 'processing' | 'done';

/** What every run needs; a product audit adds its mode and filter. */
export interface RunInput {
  name: string;
  section: string;
  files: ScanFileUpload[];
}

/** Which call failed: creating the audit, or sending and processing its files. */
export class AuditRunError extends Error {
  constructor(
    readonly stage: 'create' | 'upload',
    readonly failure: unknown,
  ) {
    super(failure instanceof Error ? failure.message : String(failure));
  }
}

/** Wizard auto-close delay after success (spec part 1 section 9). */
const CLOSE_DELAY_MS = 1500;

function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve()));
}

/** Upload progress (0-100) as overall progress (30-90). */
export function uploadToOverall(percent: number): number {
  return 30 + Math.round((Math.min(100, Math.max(0, percent)) * 60) / 100);
}

/**
 * `start(input, texts)` runs the audit the way both wizards do: `texts.onProcessing()` (show the
 * Processing step), the host told it is busy; on success the toast `texts.succeeded(result)` and,
 * after 1.5 s, `onFinished(auditId)`; on failure the toast `texts.failed(error)`, its message kept
 * as `lastError`, `texts.onFailed()` (back to Review) and the host no longer busy.
 * `invalidate`: query keys refreshed after every run, besides the audit list and the user's stats.
 */
export function useRunAudit<I extends RunInput>({
  create,
  key,
  invalidate = [],
  onBusyChange,
  onFinished,
}: {
  create: (input: I) => Promise<{ id: string }>;
  key: (input: I) => string;
  invalidate?: QueryKey[];
  onBusyChange?: (busy: boolean) => void;
  onFinished: (auditId: string) => void;
}) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState(0);
  const [phase, setPhase] = useState<RunPhase>('idle');
  const [lastError, setLastError] = useState<string | null>(null);
  const created = useRef<{ id: string; key: string } | null>(null);

  const run = useCallback(
    async (input: I): Promise<ProcessResult> => {
      setPhase('creating');
      setProgress(10);
      const runKey = key(input);
      try {
        if (!created.current || created.current.key !== runKey) {
          try {
            const audit = await create(input);
            created.current = { id: audit.id, key: runKey };
          } catch (error) {
            throw new AuditRunError('create', error);
          }
        }
        setProgress(20);
        await nextFrame(); // let 20 show before the upload starts (spec section 4)
        setPhase('uploading');
        setProgress(30);
        let result: ProcessResult;
        try {
          result = await uploadScanFiles(created.current.id, input.files, {
            section: input.section,
            onProgress: ({ percent }) => {
              setProgress(uploadToOverall(percent));
              if (percent >= 100) setPhase('processing');
            },
          });
        } catch (error) {
          throw new AuditRunError('upload', error);
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
        for (const queryKey of [auditsQueryKey, ['/api/user/stats'], ...invalidate]) void queryClient.invalidateQueries({ queryKey });
      }
    },
    [queryClient, create, key, invalidate],
  );

  const start = async (
    input: I,
    texts: {
      onProcessing: () => void;
      onFailed: () => void;
      succeeded: (result: ProcessResult) => { title: string; description: string };
      failed: (error: unknown) => { title: string; message: string };
    },
  ) => {
    setLastError(null);
    texts.onProcessing();
    onBusyChange?.(true);
    try {
      const result = await run(input);
      const { title, description } = texts.succeeded(result);
      toast.success(title, { description });
      setTimeout(() => onFinished(result.audit.id), CLOSE_DELAY_MS);
    } catch (error) {
      const { title, message } = texts.failed(error);
      toast.error(title, { description: message });
      setLastError(message);
      texts.onFailed();
      onBusyChange?.(false);
    }
  };

  return { progress, phase, lastError, start };
}
