/**
 * `POST /api/audits/{id}/upload` (spec part 1 section 7: the resume flow posts one scan file per
 * request, fields as in section 3 "Upload form fields"). The file is checked as upload-multiple
 * checks it, and read through once so a bad quantity is refused now, naming file and line; then
 * it is kept in the database (staged-files.ts; copied there when it came as an upload token) with
 * a scan_files row (storedFileId set) and the audit becomes pending, the three in one transaction
 * (docs/decisions/0104). `POST /api/audits/{id}/process` processes the kept files
 * (docs/decisions/0009, 0056).
 */
import type { ScanFile, UploadScanFileFields } from '../../../contracts/audits.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { readScanRowBatches } from '../../files/index.js';
import { openScanTable } from './engine/scan-table.js';
import { assertProcessable, PROCESSABLE, type ScanFileSource, type ScanFileUpload } from './process-audit.js';
import { insertScanFile, listStoredScanFiles, toScanFile, updateAuditIfStatus, type AuditRow } from './repo.js';
import { adoptStagedFiles, discardStagedFiles, stageScanFile } from './staged-files.js';

/**
 * @throws AppError 409 AUDIT_NOT_PROCESSABLE (processing or complete); 400 MISSING_SCAN_COLUMN;
 *   FileError 400 for an unreadable file, an unknown column or a bad quantity; 409 UPLOAD_LAPSED.
 *   Nothing is kept and the audit is unchanged on any of these, and when the server dies mid-way.
 */
export async function uploadScanFile(opts: { db: Db; audit: AuditRow; file: ScanFileSource; fields: UploadScanFileFields }): Promise<ScanFile> {
  const { db, audit, file, fields } = opts;
  assertProcessable(audit);
  if (!fields.scanColumn) {
    throw new AppError('MISSING_SCAN_COLUMN', `${file.fileName}: choose the column that holds the scanned barcode or SKU.`);
  }
  const kept = await listStoredScanFiles(db, audit.organizationId, audit.id);
  const upload: ScanFileUpload = {
    file,
    teamName: fields.teamName || `Team ${kept.length + 1}`,
    scannerId: fields.scannerId || null,
    scanColumn: fields.scanColumn,
    quantityColumn: fields.quantityColumn || null,
    hasHeader: fields.hasHeader ?? 'auto',
  };
  const table = await openScanTable(file, upload);
  let rowCount = 0;
  for await (const batch of readScanRowBatches(table, upload)) rowCount += batch.length;

  // The chunks first, outside any transaction; then the file's row, the audit's status and the
  // chunks' owner in one transaction: all or nothing, whenever the server dies (decision 0104).
  const staged = await stageScanFile(db, audit.organizationId, file);
  try {
    const row = await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const pending = await updateAuditIfStatus(tx, audit.id, PROCESSABLE, {
        status: 'pending',
        ...(fields.section ? { section: fields.section } : {}),
      });
      if (!pending) throw new AppError('AUDIT_NOT_PROCESSABLE', 'This audit is being processed; its scan files cannot be changed.', 409);
      await adoptStagedFiles(tx, [staged], audit.id);
      return insertScanFile(tx, {
        organizationId: audit.organizationId,
        auditId: audit.id,
        fileName: file.fileName,
        teamName: upload.teamName,
        scannerId: upload.scannerId,
        scanColumn: upload.scanColumn,
        quantityColumn: upload.quantityColumn,
        headerChoice: upload.hasHeader ?? 'auto',
        rowCount,
        sizeBytes: file.sizeBytes,
        storedFileId: staged.fileId,
      });
    });
    return toScanFile(row);
  } catch (err) {
    await discardStagedFiles(db, [staged]);
    throw err;
  }
}
