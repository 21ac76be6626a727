/**
 * `POST /api/audits/{id}/process` (our addition, docs/decisions/0009: the resume wizard's
 * 'Complete Audit'): processes every file kept by `POST /api/audits/{id}/upload`, in upload
 * order, exactly as upload-multiple processes its files; the stored results replace them.
 */
import type { AuditMode } from '../../../contracts/results.js';
import type { ProcessingJobFile } from './processing-job.js';
import type { Db } from '../../db/client.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { AppError } from '../../errors.js';
import { assertProcessable, startProcessing } from './process-audit.js';
import { listStoredScanFiles, type AuditRow, type ScanFileRow } from './repo.js';
import { storedFileExists } from './stored-files.js';
import { countSessionsAmong } from '../counts/repo.js';

/**
 * Starts processing the kept files (processing-job.ts runs it); answers the audit, processing.
 * @throws AppError 409 AUDIT_NOT_PROCESSABLE; 400 NO_SCAN_FILES when nothing was uploaded;
 *   400 MISSING_FILTER for a product audit without a filter; 409 SCAN_FILE_MISSING when a kept
 *   file is gone.
 */
export async function processStoredFiles(opts: { db: Db; jobs: JobQueue; audit: AuditRow; mode?: AuditMode }): Promise<AuditRow> {
  const { db, audit } = opts;
  assertProcessable(audit);
  const rows = await listStoredScanFiles(db, audit.organizationId, audit.id);
  if (rows.length === 0) throw new AppError('NO_SCAN_FILES', 'Upload at least one scan file before completing the audit.');
  if (audit.auditType === 'product-audit' && !audit.filterExpression && !audit.scopeProductIds) {
    throw new AppError('MISSING_FILTER', 'A product audit needs a filter expression.');
  }
  // A count on the floor is a scan file whose reads the job writes out (features/counts).
  const counts = await countSessionsAmong(db, audit.organizationId, rows.map((r) => r.storedFileId!));
  for (const row of rows) {
    if (!counts.has(row.storedFileId!) && !(await storedFileExists(db, row.storedFileId!))) {
      throw new AppError('SCAN_FILE_MISSING', `${row.fileName}: the uploaded copy is no longer on the server. Upload it again.`, 409);
    }
  }
  const files = rows.map((row, position) => jobFileOfRow(row, position, counts.has(row.storedFileId!)));
  return startProcessing(db, opts.jobs, audit, files, { mode: opts.mode, keptFiles: true });
}

/**
 * The job's entry for a kept scan file row at `position` of the run; `isCount`: the row is a
 * count on the floor, whose file the job writes from the session's reads (features/counts).
 */
export function jobFileOfRow(row: ScanFileRow, position: number, isCount: boolean): ProcessingJobFile {
  return {
    position,
    storedFileId: row.storedFileId!,
    fileName: row.fileName,
    teamName: row.teamName ?? `Team ${row.position + 1}`,
    scannerId: row.scannerId,
    scanColumn: row.scanColumn,
    quantityColumn: row.quantityColumn,
    hasHeader: row.headerChoice === 'yes' || row.headerChoice === 'no' ? row.headerChoice : 'auto',
    sizeBytes: row.sizeBytes,
    ...(isCount ? { countSessionId: row.storedFileId! } : {}),
  };
}

/**
 * The audit's counts on the floor as job entries, numbered from `firstPosition` (DESIGN.md
 * section 14: a count is a scan file of the audit in every run, upload-multiple's included).
 */
export async function countSessionJobFiles(db: Db, audit: AuditRow, firstPosition: number): Promise<ProcessingJobFile[]> {
  const rows = await listStoredScanFiles(db, audit.organizationId, audit.id);
  const counts = await countSessionsAmong(db, audit.organizationId, rows.map((r) => r.storedFileId!));
  return rows.filter((r) => counts.has(r.storedFileId!)).map((row, i) => jobFileOfRow(row, firstPosition + i, true));
}
