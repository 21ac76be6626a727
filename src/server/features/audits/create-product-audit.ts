/**
 * `POST /api/audits/product-audit` (spec part 1 sections 2 "Product audit wizard", 5, 7): a draft
 * product audit whose filter must match at least one product of the organisation.
 */
import type { Audit, CreateProductAuditBody } from '../../../contracts/audits.js';
import type { CurrentUser } from '../../../contracts/auth.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { assertAuditAllowed, createDraftAudit } from './create-audit.js';
import { countMatchingProducts } from './filter-repo.js';

/**
 * @throws AppError 402 AUDIT_LIMIT_REACHED; 400 NO_MATCHING_PRODUCTS when the filter matches no
 *   product (the body's schema already refused an invalid filter with 400 INVALID_REQUEST).
 */
export async function createProductAudit(opts: { db: Db; user: CurrentUser; body: CreateProductAuditBody }): Promise<Audit> {
  const { db, user, body } = opts;
  await assertAuditAllowed(db, user);
  const matching = await countMatchingProducts(db, user.organizationId, body.filterExpression);
  if (matching === 0) {
    throw new AppError('NO_MATCHING_PRODUCTS', 'No products match this filter. Consider adjusting your criteria.');
  }
  return createDraftAudit(db, user, {
    name: body.name,
    section: body.section || null,
    description: body.description || null,
    auditType: 'product-audit',
    mode: body.mode,
    filterExpression: body.filterExpression,
  });
}
