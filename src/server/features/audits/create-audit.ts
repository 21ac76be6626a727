/**
 * Creating a draft audit within the plan's monthly limit (DESIGN.md section 4; spec part 1
 * section 9 "Monthly audit count"): `POST /api/audits`, and the shared step of the product audit
 * and the task stub. A draft is refused once the month's audits have all run; making one uses
 * nothing: the audit counts when it first runs.
 */
import type { Audit, CreateAuditBody } from '../../../contracts/audits.js';
import type { CurrentUser } from '../../../contracts/auth.js';
import { canCreateAudit, monthStart, planOf } from '../../../domain/plans.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { countAuditsSince, organizationTier } from '../billing/repo.js';
import { auditHasRun, insertAudit, readAudit, type AuditRow } from './repo.js';

type DraftValues = Pick<AuditRow, 'name' | 'section' | 'description' | 'auditType' | 'mode' | 'filterExpression'> &
  Partial<Pick<AuditRow, 'parentAuditId' | 'scopeProductIds'>>;

/**
 * The month's audit quota (DESIGN.md section 4): an audit counts against the UTC calendar month in
 * which it first ran (audit_creations, written when its run ends complete or in error), deleted
 * or not; a draft that never ran counts nothing (docs/decisions/0118).
 * @throws AppError 402 AUDIT_LIMIT_REACHED when the plan's audits of this month have all run.
 */
export async function assertAuditQuota(db: Db, organizationId: string, tier: string | null, now = new Date()): Promise<void> {
  const plan = planOf(tier);
  if (plan.auditsPerMonth === null) return;
  const used = await countAuditsSince(db, organizationId, monthStart(now));
  if (!canCreateAudit(plan, used)) {
    throw new AppError(
      'AUDIT_LIMIT_REACHED',
      `Monthly audit limit reached: the ${plan.name} plan includes ${plan.auditsPerMonth} audits a month and ${used} have run this month. Upgrade your plan to run more.`,
      402,
      { limit: plan.auditsPerMonth, used },
    );
  }
}

/** The quota check of a new audit, with the caller's plan. @throws as `assertAuditQuota`. */
export async function assertAuditAllowed(db: Db, user: CurrentUser, now = new Date()): Promise<void> {
  await assertAuditQuota(db, user.organizationId, user.subscriptionTier, now);
}

/**
 * The quota check when `audit` is about to run: nothing to check when it ran before (a re-run
 * after an error counts once); else the organisation's plan must leave an audit this month.
 * @throws as `assertAuditQuota`.
 */
export async function assertAuditMayRun(db: Db, audit: Pick<AuditRow, 'id' | 'organizationId'>): Promise<void> {
  if (await auditHasRun(db, audit.id)) return;
  await assertAuditQuota(db, audit.organizationId, await organizationTier(db, audit.organizationId));
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
