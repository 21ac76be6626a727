/**
 * Running a cycle count (spec part 1 sections 4, 7): create the audit, then post every scan file
 * in one upload-multiple request. Progress: 10 at start, 20 once the audit exists, 30 before the
 * upload, the real upload progress mapped onto 30-90, 100 when the server has answered.
 *
 * A failed run keeps the created (draft) audit, and a retry with the same name reuses it rather
 * than leaving one draft behind per attempt.
 */
import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ProcessResult } from '../../../../contracts/audits';
import { createAudit } from '../api/create-audit';
import { auditQueryOptions } from '../api/get-audit';
import { auditsQueryKey } from '../api/get-audits';
import { uploadScanFiles, type ScanFileUpload } from '../api/upload-scan-files';

export type RunPhase = 'idle' | 'creating' | 'uploading' | 'processing' | 'done';

export interface RunInput {
  name: string;
  section: string;
  files: ScanFileUpload[];
}

function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve()));
}

/** Upload progress (0-100) as overall progress (30-90). */
export function uploadToOverall(percent: number): number {
  return 30 + Math.round((Math.min(100, Math.max(0, percent)) * 60) / 100);
}

export function useRunCycleCount() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState(0);
  const [phase, setPhase] = useState<RunPhase>('idle');
  const created = useRef<{ id: string; name: string } | null>(null);

  const refreshLists = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: auditsQueryKey });
    void queryClient.invalidateQueries({ queryKey: ['/api/user/stats'] });
  }, [queryClient]);

  const run = useCallback(
    async ({ name, section, files }: RunInput): Promise<ProcessResult> => {
      setPhase('creating');
      setProgress(10);
      try {
        const trimmedName = name.trim();
        if (!created.current || created.current.name !== trimmedName) {
          const audit = await createAudit({ name: trimmedName, section: section.trim() || null, auditType: 'cycle-count' });
          created.current = { id: audit.id, name: trimmedName };
        }
        setProgress(20);
        await nextFrame(); // let 20 show before the upload starts (spec section 4)
        setPhase('uploading');
        setProgress(30);
        const result = await uploadScanFiles(created.current.id, files, {
          section,
          onProgress: ({ percent }) => {
            setProgress(uploadToOverall(percent));
            if (percent >= 100) setPhase('processing');
          },
        });
        setProgress(100);
        setPhase('done');
        queryClient.setQueryData(auditQueryOptions(result.audit.id).queryKey, result.audit);
        return result;
      } catch (error) {
        setPhase('idle');
        setProgress(0);
        throw error;
      } finally {
        refreshLists();
      }
    },
    [queryClient, refreshLists],
  );

  return { progress, phase, run };
}
