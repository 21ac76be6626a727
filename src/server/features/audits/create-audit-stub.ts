/**
 * `POST /api/audits/stub` (spec part 1 section 2 "New Audit dialog", Assign Task): a draft audit
 * that a task will point at; its scan files come later through the resume flow.
 */
import type { Audit, CreateAuditStubBody } from '../../../contracts/audits.js';
import type { CurrentUser } from '../../../contracts/auth.js';
import type { Db } from '../../db/client.js';
import { createDraftAudit } from './create-audit.js';

/**
 * A product-audit stub may come without a filter (the resume flow's upload-multiple can send it);
 * a filter that is sent must be valid (the body's schema) but may match nothing yet.
 * @throws AppError 402 AUDIT_LIMIT_REACHED.
 */
export async function createAuditStub(opts: { db: Db; user: CurrentUser; body: CreateAuditStubBody }): Promise<Audit> {
  const { body } = opts;
  return createDraftAudit(opts.db, opts.user, {
    name: body.name,
    section: body.section || null,
    description: null,
    auditType: body.type,
    mode: 'standard',
    filterExpression: body.type === 'product-audit' ? (body.filterExpression ?? null) : null,
  });
}
