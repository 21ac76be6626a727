/**
 * Local copies of scan files this server process has just stored in the database
 * (stored-files.ts), so that a processing job run by the same process reads them from its own
 * disk instead of back from the database (DESIGN.md section 12; docs/decisions/0090). The stored
 * file stays the one that counts: a job on another server, or after a restart, reads the database
 * as before. Measured on a 1,000,000-row upload (20 MB) on the PostgreSQL server, the read-back
 * took 1.3 s of the 6.5 s from upload to results stored. An upload token's file (upload-tokens.ts)
 * is kept the same way and linked, not moved, for each call that names the token (decision 0166).
 *
 *   await keepLocalCopy(storedFileId, upload.path);            // after storeUploadedFile
 *   if (!(await takeLocalCopy(storedFileId, jobPath))) await readStoredFile(db, storedFileId, jobPath);
 *
 * A copy is a hard link to the upload's temporary file (a byte copy where links are refused) in
 * a folder of this process under the system's temporary directory, named like the upload folders
 * (`stocktally-upload-{pid}-`) so that a start after a crash removes it (multipart.ts). One that
 * no job takes within `LOCAL_COPY_TTL_MS` is deleted; at most `MAX_LOCAL_COPIES` are kept.
 */
import { copyFile, link, mkdtemp, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** How long a copy waits for its job (a job normally starts within a second). */
export const LOCAL_COPY_TTL_MS = 10 * 60_000;
/** Copies kept at most; the oldest goes first. */
export const MAX_LOCAL_COPIES = 64;

const copies = new Map<string, { path: string; timer: NodeJS.Timeout }>();
let folder: Promise<string> | null = null;

/**
 * Keeps a copy of the file at `sourcePath` (stored as `storedFileId`) for a job of this process.
 * Never throws: a copy that cannot be made only means the job reads the database.
 */
export async function keepLocalCopy(storedFileId: string, sourcePath: string, ttlMs: number = LOCAL_COPY_TTL_MS): Promise<void> {
  try {
    folder ??= mkdtemp(path.join(os.tmpdir(), `stocktally-upload-${process.pid}-local-`));
    const target = path.join(await folder, storedFileId);
    // An earlier copy of the same id has the same path: gone before the new one is made.
    await forget(storedFileId);
    await link(sourcePath, target).catch(() => copyFile(sourcePath, target));
    if (copies.size >= MAX_LOCAL_COPIES) void forget(copies.keys().next().value!);
    const timer = setTimeout(() => void forget(storedFileId), ttlMs);
    timer.unref();
    copies.set(storedFileId, { path: target, timer });
  } catch {
    // The database holds the file: nothing is lost.
  }
}

/**
 * Moves the local copy of `storedFileId` to `targetPath` (on the same file system: the system's
 * temporary directory); answers false when this process keeps none, or it could not be moved.
 * A copy is taken once.
 */
export async function takeLocalCopy(storedFileId: string, targetPath: string): Promise<boolean> {
  const copy = copies.get(storedFileId);
  if (!copy) return false;
  copies.delete(storedFileId);
  clearTimeout(copy.timer);
  try {
    await rename(copy.path, targetPath);
    return true;
  } catch {
    await rm(copy.path, { force: true });
    return false;
  }
}

/**
 * Links the local copy of `storedFileId` at `targetPath` (a byte copy where links are refused),
 * keeping the copy for later reads: for a file read more than once, such as an upload token's
 * (upload-tokens.ts; docs/decisions/0166). Answers false when this process keeps none, or it could
 * not be linked or copied. The reader must not write to `targetPath`: with a link it is the copy.
 */
export async function linkLocalCopy(storedFileId: string, targetPath: string): Promise<boolean> {
  const copy = copies.get(storedFileId);
  if (!copy) return false;
  try {
    await link(copy.path, targetPath).catch(() => copyFile(copy.path, targetPath));
    return true;
  } catch {
    await rm(targetPath, { force: true });
    return false;
  }
}

/** Deletes the local copy of `storedFileId`, if any (its stored file was deleted). */
export async function forgetLocalCopy(storedFileId: string): Promise<void> {
  await forget(storedFileId);
}

/** Deletes the local copy of `storedFileId`, if any. */
async function forget(storedFileId: string): Promise<void> {
  const copy = copies.get(storedFileId);
  if (!copy) return;
  copies.delete(storedFileId);
  clearTimeout(copy.timer);
  await rm(copy.path, { force: true });
}
