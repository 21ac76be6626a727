/**
 * Creating a draft audit within the plan's monthly limit (DESIGN.md section 4; spec part 1
 * section 9 "Monthly audit count"): `POST /api/audits`, and the shared step of the product audit
 * and the task stub.
 */
import type { Audit, CreateAuditBody } from '../../../contracts/audits.js';
import type { CurrentUser } from '../../../contracts/auth.js';
import { canCreateAudit, monthStart, planOf } from '../../../domain/plans.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { countAuditsCreatedSince, insertAudit, readAudit, type AuditRow } from './repo.js';

type DraftValues = Pick<AuditRow, 'name' | 'section' | 'description' | 'auditType' | 'mode' | 'filterExpression'> &
  Partial<Pick<AuditRow, 'parentAuditId' | 'scopeProductIds'>>;

/**
 * @throws AppError 402 AUDIT_LIMIT_REACHED when the organisation's plan allows no more audits
 *   this calendar month (UTC; audits created since the 1st count, deleted ones too: deleting gives no quota back).
 */
export async function assertAuditAllowed(db: Db, user: CurrentUser, now = new Date()): Promise<void> {
  const plan = planOf(user.subscriptionTier);
  if (plan.auditsPerMonth === null) return;
  const used = await countAuditsCreatedSince(db, user.organizationId, monthStart(now));
  if (!canCreateAudit(plan, used)) {
    throw new AppError(
      'AUDIT_LIMIT_REACHED',
      `Monthly audit limit reached: the ${plan.name} plan includes ${plan.auditsPerMonth} audits a month and ${used} have been created this month. Upgrade your plan to create more.`,
      402,
      { limit: plan.auditsPerMonth, used },
    );
  }
}

/** Checks the monthly limit and inserts a draft audit owned by `user`. */
export async function createDraftAudit(db: Db, user: CurrentUser, values: DraftValues): Promise<Audit> {
  await assertAuditAllowed(db, user);
  const row = await insertAudit(db, {
    ...values,
    organizationId: user.organizationId,
    userId: user.id,
    status: 'draft',
  });
  return readAudit(db, row);
}

/** `POST /api/audits`: a draft audit of the body's type (cycle count by default). */
export async function createAudit(opts: { db: Db; user: CurrentUser; body: CreateAuditBody }): Promise<Audit> {
  const { body } = opts;
  return createDraftAudit(opts.db, opts.user, {
    name: body.name,
    section: body.section || null,
    description: body.description || null,
    auditType: body.auditType,
    mode: body.mode,
    filterExpression: null,
  });
}
