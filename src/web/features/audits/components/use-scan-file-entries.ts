/**
 * The scan files of the wizard's files step (spec part 1 "Scan file step", sections 3-5): adding
 * a file previews it on the server at once and applies the suggested mapping, keeping the upload
 * token the server answers (a new preview and the upload send it instead of the file); a failed preview
 * says 'Failed to preview {file name}: {reason}' and leaves the file invalid.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { errorMessage } from '@/lib/api';
import { previewScanFile } from '../api/preview-scan-file';
import { defaultTeamName, mappingFromPreview, newScanFileEntry, type ScanFileEntry } from '../lib/scan-file-entry';

export type ScanFileEdit = Partial<Pick<ScanFileEntry, 'teamName' | 'scannerId' | 'scanColumn' | 'quantityColumn'>>;

export function useScanFileEntries() {
  const [entries, setEntries] = useState<ScanFileEntry[]>([]);
  /** Previews under way, by entry id. */
  const running = useRef(new Map<string, AbortController>());

  const patch = useCallback((id: string, change: (entry: ScanFileEntry) => ScanFileEntry) => {
    setEntries((list) => list.map((e) => (e.id === id ? change(e) : e)));
  }, []);

  // Every entry waiting for its preview gets one request.
  useEffect(() => {
    for (const entry of entries) {
      if (entry.preview.status !== 'loading' || running.current.has(entry.id)) continue;
      const controller = new AbortController();
      running.current.set(entry.id, controller);
      previewScanFile(entry.file, controller.signal, entry.hasHeader, entry.uploadToken)
        .then((result) => {
          if (controller.signal.aborted) return;
          patch(entry.id, (e) => ({ ...e, preview: { status: 'ready', preview: result }, uploadToken: result.uploadToken, ...mappingFromPreview(result) }));
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          const reason = errorMessage(error, 'Unknown error occurred');
          toast.error(`Failed to preview ${entry.file.name}: ${reason}`);
          patch(entry.id, (e) => ({ ...e, preview: { status: 'failed', reason }, scanColumn: '', quantityColumn: null }));
        })
        .finally(() => {
          if (running.current.get(entry.id) === controller) running.current.delete(entry.id);
        });
    }
  }, [entries, patch]);

  useEffect(() => {
    const previews = running.current;
    return () => {
      previews.forEach((c) => c.abort());
      previews.clear();
    };
  }, []);

  const add = useCallback((files: File[]) => {
    setEntries((list) => [...list, ...files.map((file, i) => newScanFileEntry(file, list.length + i + 1))]);
  }, []);

  const update = useCallback((id: string, edit: ScanFileEdit) => patch(id, (e) => ({ ...e, ...edit })), [patch]);

  const remove = useCallback((id: string) => {
    running.current.get(id)?.abort();
    running.current.delete(id);
    // Default names follow the position: 'Team 3' becomes 'Team 2' when a file above it goes.
    setEntries((list) =>
      list
        .filter((e) => e.id !== id)
        .map((e, i) => (e.teamName === defaultTeamName(list.indexOf(e) + 1) ? { ...e, teamName: defaultTeamName(i + 1) } : e)),
    );
  }, []);

  const retry = useCallback((id: string) => patch(id, (e) => ({ ...e, preview: { status: 'loading' } })), [patch]);

  /** The user's header choice: the file is previewed again with it and its columns guessed anew. */
  const setHasHeader = useCallback(
    (id: string, hasHeader: boolean) => {
      running.current.get(id)?.abort();
      running.current.delete(id);
      patch(id, (e) => ({ ...e, hasHeader: hasHeader ? 'yes' : 'no', scanColumn: '', quantityColumn: null, preview: { status: 'loading' } }));
    },
    [patch],
  );

  return { entries, add, update, remove, retry, setHasHeader };
}
