/** `DELETE /api/audits/{id}`: the audit with its lines, files and summary, and its kept uploads. */
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { deleteAuditRow } from './repo.js';
import { auditUploadsDir, removeAuditUploads } from './scan-file-storage.js';

/** @throws AppError 404 when the organisation has no audit `id`. */
export async function deleteAudit(opts: { db: Db; dataDir: string; organizationId: string; id: string }): Promise<void> {
  if (!(await deleteAuditRow(opts.db, opts.organizationId, opts.id))) throw notFound('Audit');
  await removeAuditUploads(auditUploadsDir(opts.dataDir, opts.organizationId, opts.id));
}
