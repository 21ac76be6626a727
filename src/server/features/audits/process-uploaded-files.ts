/**
 * `POST /api/audits/{id}/upload-multiple` (spec part 1 section 7): processes the files of the
 * request (the Run Now wizards). Files kept by earlier one-at-a-time uploads are not part of
 * the run; the stored results replace them (docs/decisions/0009).
 */
import type { ProcessResult } from '../../../contracts/audits.js';
import type { FilterExpression } from '../../../contracts/filters.js';
import type { AuditMode } from '../../../contracts/results.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { processAudit, type ScanFileUpload } from './process-audit.js';
import type { AuditRow } from './repo.js';
import { auditUploadsDir } from './scan-file-storage.js';

/** @throws AppError 400 MISSING_FILTER for a product audit without a filter, and processAudit's errors. */
export async function processUploadedFiles(opts: {
  db: Db;
  dataDir: string;
  audit: AuditRow;
  uploads: ScanFileUpload[];
  mode?: AuditMode;
  filterExpression?: FilterExpression;
  section?: string | null;
}): Promise<ProcessResult> {
  const { audit } = opts;
  if (audit.auditType === 'product-audit' && !opts.filterExpression && !audit.filterExpression) {
    throw new AppError('MISSING_FILTER', 'A product audit needs a filter expression.');
  }
  return processAudit(opts.db, audit, opts.uploads, {
    mode: opts.mode,
    filterExpression: opts.filterExpression,
    section: opts.section,
    uploadsDir: auditUploadsDir(opts.dataDir, audit.organizationId, audit.id),
  });
}
