/**
 * `POST /api/audits/{id}/upload-multiple` (spec part 1 section 7): processes the files of the
 * request (the Run Now wizards). Files kept by earlier one-at-a-time uploads are not part of
 * the run; the stored results replace them (docs/decisions/0009). Counts on the floor are: each
 * counter's session is a scan file of the audit (DESIGN.md section 14), so the run takes the
 * request's files and then the audit's counts, and the results hold both.
 */
import type { FilterExpression } from '../../../contracts/filters.js';
import type { AuditMode } from '../../../contracts/results.js';
import type { Db } from '../../db/client.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { AppError } from '../../errors.js';
import { assertProcessable, checkScanFiles, startProcessing, storeJobFiles, type ScanFileUpload } from './process-audit.js';
import type { AuditRow } from './repo.js';
import { countSessionJobFiles } from './process-stored-files.js';
import { discardStagedFiles } from './staged-files.js';

/**
 * Checks the files, stores them and starts processing (processing-job.ts runs it); answers the
 * audit, processing.
 * @throws AppError 400 MISSING_FILTER for a product audit without a filter; FileError 400 for
 *   an unreadable file or an unknown column; 409 AUDIT_NOT_PROCESSABLE. Nothing kept on any.
 */
export async function processUploadedFiles(opts: {
  db: Db;
  jobs: JobQueue;
  audit: AuditRow;
  uploads: ScanFileUpload[];
  mode?: AuditMode;
  filterExpression?: FilterExpression;
  section?: string | null;
}): Promise<AuditRow> {
  const { db, audit } = opts;
  assertProcessable(audit);
  if (audit.auditType === 'product-audit' && !opts.filterExpression && !audit.filterExpression && !audit.scopeProductIds) {
    throw new AppError('MISSING_FILTER', 'A product audit needs a filter expression.');
  }
  await checkScanFiles(opts.uploads);
  const { files, staged } = await storeJobFiles(db, audit, opts.uploads);
  try {
    const counts = await countSessionJobFiles(db, audit, files.length);
    return await startProcessing(db, opts.jobs, audit, [...files, ...counts], {
      mode: opts.mode,
      filterExpression: opts.filterExpression,
      section: opts.section,
      keptFiles: false,
      staged,
    });
  } catch (err) {
    await discardStagedFiles(db, staged);
    throw err;
  }
}
