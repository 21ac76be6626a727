/**
 * Scan files on their way into an audit, all or nothing (DESIGN.md section 12; docs/decisions/0104).
 * A file's chunks are written first, outside any transaction (a 100 MB file is 100 inserts, and on
 * the embedded database a transaction would hold every other request for as long), under a staging
 * upload token of their own; the transaction that records the file (its scan_files row and the
 * audit's status, or the processing run) hands them to the audit with `adoptStagedFiles`. A server
 * killed before that commit leaves only the staging token: no audit sees it, and it lapses after
 * UPLOAD_TOKEN_LIFETIME_MS like any token, its chunks deleted with it (removeExpiredUploadTokens,
 * run by the worker every 10 minutes and before every new token).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { storedFileChunks, uploadTokens } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { keepLocalCopy } from './local-copies.js';
import type { ScanFileSource } from './process-audit.js';
import { copyStoredFile, storeUploadedFile } from './stored-files.js';
import { UPLOAD_TOKEN_LIFETIME_MS } from './upload-tokens.js';

/** A file written to stored_file_chunks under a staging token, not yet any audit's. */
export interface StagedFile {
  /** stored_file_chunks.file_id: the id the file keeps once adopted. */
  fileId: string;
  stagingToken: string;
}

/**
 * Writes `file` to the database under a new staging token of the organisation: copied inside the
 * database when a preview kept it (`file.storedFileId`), else read from disk (a local copy is then
 * kept for a job of this process, local-copies.ts). Nothing of any audit changes.
 * @throws what the database throws; nothing is left staged then.
 */
export async function stageScanFile(db: Db, organizationId: string, file: ScanFileSource): Promise<StagedFile> {
  const staged: StagedFile = { fileId: randomUUID(), stagingToken: randomUUID() };
  await db.insert(uploadTokens).values({
    token: staged.stagingToken,
    organizationId,
    fileId: staged.fileId,
    fileName: file.fileName,
    sizeBytes: file.sizeBytes,
    // The database's clock, as the expiry sweep reads it.
    expiresAt: sql`now() + ${UPLOAD_TOKEN_LIFETIME_MS} * interval '1 millisecond'` as unknown as Date,
    staging: true,
  });
  try {
    const owner = { organizationId, uploadToken: staged.stagingToken };
    if (file.storedFileId) await copyStoredFile(db, file.storedFileId, owner, staged.fileId);
    else {
      await storeUploadedFile(db, owner, file.path, staged.fileId);
      await keepLocalCopy(staged.fileId, file.path);
    }
  } catch (err) {
    await discardStagedFiles(db, [staged]);
    throw err;
  }
  return staged;
}

/**
 * Inside the transaction that records the files: makes their chunks the audit's and drops their
 * staging tokens.
 * @throws AppError 409 UPLOAD_LAPSED when a staging token is gone (it lapsed before the file was
 *   recorded); the transaction then rolls back.
 */
export async function adoptStagedFiles(tx: Db, staged: readonly StagedFile[], auditId: string): Promise<void> {
  for (const file of staged) {
    await tx
      .update(storedFileChunks)
      .set({ auditId, uploadToken: null })
      .where(and(eq(storedFileChunks.fileId, file.fileId), eq(storedFileChunks.uploadToken, file.stagingToken)));
    const dropped = await tx.delete(uploadTokens).where(eq(uploadTokens.token, file.stagingToken)).returning({ token: uploadTokens.token });
    if (dropped.length === 0) throw new AppError('UPLOAD_LAPSED', 'The upload took too long and was discarded; upload the file again.', 409);
  }
}

/** Deletes staged files that will not be recorded (their chunks go with their tokens). */
export async function discardStagedFiles(db: Db, staged: readonly StagedFile[]): Promise<void> {
  if (staged.length) await db.delete(uploadTokens).where(inArray(uploadTokens.token, staged.map((s) => s.stagingToken)));
}
