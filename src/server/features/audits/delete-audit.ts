/** `DELETE /api/audits/{id}`: the audit with its lines, files, summary and kept uploads (cascade). */
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { forgetAuditTagStats } from '../tag-analytics/stats-repo.js';
import { deleteAuditRow, isUuid } from './repo.js';

/** @throws AppError 404 when the organisation has no audit `id`. */
export async function deleteAudit(opts: { db: Db; organizationId: string; id: string }): Promise<void> {
  const deleted = await opts.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    // Tag analytics lose this audit with it (DESIGN.md section 11); isUuid guards the cast.
    if (isUuid(opts.id)) await forgetAuditTagStats(tx, opts.organizationId, opts.id);
    return deleteAuditRow(tx, opts.organizationId, opts.id);
  });
  if (!deleted) throw notFound('Audit');
}
