/**
 * Scan files uploaded one at a time (`POST /api/audits/{id}/upload`) are kept on disk until
 * `POST /api/audits/{id}/process` reads them (docs/decisions/0009):
 * `DATA_DIR/uploads/<organizationId>/<auditId>/<random>-<file name>`. Both ids are uuids from the
 * database and the file name is reduced to safe characters, so no path leaves that directory.
 */
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';

/** The directory of one audit's kept uploads. */
export function auditUploadsDir(dataDir: string, organizationId: string, auditId: string): string {
  return path.join(dataDir, 'uploads', organizationId, auditId);
}

/** Copies the received file into `dir`; answers the kept copy's path. */
export async function keepScanFile(dir: string, source: { path: string; fileName: string }): Promise<string> {
  await mkdir(dir, { recursive: true });
  const target = path.join(dir, `${randomUUID()}-${source.fileName.replace(/[^\w.-]+/g, '_').slice(-100)}`);
  await copyFile(source.path, target);
  return target;
}

/** Deletes one kept file (missing is fine). */
export async function removeKeptFile(file: string): Promise<void> {
  await rm(file, { force: true });
}

/** Deletes an audit's kept uploads (missing is fine). */
export async function removeAuditUploads(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}
