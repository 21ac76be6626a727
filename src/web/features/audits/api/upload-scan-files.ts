/**
 * `POST /api/audits/{id}/upload-multiple` (spec part 1 sections 3 "Upload form fields", 7):
 * every scan file in one multipart request, sent with `?wait=false` so the server answers once the
 * files are stored; then the processing job is followed to its end (follow-processing.ts).
 * A 4xx answer carries `{ error, message }` naming the file and line.
 * A file previewed already goes as its upload token (docs/decisions/0047), so its bytes cross the
 * network once; when the server no longer knows the token (it lapses after an hour), the request
 * is sent again with the files.
 */
import type { Audit, ProcessResult } from '../../../../contracts/audits';
import { ApiError, uploadWithProgress, type UploadProgress } from '@/lib/api';
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
  /** The token the file's preview answered: sent instead of the file. */
  uploadToken?: string;
}

/** Error codes of a token the server no longer has: the caller sends the file itself instead. */
const LAPSED_TOKEN = new Set(['UPLOAD_TOKEN_NOT_FOUND', 'UPLOAD_TOKEN_EXPIRED']);

/** True when `error` says an upload token lapsed (send the files instead). */
export function isLapsedUploadToken(error: unknown): boolean {
  return error instanceof ApiError && error.code !== undefined && LAPSED_TOKEN.has(error.code);
}

export async function uploadScanFiles(
  auditId: string,
  files: ScanFileUpload[],
  options: { section?: string; onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<ProcessResult> {
  const send = (useTokens: boolean) =>
    uploadWithProgress<Audit>(`${auditPath(auditId)}/upload-multiple?wait=false`, uploadForm(files, options.section, useTokens), {
      onProgress: options.onProgress,
      signal: options.signal,
    });
  try {
    await send(true);
  } catch (error) {
    if (!isLapsedUploadToken(error)) throw error;
    await send(false);
  }
  return followProcessing(auditId, { signal: options.signal });
}

function uploadForm(files: ScanFileUpload[], section: string | undefined, useTokens: boolean): FormData {
  const form = new FormData();
  files.forEach((entry, i) => {
    if (useTokens && entry.uploadToken) form.append(`uploadToken_${i}`, entry.uploadToken);
    else form.append('scanFiles', entry.file, entry.file.name);
    form.append(`teamName_${i}`, entry.teamName.trim());
    form.append(`scanColumn_${i}`, entry.scanColumn);
    if (entry.quantityColumn) form.append(`quantityColumn_${i}`, entry.quantityColumn);
    if (entry.hasHeader && entry.hasHeader !== 'auto') form.append(`hasHeader_${i}`, entry.hasHeader);
    if (entry.scannerId.trim()) form.append(`scannerId_${i}`, entry.scannerId.trim());
  });
  if (section?.trim()) form.append('section', section.trim());
  return form;
}
