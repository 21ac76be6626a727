/**
 * Recount (DESIGN.md section 13): which products a recount of lines counts, and what its
 * completion does to the audit it recounts. The parent's line of each recounted product takes
 * the recount's figure (a product the recount never scanned was counted 0): category, difference,
 * % difference and variance value follow, `first_count` keeps the parent's own count, the reason
 * says it was recounted, and the parent's summary and tag analytics are worked out again. So
 * every reader of the parent's lines (cards, tabs, exports, applying to stock, the books files)
 * uses the final figures. A recount of a recount passes its figures up the whole chain.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { arrayLiteral } from '../products/pg-array.js';
import { replaceAuditTagStats } from '../tag-analytics/stats-repo.js';
import { formatQuantity, fromThousandths, toThousandths } from '../../../domain/quantity-thousandths.js';
import type { audits } from '../../db/schema.js';

type AuditRow = typeof audits.$inferSelect;

const CORRECT = 'quantityCorrect';
const ABOVE = 'quantityAbove';
const BELOW = 'quantityBelow';
const ZERO_SHEET = 'zeroSheetItems';
/** Lines of in-scope products, which a recount can settle. */
const RECOUNTABLE = [CORRECT, ABOVE, BELOW, ZERO_SHEET, 'crossFileDiscrepancies'];
/** Lines whose figure counts in the summary's variance (as the engine sums it). */
const IN_VARIANCE = [CORRECT, ABOVE, BELOW, ZERO_SHEET];
/** The longest chain of recounts followed (a guard: a chain is as long as people recount). */
const MAX_CHAIN = 100;

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * The products a recount of `audit` counts: those of `productIds` with an in-scope line, and with
 * `minDifference`, every Below and Zero Sheet line whose |difference| is at least it; by SKU.
 */
export async function recountScope(db: Db, audit: AuditRow, productIds: readonly string[], minDifference: number | null): Promise<string[]> {
  const byDifference = minDifference === null ? sql`false` : sql`(l.category = any(${arrayLiteral([BELOW, ZERO_SHEET])}::text[]) and abs(l.difference) >= ${minDifference})`;
  const found = await rows<{ product_id: string }>(
    db,
    sql`select l.product_id from audit_result_lines l
      where l.organization_id = ${audit.organizationId} and l.audit_id = ${audit.id} and l.product_id is not null
        and l.category = any(${arrayLiteral(RECOUNTABLE)}::text[])
        and (l.product_id = any(${arrayLiteral(productIds)}::uuid[]) or ${byDifference})
      order by lower(l.sku), l.product_id`,
  );
  return [...new Set(found.map((r) => r.product_id))];
}

/**
 * Passes the figures of `recount`, which has just completed (inside the transaction that stored
 * its results), to the audit it recounts and that audit's own parents. A parent that is not
 * complete (deleted, reprocessing) stops the chain.
 */
export async function recountIntoParents(tx: Db, recount: AuditRow): Promise<void> {
  if (!recount.parentAuditId) return;
  const figures = new Map(
    (
      await rows<{ product_id: string; final: number }>(
        tx,
        sql`select product_id, (case when category = ${ZERO_SHEET} then 0 else scanned_quantity end) as final
          from audit_result_lines where audit_id = ${recount.id} and product_id is not null
            and category = any(${arrayLiteral(IN_VARIANCE)}::text[])`,
      )
    ).map((r) => [r.product_id, Number(r.final)]),
  );
  if (figures.size === 0) return;
  let parentId: string | null = recount.parentAuditId;
  for (let depth = 0; parentId !== null && depth < MAX_CHAIN; depth++) {
    const found: Array<{ id: string; status: string; parent_audit_id: string | null }> = await rows(
      tx,
      sql`select id, status, parent_audit_id from audits where id = ${parentId} and organization_id = ${recount.organizationId} for update`,
    );
    const parent = found[0];
    if (!parent || parent.status !== 'complete') return;
    // Tag analytics read the lines: the parent's old lines leave the aggregates, its new ones enter.
    await replaceAuditTagStats(tx, recount.organizationId, parent.id, async () => {
      await setFinalFigures(tx, parent.id, figures, recount);
      await refreshSummary(tx, parent.id);
    });
    parentId = parent.parent_audit_id;
  }
}

interface ParentLine {
  category: string;
  position: number;
  product_id: string;
  expected_quantity: string | number | null;
  scanned_quantity: string | number;
  first_count: string | number | null;
}

async function setFinalFigures(tx: Db, auditId: string, figures: Map<string, number>, recount: AuditRow): Promise<void> {
  const lines = await rows<ParentLine>(
    tx,
    sql`select category, position, product_id, expected_quantity, scanned_quantity, first_count from audit_result_lines
      where audit_id = ${auditId} and product_id = any(${arrayLiteral([...figures.keys()])}::uuid[])
        and category = any(${arrayLiteral(RECOUNTABLE)}::text[])
      order by category, position`,
  );
  const last = new Map(
    (await rows<{ category: string; last: number }>(tx, sql`select category, max(position) as last from audit_result_lines where audit_id = ${auditId} group by category`)).map(
      (r) => [r.category, Number(r.last)],
    ),
  );
  for (const line of lines) {
    // Quantities are decimals of at most 3 places (numeric(18,3)): worked out in whole thousandths.
    const final = figures.get(line.product_id)!;
    const finalMilli = toThousandths(final);
    const expectedMilli = toThousandths(Number(line.expected_quantity ?? 0));
    const differenceMilli = finalMilli - expectedMilli;
    const difference = fromThousandths(differenceMilli);
    const category = differenceMilli === 0 ? CORRECT : differenceMilli > 0 ? ABOVE : BELOW;
    let position = line.position;
    if (category !== line.category) {
      position = (last.get(category) ?? -1) + 1;
      last.set(category, position);
    }
    const firstCount = Number(line.first_count ?? line.scanned_quantity);
    const reason = `Recounted: first count ${formatQuantity(firstCount)}, final ${formatQuantity(final)} (${recount.name})`;
    await tx.execute(sql`update audit_result_lines set category = ${category}, position = ${position}, scanned_quantity = ${final},
        difference = ${difference}, percentage_difference = ${expectedMilli === 0 ? null : (differenceMilli / expectedMilli) * 100},
        variance_value = case when cost_price is null then null else round(cost_price * ${difference}, 2) end,
        first_count = ${firstCount}, recount_audit_id = ${recount.id}, reason = ${reason}
      where audit_id = ${auditId} and category = ${line.category} and position = ${line.position}`);
  }
}

/** The summary's category counts, accuracy and variance from the audit's lines as they are now. */
async function refreshSummary(tx: Db, auditId: string): Promise<void> {
  const perCategory = await rows<{ category: string; n: number; units: string | null; value: string | null }>(
    tx,
    sql`select category, count(*)::int as n, sum(difference)::text as units, sum(variance_value)::text as value
      from audit_result_lines where audit_id = ${auditId} group by category`,
  );
  const [summary] = await rows<{ counts: Record<string, number> }>(tx, sql`select counts from audit_result_summaries where audit_id = ${auditId}`);
  if (!summary) return;
  const counts: Record<string, number> = { ...summary.counts };
  for (const category of [...RECOUNTABLE, 'scannedNotExpected']) counts[category] = 0;
  // Units in whole thousandths (decimal quantities summed exactly), value in cents.
  let units = 0;
  let value = 0;
  for (const c of perCategory) {
    counts[c.category] = c.n;
    if (IN_VARIANCE.includes(c.category)) {
      units += Math.round(Number(c.units ?? 0) * 1000);
      value += Math.round(Number(c.value ?? 0) * 100);
    }
  }
  const counted = (counts[CORRECT] ?? 0) + (counts[ABOVE] ?? 0) + (counts[BELOW] ?? 0);
  await tx.execute(sql`update audit_result_summaries set counts = ${JSON.stringify(counts)}::jsonb,
      accuracy = ${counted === 0 ? null : (counts[CORRECT] ?? 0) / counted}, variance_units = ${formatQuantity(fromThousandths(units))}, variance_value = ${(value / 100).toFixed(2)}
    where audit_id = ${auditId}`);
}
