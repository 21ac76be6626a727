/**
 * Processing an audit's scan files (spec part 1 section 7 `POST /api/audits/{id}/upload-multiple`,
 * and `POST /api/audits/{id}/process` for files kept by one-at-a-time uploads, docs/decisions/0009;
 * DESIGN.md sections 2, 5, 6). Both go through `processAudit`:
 *   1. validate every file's mapping and columns (nothing written on a bad file);
 *   2. status -> processing; snapshot the catalogue's expected quantities;
 *   3. stream every file's rows into the engine (a bad quantity stops it: status back as it was);
 *   4. store scan files, result lines and summary and set status complete, in one transaction;
 *      a failure there sets status error with the reason and leaves no partial results.
 */
import type { Db } from '../../db/client.js';
import type { ProcessResult } from '../../../contracts/audits.js';
import type { AuditMode } from '../../../contracts/results.js';
import type { FilterExpression } from '../../../contracts/filters.js';
import { matchesFilter } from '../../../domain/filters.js';
import { createReconciler } from '../../../domain/reconcile.js';
import { AppError, FileError } from '../../errors.js';
import { openTable, readScanRowBatches, type Table } from '../../files/index.js';
import type { ReceivedFile } from '../../http/multipart.js';
import {
  findAudit,
  loadCatalogue,
  readAudit,
  storeResults,
  updateAudit,
  updateAuditIfStatus,
  type AuditRow,
  type StoredScanFile,
} from './repo.js';
import { removeAuditUploads } from './scan-file-storage.js';

/** A scan file on disk: just received (multipart temp file) or kept by an earlier upload. */
export interface ScanFileSource {
  /** The name the user's file had; every error names it. */
  fileName: string;
  path: string;
  sizeBytes: number;
}

/** One scan file with its form fields (spec part 1 section 3 "Upload form fields"). */
export interface ScanFileUpload {
  file: ScanFileSource;
  teamName: string;
  scannerId: string | null;
  scanColumn: string;
  quantityColumn: string | null;
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
 * Reads the repeated multipart fields of upload-multiple into one entry per file.
 * @throws AppError 400 NO_SCAN_FILES, MISSING_SCAN_COLUMN, MISSING_TEAM_NAME.
 */
export function scanFileUploads(files: ReceivedFile[], fields: Record<string, string>): ScanFileUpload[] {
  const scans = files.filter((f) => f.field === 'scanFiles' || f.field === 'scanFile');
  if (scans.length === 0) throw new AppError('NO_SCAN_FILES', 'Add at least one scan file.');
  return scans.map((file, i) => {
    const field = (name: string) => (fields[`${name}_${i}`] ?? (scans.length === 1 ? fields[name] : undefined) ?? '').trim();
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
    };
  });
}

/**
 * Opens the upload's file and checks that its scan and quantity columns are among the headers.
 * @throws FileError 400 for an unreadable file or UNKNOWN_COLUMN (the message lists the columns).
 */
export async function openScanTable(upload: ScanFileUpload): Promise<Table> {
  const table = await openTable(upload.file.path, upload.file.fileName, { header: 'auto' });
  for (const column of [upload.scanColumn, upload.quantityColumn]) {
    if (column !== null && !table.headers.includes(column)) {
      throw new FileError(
        'UNKNOWN_COLUMN',
        upload.file.fileName,
        `there is no column "${column}". Columns: ${table.headers.join(', ')}`,
      );
    }
  }
  return table;
}

export interface ProcessOptions {
  mode?: AuditMode;
  filterExpression?: FilterExpression | null;
  section?: string | null;
  /**
   * Where the audit's kept uploads live (scan-file-storage.ts). Stored results replace every
   * scan file row, so after a successful run the kept copies are deleted; after a failure they
   * stay for another try.
   */
  uploadsDir: string;
}

/**
 * Processes `uploads` for `audit` and answers the stored result's headline figures.
 * @throws AppError 409 AUDIT_NOT_PROCESSABLE when the audit is processing or complete;
 *   FileError 400 for an unreadable file, an unknown column or a bad quantity (nothing changed).
 */
export async function processAudit(db: Db, audit: AuditRow, uploads: ScanFileUpload[], opts: ProcessOptions): Promise<ProcessResult> {
  assertProcessable(audit);
  const tables: Table[] = [];
  for (const upload of uploads) tables.push(await openScanTable(upload));

  const mode = opts.mode ?? (audit.mode as AuditMode);
  const filterExpression = opts.filterExpression ?? (audit.filterExpression as FilterExpression | null);
  const before = { status: audit.status, progress: audit.progress };
  const started = await updateAuditIfStatus(db, audit.id, [audit.status], {
    status: 'processing',
    progress: 30,
    errorMessage: null,
    mode,
    filterExpression,
    ...(opts.section !== undefined ? { section: opts.section } : {}),
  });
  // Another request started (or finished) processing since the audit was read.
  if (!started) throw new AppError('AUDIT_NOT_PROCESSABLE', 'This audit is already being processed.', 409);

  const startedAt = performance.now();
  let results;
  const stored: StoredScanFile[] = [];
  try {
    const catalogue = await loadCatalogue(db, audit.organizationId);
    if (audit.auditType === 'product-audit' && filterExpression) {
      for (const product of catalogue) product.inScope = matchesFilter(product, filterExpression);
    }
    const reconciler = createReconciler({
      auditType: audit.auditType as 'cycle-count' | 'product-audit',
      mode,
      catalogue,
      files: uploads.map((u) => ({ fileName: u.file.fileName, teamName: u.teamName, scannerId: u.scannerId })),
    });
    for (const [i, upload] of uploads.entries()) {
      let rowCount = 0;
      const mapping = { scanColumn: upload.scanColumn, quantityColumn: upload.quantityColumn };
      for await (const batch of readScanRowBatches(tables[i]!, mapping)) {
        for (const row of batch) reconciler.add(i, row.value, row.quantity);
        rowCount += batch.length;
      }
      stored.push({
        position: i,
        fileName: upload.file.fileName,
        teamName: upload.teamName,
        scannerId: upload.scannerId,
        scanColumn: upload.scanColumn,
        quantityColumn: upload.quantityColumn,
        rowCount,
        sizeBytes: upload.file.sizeBytes,
      });
    }
    await updateAudit(db, audit.id, { progress: 70 });
    results = reconciler.finish();
  } catch (err) {
    // Bad input changes nothing: the audit goes back to how it was.
    await updateAudit(db, audit.id, { ...before, errorMessage: audit.errorMessage });
    throw err;
  }
  results.summary.processingTime = Math.round(performance.now() - startedAt);

  try {
    await storeResults(db, { ...audit, mode }, stored, results);
  } catch (err) {
    await updateAudit(db, audit.id, {
      status: 'error',
      progress: 0,
      errorMessage: 'Storing the results failed; nothing was kept. Please try again.',
    });
    throw err;
  }
  await removeAuditUploads(opts.uploadsDir);
  const fresh = await readAudit(db, (await findAudit(db, audit.organizationId, audit.id))!);
  return {
    audit: fresh,
    counts: results.counts,
    totalScanned: results.summary.totalScanned,
    matchRate: results.summary.matchRate,
    processingTime: results.summary.processingTime,
  };
}
