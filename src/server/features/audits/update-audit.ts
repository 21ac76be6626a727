/**
 * `PATCH /api/audits/{id}` and `POST /api/audits/{id}/recount` (contracts/audits.ts
 * `updateAuditBodySchema`, `recountAuditBodySchema`).
 *
 * - Name, section and description change at any status (a rename never touches results).
 * - The filter of a product audit changes only while it is draft or pending: a processed audit's
 *   scope is part of its results (DESIGN.md section 2: an audit snapshots its scope); to count the
 *   same scope again, recount. A filter must match at least one product, as at creation.
 * - A recount is a new draft audit (it counts against the month's audits) with the source audit's
 *   type, mode, section, description and filter; its name defaults to '{name} (recount)'.
 */
import type { Audit, RecountAuditBody, UpdateAuditBody } from '../../../contracts/audits.js';
import type { CurrentUser } from '../../../contracts/auth.js';
import { can } from '../../../domain/roles.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { createDraftAudit } from './create-audit.js';
import { countMatchingProducts } from './filter-repo.js';
import { recountScope } from './recount-into-parent.js';
import { readAudit, updateAudit, type AuditRow } from './repo.js';

const RECOUNT_SUFFIX = ' (recount)';
const MAX_NAME = 200;

/**
 * @throws AppError 400 NOT_A_PRODUCT_AUDIT (filter on a cycle count), 409 AUDIT_ALREADY_PROCESSED
 *   (filter of a processing/complete/error audit), 400 NO_MATCHING_PRODUCTS; 403 FORBIDDEN when
 *   a member sends countBlind (only owners and admins set the blind count, DESIGN.md section 14).
 */
export async function changeAudit(opts: { db: Db; user: CurrentUser; audit: AuditRow; body: UpdateAuditBody }): Promise<Audit> {
  const { db, user, audit, body } = opts;
  if (body.countBlind !== undefined && !can(user.role, 'setBlindCount')) {
    throw new AppError('FORBIDDEN', 'Only owners and admins turn the blind count on or off.', 403);
  }
  const values: Partial<AuditRow> = {};
  if (body.name !== undefined) values.name = body.name;
  if (body.section !== undefined) values.section = body.section || null;
  if (body.description !== undefined) values.description = body.description || null;
  if (body.countBlind !== undefined) values.countBlind = body.countBlind;
  if (body.filterExpression !== undefined) {
    if (audit.auditType !== 'product-audit') {
      throw new AppError('NOT_A_PRODUCT_AUDIT', 'Only a product audit has a filter: this audit is a cycle count.');
    }
    if (audit.status !== 'draft' && audit.status !== 'pending') {
      throw new AppError('AUDIT_ALREADY_PROCESSED', 'The filter of a processed audit cannot change: start a recount to count this scope again.', 409);
    }
    if ((await countMatchingProducts(db, audit.organizationId, body.filterExpression)) === 0) {
      throw new AppError('NO_MATCHING_PRODUCTS', 'No products match this filter. Consider adjusting your criteria.');
    }
    values.filterExpression = body.filterExpression;
  }
  await updateAudit(db, audit.id, values);
  return readAudit(db, { ...audit, ...values });
}

/**
 * A recount: of the whole scope (a new draft like the audit), or, with `productIds` and/or
 * `minDifference`, of some lines (DESIGN.md section 13): a product audit scoped to exactly those
 * products, linked to this audit, whose figures replace this audit's when it completes
 * (recount-into-parent.ts).
 * @throws AppError 402 AUDIT_LIMIT_REACHED (the recount is a new audit of this month); for a
 *   recount of lines, 409 AUDIT_NOT_COMPLETE and 400 NOTHING_TO_RECOUNT (no line of the audit's
 *   in-scope products chosen).
 */
export async function recountAudit(opts: { db: Db; user: CurrentUser; audit: AuditRow; body: RecountAuditBody }): Promise<Audit> {
  const { db, user, audit, body } = opts;
  const name = body.name ?? `${audit.name.slice(0, MAX_NAME - RECOUNT_SUFFIX.length)}${RECOUNT_SUFFIX}`;
  if (body.productIds !== undefined || body.minDifference !== undefined) {
    if (audit.status !== 'complete') throw new AppError('AUDIT_NOT_COMPLETE', 'Only a finished audit has lines to recount.', 409);
    const scope = await recountScope(db, audit, body.productIds ?? [], body.minDifference ?? null);
    if (scope.length === 0) {
      throw new AppError('NOTHING_TO_RECOUNT', "No line to recount: choose counted or zero-sheet lines of this audit's products.");
    }
    return createDraftAudit(db, user, {
      name,
      section: audit.section,
      description: audit.description,
      auditType: 'product-audit',
      mode: audit.mode,
      filterExpression: null,
      parentAuditId: audit.id,
      scopeProductIds: scope,
    });
  }
  return createDraftAudit(db, user, {
    name,
    section: audit.section,
    description: audit.description,
    auditType: audit.auditType,
    mode: audit.mode,
    filterExpression: audit.filterExpression,
  });
}
