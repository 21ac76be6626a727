/**
 * `POST /api/audits/{id}/upload-multiple` (spec part 1 sections 3 "Upload form fields", 7):
 * every scan file in one multipart request, sent with `?wait=false` so the server answers once the
 * files are stored; then the processing job is followed to its end (follow-processing.ts).
 * A 4xx answer carries `{ error, message }` naming the file and line.
 */
import type { Audit, ProcessResult } from '../../../../contracts/audits';
import { uploadWithProgress, type UploadProgress } from '@/lib/api';
import { auditPath } from './get-audit';
import { followProcessing } from './follow-processing';

export interface ScanFileUpload {
  file: File;
  teamName: string;
  scannerId: string;
  scanColumn: string;
  /** null: no quantity column, every row counts 1. */
  quantityColumn: string | null;
  /** Whether the first row is a header ('auto': decided from the data). */
  hasHeader?: 'auto' | 'yes' | 'no';
}

export async function uploadScanFiles(
  auditId: string,
  files: ScanFileUpload[],
  options: { section?: string; onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<ProcessResult> {
  const form = new FormData();
  files.forEach((entry, i) => {
    form.append('scanFiles', entry.file, entry.file.name);
    form.append(`teamName_${i}`, entry.teamName.trim());
    form.append(`scanColumn_${i}`, entry.scanColumn);
    if (entry.quantityColumn) form.append(`quantityColumn_${i}`, entry.quantityColumn);
    if (entry.hasHeader && entry.hasHeader !== 'auto') form.append(`hasHeader_${i}`, entry.hasHeader);
    if (entry.scannerId.trim()) form.append(`scannerId_${i}`, entry.scannerId.trim());
  });
  if (options.section?.trim()) form.append('section', options.section.trim());
  await uploadWithProgress<Audit>(`${auditPath(auditId)}/upload-multiple?wait=false`, form, {
    onProgress: options.onProgress,
    signal: options.signal,
  });
  return followProcessing(auditId, { signal: options.signal });
}
