/**
 * The resume flow's calls (spec part 1 sections 3 "Upload form fields", 7): `POST
 * /api/audits/{id}/upload`, one multipart request per scan file (field scanFile), then `POST
 * /api/audits/{id}/process`, which processes every stored file and answers a ProcessResult.
 * A previewed file goes as its upload token, or as bytes once the token has lapsed.
 */
import type { AuditMode } from '../../../../contracts/results';
import type { ProcessResult, ScanFile } from '../../../../contracts/audits';
import { api } from '@/lib/api';
import { auditPath } from './get-audit';
import { followProcessing } from './follow-processing';
import { isLapsedUploadToken, type ScanFileUpload } from './upload-scan-files';

export async function uploadScanFile(auditId: string, entry: ScanFileUpload, options: { section?: string; signal?: AbortSignal } = {}): Promise<ScanFile> {
  const send = (useToken: boolean) => {
    const form = new FormData();
    if (useToken && entry.uploadToken) form.append('uploadToken', entry.uploadToken);
    else form.append('scanFile', entry.file, entry.file.name);
    form.append('scanColumn', entry.scanColumn);
    if (entry.quantityColumn) form.append('quantityColumn', entry.quantityColumn);
    if (entry.hasHeader && entry.hasHeader !== 'auto') form.append('hasHeader', entry.hasHeader);
    if (options.section?.trim()) form.append('section', options.section.trim());
    form.append('teamName', entry.teamName.trim());
    if (entry.scannerId.trim()) form.append('scannerId', entry.scannerId.trim());
    return api.post<ScanFile>(`${auditPath(auditId)}/upload`, form, { signal: options.signal });
  };
  try {
    return await send(true);
  } catch (error) {
    if (!isLapsedUploadToken(error)) throw error;
    return send(false);
  }
}

/** Starts processing the kept files (`?wait=false`) and follows the job to its end. */
export async function processAudit(auditId: string, mode?: AuditMode): Promise<ProcessResult> {
  await api.post(`${auditPath(auditId)}/process?wait=false`, mode ? { mode } : {});
  return followProcessing(auditId);
}
