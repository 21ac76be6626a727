/**
 * Stock adjustments SQL (DESIGN.md section 13): the plan of an audit's application (its final
 * counts against current stock), applications, adjustments and a product's history. Every
 * statement is scoped by organization_id. Quantities are read as numeric and answered as numbers.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditApplications, products, stockAdjustments } from '../../db/schema.js';
import { arrayLiteral } from '../products/pg-array.js';
import type { AuditApplication, StockAdjustment, StockAdjustmentReason, StockConflict } from '../../../contracts/stock.js';
import { MAX_LISTED_CONFLICTS } from '../../../contracts/stock.js';
import type { BooksLine } from '../../../domain/books-formats.js';

export type ApplicationRow = typeof auditApplications.$inferSelect;

/** Result categories whose product was counted in scope: the count becomes its stock. */
const COUNTED_CATEGORIES = ['quantityCorrect', 'quantityAbove', 'quantityBelow'];
const ZERO_SHEET = 'zeroSheetItems';
const UNSETTLED = 'crossFileDiscrepancies';

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * The products an application of `auditId` sets, one row each: product_id, sku, name, zero (a
 * zero-sheet line), expected (the snapshot), target (the final count; 0 on the zero sheet) and
 * current (stock now). Products deleted since the audit are not there. `zeroSheet` includes the
 * zero-sheet lines.
 */
function planSql(organizationId: string, auditId: string, zeroSheet: boolean): SQL {
  const categories = zeroSheet ? [...COUNTED_CATEGORIES, ZERO_SHEET] : COUNTED_CATEGORIES;
  return sql`select p.id as product_id, p.sku, p.name, (l.category = ${ZERO_SHEET}) as zero,
      coalesce(l.expected_quantity, 0)::numeric as expected,
      (case when l.category = ${ZERO_SHEET} then 0 else l.scanned_quantity end)::numeric as target,
      p.current_quantity::numeric as current
    from audit_result_lines l
    join products p on p.id = l.product_id and p.organization_id = l.organization_id
    where l.organization_id = ${organizationId} and l.audit_id = ${auditId}
      and l.category = any(${arrayLiteral(categories)}::text[])`;
}

interface ConflictRow {
  product_id: string;
  sku: string;
  name: string | null;
  zero: boolean;
  expected: string;
  target: string;
  current: string;
}

function toConflict(r: ConflictRow): StockConflict {
  return {
    productId: r.product_id,
    sku: r.sku,
    productName: r.name,
    expectedQuantity: Number(r.expected),
    currentQuantity: Number(r.current),
    targetQuantity: Number(r.target),
    zeroSheet: r.zero,
  };
}

/**
 * The audit's final counts for the books (DESIGN.md section 13), by SKU: counted in-scope lines at
 * their count and, with `zeroSheet`, never-counted ones at 0; lines whose files disagree are left
 * out (no final count until recounted). Name and location as the line has them; the other
 * identifier from the product (null once deleted).
 */
export async function readBooksLines(db: Db, organizationId: string, auditId: string, zeroSheet: boolean): Promise<BooksLine[]> {
  const categories = zeroSheet ? [...COUNTED_CATEGORIES, ZERO_SHEET] : COUNTED_CATEGORIES;
  const found = await rows<{ sku: string; name: string | null; other: string | null; location: string | null; snapshot: string; final: string }>(
    db,
    sql`select l.sku, l.product_name as name, p.other_identifier as other, l.location,
        coalesce(l.expected_quantity, 0)::numeric as snapshot,
        (case when l.category = ${ZERO_SHEET} then 0 else l.scanned_quantity end)::numeric as final
      from audit_result_lines l
      left join products p on p.id = l.product_id and p.organization_id = l.organization_id
      where l.organization_id = ${organizationId} and l.audit_id = ${auditId}
        and l.category = any(${arrayLiteral(categories)}::text[])
      order by lower(l.sku)`,
  );
  return found.map((r) => ({
    sku: r.sku,
    name: r.name,
    otherIdentifier: r.other,
    location: r.location,
    snapshotQuantity: Number(r.snapshot),
    finalQuantity: Number(r.final),
  }));
}

/** Takes the audit's row lock: one apply or reversal of an audit at a time (a double click waits, then finds it done). */
export async function lockAudit(db: Db, auditId: string): Promise<void> {
  await db.execute(sql`select id from audits where id = ${auditId} for update`);
}

/** The audit's status as the database has it now (under the audit's lock: not stale). */
export async function readAuditStatus(db: Db, auditId: string): Promise<string | null> {
  const [row] = await rows<{ status: string }>(db, sql`select status from audits where id = ${auditId}`);
  return row?.status ?? null;
}

/** Locks the plan's products against other writers until the transaction ends; answers how many. */
export async function lockPlanProducts(db: Db, organizationId: string, auditId: string, zeroSheet: boolean): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`with locked as (select p.id from audit_result_lines l join products p on p.id = l.product_id and p.organization_id = l.organization_id
        where l.organization_id = ${organizationId} and l.audit_id = ${auditId}
          and l.category = any(${arrayLiteral(zeroSheet ? [...COUNTED_CATEGORIES, ZERO_SHEET] : COUNTED_CATEGORIES)}::text[])
        for update of p)
      select count(*)::int as n from locked`,
  );
  return row?.n ?? 0;
}

/** What applying would do now: counts, and the products whose stock changed since the snapshot (at most MAX_LISTED_CONFLICTS). */
export async function readApplyPlan(
  db: Db,
  organizationId: string,
  auditId: string,
  zeroSheet: boolean,
): Promise<{ counted: number; changes: number; zeroSheetProducts: number; unsettled: number; conflictCount: number; conflicts: StockConflict[] }> {
  const [totals] = await rows<{ counted: number; changes: number; zero: number; conflicts: number }>(
    db,
    sql`select count(*) filter (where not zero)::int as counted,
        count(*) filter (where not zero and target <> current)::int as changes,
        count(*) filter (where zero)::int as zero,
        count(*) filter (where current <> expected and (${zeroSheet} or not zero))::int as conflicts
      from (${planSql(organizationId, auditId, true)}) plan`,
  );
  const [unsettled] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from audit_result_lines where organization_id = ${organizationId} and audit_id = ${auditId} and category = ${UNSETTLED}`,
  );
  const conflicts = await rows<ConflictRow>(
    db,
    sql`select * from (${planSql(organizationId, auditId, zeroSheet)}) plan where current <> expected order by sku limit ${MAX_LISTED_CONFLICTS}`,
  );
  return {
    counted: totals?.counted ?? 0,
    changes: totals?.changes ?? 0,
    zeroSheetProducts: totals?.zero ?? 0,
    unsettled: unsettled?.n ?? 0,
    conflictCount: totals?.conflicts ?? 0,
    conflicts: conflicts.map(toConflict),
  };
}

/** Every conflict of an apply (stock changed since the snapshot), product ids only. */
export async function applyConflictIds(db: Db, organizationId: string, auditId: string, zeroSheet: boolean): Promise<string[]> {
  const found = await rows<{ product_id: string }>(db, sql`select product_id from (${planSql(organizationId, auditId, zeroSheet)}) plan where current <> expected`);
  return found.map((r) => r.product_id);
}

/** The reversal's plan: adjustments of the application that changed stock, with stock now. */
function reversePlanSql(organizationId: string, applicationId: string): SQL {
  return sql`select p.id as product_id, p.sku, p.name, (a.reason = 'zero-sheet') as zero,
      a.quantity_after as expected, a.quantity_before as target, p.current_quantity::numeric as current
    from stock_adjustments a join products p on p.id = a.product_id and p.organization_id = a.organization_id
    where a.organization_id = ${organizationId} and a.application_id = ${applicationId}
      and a.reason <> 'application-reversed' and a.difference <> 0`;
}

/** What reversing the application would do now: its changes, and products whose stock moved since (at most MAX_LISTED_CONFLICTS). */
export async function readReversePlan(
  db: Db,
  organizationId: string,
  applicationId: string,
): Promise<{ counted: number; changes: number; conflictCount: number; conflicts: StockConflict[] }> {
  const [totals] = await rows<{ counted: number; changes: number; conflicts: number }>(
    db,
    sql`select count(*)::int as counted, count(*) filter (where target <> current)::int as changes,
        count(*) filter (where current <> expected)::int as conflicts
      from (${reversePlanSql(organizationId, applicationId)}) plan`,
  );
  const conflicts = await rows<ConflictRow>(
    db,
    sql`select * from (${reversePlanSql(organizationId, applicationId)}) plan where current <> expected order by sku limit ${MAX_LISTED_CONFLICTS}`,
  );
  return { counted: totals?.counted ?? 0, changes: totals?.changes ?? 0, conflictCount: totals?.conflicts ?? 0, conflicts: conflicts.map(toConflict) };
}

/** Every conflict of a reversal (stock moved since the application), product ids only; locks those products. */
export async function reverseConflictIds(db: Db, organizationId: string, applicationId: string): Promise<string[]> {
  await db.execute(sql`with locked as (select p.id from stock_adjustments a join products p on p.id = a.product_id
      where a.organization_id = ${organizationId} and a.application_id = ${applicationId} for update of p) select count(*) from locked`);
  const found = await rows<{ product_id: string }>(db, sql`select product_id from (${reversePlanSql(organizationId, applicationId)}) plan where current <> expected`);
  return found.map((r) => r.product_id);
}

/** Who acts and why, written on each adjustment. */
export interface AdjustmentAuthor {
  organizationId: string;
  applicationId: string;
  auditId: string;
  auditName: string;
  userId: string;
  userName: string;
}

/**
 * Writes the adjustments of `plan` (a plan query: product_id, sku, zero, target, current) but the
 * `skipped` products, and sets those products' stock to their target. Answers how many stocks
 * changed. `reason` null: 'zero-sheet' for zero-sheet lines, else 'audit-applied'.
 */
async function writeAdjustments(db: Db, who: AdjustmentAuthor, plan: SQL, skipped: readonly string[], reason: StockAdjustmentReason | null): Promise<number> {
  const reasonSql = reason === null ? sql`case when plan.zero then 'zero-sheet' else 'audit-applied' end` : sql`${reason}`;
  await db.execute(sql`insert into stock_adjustments
      (organization_id, product_id, sku, application_id, audit_id, audit_name, quantity_before, quantity_after, difference, reason, user_id, user_name)
    select ${who.organizationId}, plan.product_id, plan.sku, ${who.applicationId}, ${who.auditId}, ${who.auditName},
      plan.current, plan.target, plan.target - plan.current, ${reasonSql}, ${who.userId}, ${who.userName}
    from (${plan}) plan
    where not (plan.product_id = any(${arrayLiteral(skipped)}::uuid[]))
    order by plan.sku`);
  const changed = await rows<{ id: string }>(
    db,
    sql`update products p set current_quantity = a.quantity_after, updated_at = now()
      from stock_adjustments a
      where a.application_id = ${who.applicationId} and a.product_id = p.id and p.organization_id = ${who.organizationId}
        and a.difference <> 0 and a.reason ${reason === 'application-reversed' ? sql`= 'application-reversed'` : sql`<> 'application-reversed'`}
      returning p.id`,
  );
  return changed.length;
}

/** Applies the plan of `auditId` (see writeAdjustments). */
export function writeApplyAdjustments(db: Db, who: AdjustmentAuthor, zeroSheet: boolean, skipped: readonly string[]): Promise<number> {
  return writeAdjustments(db, who, planSql(who.organizationId, who.auditId, zeroSheet), skipped, null);
}

/** Writes the reverse adjustments of application `who.applicationId` (see writeAdjustments). */
export function writeReverseAdjustments(db: Db, who: AdjustmentAuthor, skipped: readonly string[]): Promise<number> {
  return writeAdjustments(db, who, reversePlanSql(who.organizationId, who.applicationId), skipped, 'application-reversed');
}

export async function insertApplication(db: Db, values: typeof auditApplications.$inferInsert): Promise<ApplicationRow> {
  const [row] = await db.insert(auditApplications).values(values).returning();
  return row!;
}

export async function markReversed(db: Db, id: string, userId: string, userName: string): Promise<void> {
  await db.update(auditApplications).set({ reversedAt: new Date(), reversedBy: userId, reversedByName: userName }).where(eq(auditApplications.id, id));
}

/** The audit's standing (unreversed) application, or null. */
export async function findStandingApplication(db: Db, organizationId: string, auditId: string): Promise<ApplicationRow | null> {
  const [row] = await db
    .select()
    .from(auditApplications)
    .where(and(eq(auditApplications.organizationId, organizationId), eq(auditApplications.auditId, auditId), sql`${auditApplications.reversedAt} is null`))
    .limit(1);
  return row ?? null;
}

/** The application `id` of the audit, or null (missing, another audit or organisation). */
export async function findApplication(db: Db, organizationId: string, auditId: string, id: string): Promise<ApplicationRow | null> {
  const [row] = await db
    .select()
    .from(auditApplications)
    .where(and(eq(auditApplications.organizationId, organizationId), eq(auditApplications.auditId, auditId), eq(auditApplications.id, id)))
    .limit(1);
  return row ?? null;
}

/** The audit's applications, newest first, with their changed and unchanged product counts. */
export async function listApplications(db: Db, organizationId: string, auditId: string): Promise<AuditApplication[]> {
  const found = await db
    .select({
      app: auditApplications,
      changed: sql<number>`(select count(*)::int from ${stockAdjustments} a where a.application_id = audit_applications.id and a.reason <> 'application-reversed' and a.difference <> 0)`,
      unchanged: sql<number>`(select count(*)::int from ${stockAdjustments} a where a.application_id = audit_applications.id and a.reason <> 'application-reversed' and a.difference = 0)`,
    })
    .from(auditApplications)
    .where(and(eq(auditApplications.organizationId, organizationId), eq(auditApplications.auditId, auditId)))
    .orderBy(desc(auditApplications.appliedAt), desc(auditApplications.id));
  return found.map(({ app, changed, unchanged }) => ({
    id: app.id,
    auditId: app.auditId,
    appliedAt: app.appliedAt.toISOString(),
    appliedByName: app.appliedByName,
    zeroSheet: app.zeroSheet,
    reversedAt: app.reversedAt?.toISOString() ?? null,
    reversedByName: app.reversedByName,
    changedProducts: Number(changed),
    unchangedProducts: Number(unchanged),
  }));
}

/** The most adjustments a product's history answers. */
export const HISTORY_LIMIT = 500;

/** The product (id, sku, name, stock) of the organisation, or null. */
export async function findProductStock(db: Db, organizationId: string, productId: string) {
  const [row] = await db
    .select({ id: products.id, sku: products.sku, name: products.name, currentQuantity: sql<string>`${products.currentQuantity}::numeric` })
    .from(products)
    .where(and(eq(products.organizationId, organizationId), eq(products.id, productId)))
    .limit(1);
  return row ? { ...row, currentQuantity: Number(row.currentQuantity) } : null;
}

/** The product's stock adjustments, newest first (HISTORY_LIMIT at most). */
export async function listProductAdjustments(db: Db, organizationId: string, productId: string): Promise<StockAdjustment[]> {
  const found = await db
    .select()
    .from(stockAdjustments)
    .where(and(eq(stockAdjustments.organizationId, organizationId), eq(stockAdjustments.productId, productId)))
    .orderBy(desc(stockAdjustments.id))
    .limit(HISTORY_LIMIT);
  return found.map((a) => ({
    id: a.id,
    createdAt: a.createdAt.toISOString(),
    reason: a.reason as StockAdjustmentReason,
    quantityBefore: Number(a.quantityBefore),
    quantityAfter: Number(a.quantityAfter),
    difference: Number(a.difference),
    auditId: a.auditId,
    auditName: a.auditName,
    applicationId: a.applicationId,
    userName: a.userName,
  }));
}
