/**
 * `POST /api/audits/{id}/process` (our addition, docs/decisions/0009: the resume wizard's
 * 'Complete Audit'): processes every file kept by `POST /api/audits/{id}/upload`, in upload
 * order, exactly as upload-multiple processes its files, then deletes the kept copies.
 */
import { access } from 'node:fs/promises';
import type { ProcessResult } from '../../../contracts/audits.js';
import type { AuditMode } from '../../../contracts/results.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { assertProcessable, processAudit, type ScanFileUpload } from './process-audit.js';
import { listStoredScanFiles, type AuditRow } from './repo.js';
import { auditUploadsDir } from './scan-file-storage.js';

/**
 * @throws AppError 409 AUDIT_NOT_PROCESSABLE; 400 NO_SCAN_FILES when nothing was uploaded;
 *   400 MISSING_FILTER for a product audit without a filter; 409 SCAN_FILE_MISSING when a kept
 *   copy is gone from the disk; and processAudit's errors.
 */
export async function processStoredFiles(opts: { db: Db; dataDir: string; audit: AuditRow; mode?: AuditMode }): Promise<ProcessResult> {
  const { db, audit } = opts;
  assertProcessable(audit);
  const rows = await listStoredScanFiles(db, audit.organizationId, audit.id);
  if (rows.length === 0) throw new AppError('NO_SCAN_FILES', 'Upload at least one scan file before completing the audit.');
  if (audit.auditType === 'product-audit' && !audit.filterExpression) {
    throw new AppError('MISSING_FILTER', 'A product audit needs a filter expression.');
  }
  const uploads: ScanFileUpload[] = [];
  for (const row of rows) {
    const path = row.storagePath!;
    try {
      await access(path);
    } catch {
      throw new AppError('SCAN_FILE_MISSING', `${row.fileName}: the uploaded copy is no longer on the server. Upload it again.`, 409);
    }
    uploads.push({
      file: { fileName: row.fileName, path, sizeBytes: row.sizeBytes },
      teamName: row.teamName ?? `Team ${row.position + 1}`,
      scannerId: row.scannerId,
      scanColumn: row.scanColumn,
      quantityColumn: row.quantityColumn,
    });
  }
  return processAudit(db, audit, uploads, {
    mode: opts.mode,
    uploadsDir: auditUploadsDir(opts.dataDir, audit.organizationId, audit.id),
  });
}
