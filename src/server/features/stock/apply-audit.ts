/**
 * Approve and apply (DESIGN.md section 13): `GET /api/audits/{id}/application`,
 * `POST /api/audits/{id}/apply` and `POST /api/audits/{id}/apply/reverse` (contracts/stock.ts).
 *
 * Each action is one transaction that first takes the audit's row lock, so a double click (or two
 * people at once) runs one action and the other finds it done (`alreadyDone`). Applying sets each
 * counted in-scope product's stock to its count (and, with the zero-sheet choice, never-counted
 * ones to 0), writing one stock adjustment per product, unchanged ones included; reversing writes
 * the reverse adjustments of the application's changes. Products whose stock is not what the
 * action expects (changed since the snapshot; moved since the application) are conflicts: each
 * must be confirmed or skipped, else 409 STOCK_CHANGED lists them and nothing changes.
 */
import type { CurrentUser } from '../../../contracts/auth.js';
import type {
  ApplicationResult,
  ApplicationState,
  ApplyAuditBody,
  AuditApplication,
  ReverseApplicationBody,
} from '../../../contracts/stock.js';
import { MAX_LISTED_CONFLICTS } from '../../../contracts/stock.js';
import { unresolvedConflicts, zeroSheetDefault } from '../../../domain/stock-conflicts.js';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { AuditRow } from '../audits/repo.js';
import { displayNameOf } from '../team/repo.js';
import {
  applyConflictIds,
  findApplication,
  findStandingApplication,
  insertApplication,
  listApplications,
  lockAudit,
  lockPlanProducts,
  markReversed,
  readApplyPlan,
  readAuditStatus,
  readReversePlan,
  reverseConflictIds,
  writeApplyAdjustments,
  writeReverseAdjustments,
  type AdjustmentAuthor,
} from './repo.js';

function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((t) => work(t as unknown as Db));
}

async function applicationById(db: Db, audit: AuditRow, id: string): Promise<AuditApplication> {
  const found = (await listApplications(db, audit.organizationId, audit.id)).find((a) => a.id === id);
  if (!found) throw notFound('Application');
  return found;
}

/** @throws AppError 409 STOCK_CHANGED when a conflict is neither confirmed nor skipped (details: { conflicts }). */
function refuseUnresolved(unresolved: string[], listed: ApplicationState['next']['conflicts']): void {
  if (unresolved.length === 0) return;
  const open = new Set(unresolved);
  throw new AppError(
    'STOCK_CHANGED',
    `${unresolved.length} product${unresolved.length === 1 ? "'s" : "s'"} stock changed since the count: confirm or skip ${unresolved.length === 1 ? 'it' : 'each'} first.`,
    409,
    { conflictCount: unresolved.length, conflicts: listed.filter((c) => open.has(c.productId)).slice(0, MAX_LISTED_CONFLICTS) },
  );
}

/** Where the audit stands with the books and what its next action (apply or reverse) would do now. */
export async function readApplicationState(db: Db, audit: AuditRow): Promise<ApplicationState> {
  const history = await listApplications(db, audit.organizationId, audit.id);
  const applied = history.find((a) => a.reversedAt === null) ?? null;
  const zeroSheet = zeroSheetDefault(audit.auditType);
  if (applied) {
    const plan = await readReversePlan(db, audit.organizationId, applied.id);
    return {
      auditId: audit.id,
      applicable: audit.status === 'complete',
      applied,
      history,
      next: {
        action: 'reverse',
        countedProducts: plan.counted,
        changes: plan.changes,
        zeroSheetProducts: 0,
        unsettledProducts: 0,
        zeroSheetDefault: zeroSheet,
        conflictCount: plan.conflictCount,
        conflicts: plan.conflicts,
      },
    };
  }
  const plan =
    audit.status === 'complete'
      ? await readApplyPlan(db, audit.organizationId, audit.id, zeroSheet)
      : { counted: 0, changes: 0, zeroSheetProducts: 0, unsettled: 0, conflictCount: 0, conflicts: [] };
  return {
    auditId: audit.id,
    applicable: audit.status === 'complete',
    applied: null,
    history,
    next: {
      action: 'apply',
      countedProducts: plan.counted,
      changes: plan.changes,
      zeroSheetProducts: plan.zeroSheetProducts,
      unsettledProducts: plan.unsettled,
      zeroSheetDefault: zeroSheet,
      conflictCount: plan.conflictCount,
      conflicts: plan.conflicts,
    },
  };
}

/**
 * Applies the audit's final counts to current stock.
 * @throws AppError 409 AUDIT_NOT_COMPLETE (not finished), 409 STOCK_CHANGED (unresolved conflicts).
 */
export async function applyAudit(opts: { db: Db; user: CurrentUser; audit: AuditRow; body: ApplyAuditBody }): Promise<ApplicationResult> {
  const { db, user, audit, body } = opts;
  const zeroSheet = body.zeroSheet ?? zeroSheetDefault(audit.auditType);
  const userName = await displayNameOf(db, user.id);
  const outcome = await inTransaction(db, async (tx) => {
    await lockAudit(tx, audit.id);
    const standing = await findStandingApplication(tx, audit.organizationId, audit.id);
    if (standing) return { id: standing.id, alreadyDone: true, adjusted: 0, skipped: 0 };
    // Read under the lock: processing (a recompute) may have started since the route read the row.
    const status = await readAuditStatus(tx, audit.id);
    if (status !== 'complete') throw new AppError('AUDIT_NOT_COMPLETE', 'Only a finished audit can be applied to stock.', 409);
    await lockPlanProducts(tx, audit.organizationId, audit.id, zeroSheet);
    const conflicts = await applyConflictIds(tx, audit.organizationId, audit.id, zeroSheet);
    const unresolved = unresolvedConflicts(conflicts, body.confirmed, body.skipped);
    if (unresolved.length) refuseUnresolved(unresolved, (await readApplyPlan(tx, audit.organizationId, audit.id, zeroSheet)).conflicts);
    const application = await insertApplication(tx, {
      organizationId: audit.organizationId,
      auditId: audit.id,
      appliedBy: user.id,
      appliedByName: userName,
      zeroSheet,
    });
    const who: AdjustmentAuthor = { organizationId: audit.organizationId, applicationId: application.id, auditId: audit.id, auditName: audit.name, userId: user.id, userName };
    const adjusted = await writeApplyAdjustments(tx, who, zeroSheet, body.skipped);
    return { id: application.id, alreadyDone: false, adjusted, skipped: conflicts.filter((id) => body.skipped.includes(id)).length };
  });
  return { application: await applicationById(db, audit, outcome.id), alreadyDone: outcome.alreadyDone, adjusted: outcome.adjusted, skipped: outcome.skipped };
}

/**
 * Reverses the audit's application `body.applicationId`.
 * @throws AppError 404 (no such application of this audit), 409 STOCK_CHANGED (unresolved conflicts).
 */
export async function reverseApplication(opts: { db: Db; user: CurrentUser; audit: AuditRow; body: ReverseApplicationBody }): Promise<ApplicationResult> {
  const { db, user, audit, body } = opts;
  const userName = await displayNameOf(db, user.id);
  const outcome = await inTransaction(db, async (tx) => {
    await lockAudit(tx, audit.id);
    const application = await findApplication(tx, audit.organizationId, audit.id, body.applicationId);
    if (!application) throw notFound('Application');
    if (application.reversedAt) return { alreadyDone: true, adjusted: 0, skipped: 0 };
    const conflicts = await reverseConflictIds(tx, audit.organizationId, application.id);
    const unresolved = unresolvedConflicts(conflicts, body.confirmed, body.skipped);
    if (unresolved.length) refuseUnresolved(unresolved, (await readReversePlan(tx, audit.organizationId, application.id)).conflicts);
    const who: AdjustmentAuthor = { organizationId: audit.organizationId, applicationId: application.id, auditId: audit.id, auditName: audit.name, userId: user.id, userName };
    const adjusted = await writeReverseAdjustments(tx, who, body.skipped);
    await markReversed(tx, application.id, user.id, userName);
    return { alreadyDone: false, adjusted, skipped: conflicts.filter((id) => body.skipped.includes(id)).length };
  });
  return { application: await applicationById(db, audit, body.applicationId), ...outcome };
}
