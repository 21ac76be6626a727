/**
 * Starting the processing of an audit's scan files (spec part 1 section 7
 * `POST /api/audits/{id}/upload-multiple`, and `POST /api/audits/{id}/process` for files kept by
 * one-at-a-time uploads, docs/decisions/0009; processing as a job: DESIGN.md section 12,
 * docs/decisions/0056). Both go through `startProcessing`:
 *   1. every file opens and its chosen columns exist (nothing written on a bad file);
 *   2. the files are staged in the database (staged-files.ts), where any app server reads them;
 *   3. status -> processing (stage queued), with the run on the audit row, and the staged files
 *      made the audit's: one transaction around one conditional update, so two requests cannot
 *      both start it and a server killed before it leaves the audit as it was;
 *   4. the job is queued. processing-job.ts reads, reconciles (in a worker thread) and stores.
 * `waitForProcessing` follows the audit to its end for callers that wait for the result.
 */
import { sql } from 'drizzle-orm';
import type { ProcessResult } from '../../../contracts/audits.js';
import type { AuditMode } from '../../../contracts/results.js';
import type { FilterExpression } from '../../../contracts/filters.js';
import type { Db } from '../../db/client.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { AppError } from '../../errors.js';
import type { ReceivedFile } from '../../http/multipart.js';
import { openScanTable } from './engine/scan-table.js';
import { findAudit, readAudit, readSummary, updateAuditIfStatus, type AuditRow } from './repo.js';
import type { ProcessingJob, ProcessingJobFile } from './processing-job.js';
import { adoptStagedFiles, discardStagedFiles, stageScanFile, type StagedFile } from './staged-files.js';

/** A scan file on disk: just received (multipart temp file). */
export interface ScanFileSource {
  /** The name the user's file had; every error names it. */
  fileName: string;
  path: string;
  sizeBytes: number;
  /**
   * Set when the file is already in the database (kept by a preview under an upload token,
   * upload-tokens.ts): storing it for the audit copies it there instead of reading `path`.
   */
  storedFileId?: string;
}

/** One scan file with its form fields (spec part 1 section 3 "Upload form fields"). */
export interface ScanFileUpload {
  file: ScanFileSource;
  teamName: string;
  scannerId: string | null;
  scanColumn: string;
  quantityColumn: string | null;
  /** Whether the first row is a header (default 'auto': decided from the data, DESIGN.md section 6). */
  hasHeader?: 'auto' | 'yes' | 'no';
}

/** Statuses whose scan files may still change (draft, pending = files kept, error = retry). */
export const PROCESSABLE: readonly string[] = ['draft', 'pending', 'error'];

/** @throws AppError 409 AUDIT_NOT_PROCESSABLE when the audit is processing or complete. */
export function assertProcessable(audit: AuditRow): void {
  if (!PROCESSABLE.includes(audit.status)) {
    throw new AppError('AUDIT_NOT_PROCESSABLE', `This audit is ${audit.status}; its scan files cannot be changed.`, 409);
  }
}

/**
 * Reads the repeated multipart fields of upload-multiple into one entry per file. Entry i takes
 * the fields `scanColumn_i`, `teamName_i`... (without the suffix when there is one entry); its
 * file is `tokenFiles.get(i)` (a file previewed earlier, sent as `uploadToken_i`) or else the
 * next uploaded file part, in order.
 * @throws AppError 400 NO_SCAN_FILES, MISSING_SCAN_COLUMN, MISSING_TEAM_NAME, INVALID_FIELD (an
 *   `uploadToken_i` beyond the entries).
 */
export function scanFileUploads(
  files: ReceivedFile[],
  fields: Record<string, string>,
  tokenFiles: ReadonlyMap<number, ScanFileSource> = new Map(),
): ScanFileUpload[] {
  const scans = files.filter((f) => f.field === 'scanFiles' || f.field === 'scanFile');
  const total = scans.length + tokenFiles.size;
  if (total === 0) throw new AppError('NO_SCAN_FILES', 'Add at least one scan file.');
  for (const position of tokenFiles.keys()) {
    if (position >= total) throw new AppError('INVALID_FIELD', `uploadToken_${position}: there are only ${total} scan files (numbered from 0).`);
  }
  let nextPart = 0;
  return Array.from({ length: total }, (_, i) => {
    const file = tokenFiles.get(i) ?? scans[nextPart++]!;
    const field = (name: string) => (fields[`${name}_${i}`] ?? (total === 1 ? fields[name] : undefined) ?? '').trim();
    const scanColumn = field('scanColumn');
    if (!scanColumn) {
      throw new AppError('MISSING_SCAN_COLUMN', `${file.fileName}: choose the column that holds the scanned barcode or SKU.`);
    }
    const teamName = field('teamName') || `Team ${i + 1}`;
    return {
      file,
      teamName,
      scannerId: field('scannerId') || null,
      scanColumn,
      quantityColumn: field('quantityColumn') || null,
      hasHeader: headerChoice(file.fileName, field('hasHeader')),
    };
  });
}

/** Checks that each upload opens and names existing columns. @throws FileError 400. */
export async function checkScanFiles(uploads: ScanFileUpload[]): Promise<void> {
  for (const upload of uploads) await openScanTable(upload.file, upload);
}

/** The `hasHeader` form field: '' is 'auto'; anything but auto/yes/no is 400 naming the file. */
export function headerChoice(fileName: string, raw: string | undefined): 'auto' | 'yes' | 'no' {
  const value = (raw ?? '').trim().toLowerCase();
  if (value === '') return 'auto';
  if (value === 'auto' || value === 'yes' || value === 'no') return value;
  throw new AppError('INVALID_FIELD', `${fileName}: hasHeader must be auto, yes or no.`);
}

/**
 * Stages each upload's file in the database for the audit (staged-files.ts); answers the job's
 * file list and what `startProcessing` adopts. On a failure, what was staged is discarded again.
 */
export async function storeJobFiles(db: Db, audit: AuditRow, uploads: ScanFileUpload[]): Promise<{ files: ProcessingJobFile[]; staged: StagedFile[] }> {
  const files: ProcessingJobFile[] = [];
  const staged: StagedFile[] = [];
  try {
    for (const [position, upload] of uploads.entries()) {
      const file = await stageScanFile(db, audit.organizationId, upload.file);
      staged.push(file);
      files.push({
        position,
        storedFileId: file.fileId,
        fileName: upload.file.fileName,
        teamName: upload.teamName,
        scannerId: upload.scannerId,
        scanColumn: upload.scanColumn,
        quantityColumn: upload.quantityColumn,
        hasHeader: upload.hasHeader ?? 'auto',
        sizeBytes: upload.file.sizeBytes,
      });
    }
  } catch (err) {
    await discardStagedFiles(db, staged);
    throw err;
  }
  return { files, staged };
}

export interface StartOptions {
  mode?: AuditMode;
  filterExpression?: FilterExpression | null;
  section?: string | null;
  /** True when the files are one-at-a-time uploads that stay for another try after bad input. */
  keptFiles: boolean;
  /** Files staged for this run (storeJobFiles): adopted by the audit in the transaction that starts it. */
  staged?: readonly StagedFile[];
}

/**
 * Marks the audit processing (stage queued) with `files` as its run and queues the job.
 * @throws AppError 409 AUDIT_NOT_PROCESSABLE when another request started (or finished) it since
 *   the audit was read; the caller removes the files it stored.
 */
export async function startProcessing(db: Db, jobs: JobQueue, audit: AuditRow, files: ProcessingJobFile[], opts: StartOptions): Promise<AuditRow> {
  assertProcessable(audit);
  const mode = opts.mode ?? (audit.mode as AuditMode);
  const filterExpression = opts.filterExpression ?? (audit.filterExpression as FilterExpression | null);
  const job: ProcessingJob = {
    files,
    keptFiles: opts.keptFiles,
    previous: { status: audit.status, progress: audit.progress, errorMessage: audit.errorMessage },
  };
  const start = (tx: Db) => updateAuditIfStatus(tx, audit.id, [audit.status], {
    status: 'processing',
    stage: 'queued',
    progress: 30,
    errorMessage: null,
    mode,
    filterExpression,
    processingJob: job,
    jobToken: null,
    // The database's clock, as the lease checks read it.
    jobHeartbeatAt: sql`now()` as unknown as Date,
    ...(opts.section !== undefined ? { section: opts.section } : {}),
  });
  // The run and its files are recorded together: a server killed before the commit leaves the
  // audit as it was and the files staged only (staged-files.ts).
  const staged = opts.staged ?? [];
  const started = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    if (!(await start(tx))) return false;
    await adoptStagedFiles(tx, staged, audit.id);
    return true;
  });
  if (!started) throw new AppError('AUDIT_NOT_PROCESSABLE', 'This audit is already being processed.', 409);
  await jobs.send(audit.id);
  return (await findAudit(db, audit.organizationId, audit.id))!;
}

/** How often a waiting request reads the audit's status. */
const WAIT_POLL_MS = 100;

/**
 * Follows the audit until processing ends (any app server may run it) and answers the stored
 * result's headline figures, as upload-multiple answered when it processed in the request.
 * @throws the run's input error as it was raised (e.g. 400 'team2.csv line 14: quantity "abc" is
 *   not a whole number'; the audit is back as it was); 500 PROCESSING_FAILED when storing failed.
 */
export async function waitForProcessing(db: Db, organizationId: string, auditId: string): Promise<ProcessResult> {
  for (;;) {
    const row = await findAudit(db, organizationId, auditId);
    if (!row) throw new AppError('NOT_FOUND', 'Audit not found', 404);
    if (row.status === 'complete') {
      const summary = (await readSummary(db, auditId))!;
      return {
        audit: await readAudit(db, row),
        counts: summary.counts as ProcessResult['counts'],
        totalScanned: summary.totalScanned,
        matchRate: summary.matchRate,
        processingTime: summary.processingTimeMs,
      };
    }
    if (row.status !== 'processing') {
      const failure = (row.processingJob as ProcessingJob | null)?.failure;
      if (failure) throw new AppError(failure.code, failure.message, failure.status);
      throw new AppError('PROCESSING_FAILED', row.errorMessage ?? 'Processing failed.', 500);
    }
    await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
  }
}
