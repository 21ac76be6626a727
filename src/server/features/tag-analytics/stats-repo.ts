/**
 * Keeping the tag analytics aggregates (DESIGN.md section 11; docs/decisions/0040): two tables
 * derived from the result lines of complete audits, using the tags each line kept.
 *
 * - `tag_audit_stats`: one row per (audit, tag): audited lines, accurate lines, summed difference.
 * - `tag_product_stats`: one row per (tag, product): parallel arrays of the product's audited
 *   lines under the tag (audit id, completion time, running count of accurate audits, running sum
 *   of differences), ordered by completion time, so a date range is two binary searches
 *   (`width_bucket`) per row and its figures two subscripts (docs/decisions/0041).
 *
 * `recordAuditTagStats` adds a just-completed audit, `forgetAuditTagStats` takes one out before
 * it is deleted, `rebuildTagStats` recomputes from the lines (the refresh call).
 */
import { sql, type SQL } from 'drizzle-orm';
import { runsOnPglite, type Db } from '../../db/client.js';
import { ACCURATE_CATEGORY, AUDITED_CATEGORIES } from '../../../domain/tag-analytics.js';
import { arrayLiteral } from '../products/pg-array.js';

const auditedCategories = sql`${arrayLiteral(AUDITED_CATEGORIES)}::text[]`;

/**
 * Audited lines of complete audits, one row per tag of the line (a line's tags are distinct and
 * non-empty: `lineTags` in audits/result-lines.ts).
 */
function auditedLineTags(where: SQL): SQL {
  return sql`
    FROM audit_result_lines AS l
    JOIN audits AS a ON a.id = l.audit_id AND a.status = 'complete' AND a.completed_at IS NOT NULL
    CROSS JOIN LATERAL unnest(l.tags) AS t(tag)
    WHERE l.product_id IS NOT NULL AND l.category = ANY(${auditedCategories}) AND ${where}`;
}

/**
 * Per-(audit, tag) rows of the audited lines matched by `lineWhere` (a condition on `l`), or of
 * those carrying `tag` only. The tags are unnested in the select list (one projection, not a
 * function scan per line) and the lines are grouped before the join to audits: 200,000 groups are
 * joined instead of 12 million (tag, line) pairs (docs/decisions/0071).
 */
function insertAuditStats(lineWhere: SQL, tag: string | null): SQL {
  return sql`
    INSERT INTO tag_audit_stats (organization_id, tag, audit_id, completed_at, audited_lines, accurate_lines, quantity_variance)
    SELECT s.organization_id, s.tag, s.audit_id, a.completed_at, s.audited, s.accurate, s.variance
    FROM (
      SELECT u.organization_id, u.tag, u.audit_id, count(*)::int AS audited, (count(*) FILTER (WHERE u.accurate))::int AS accurate,
        coalesce(sum(u.difference), 0)::int AS variance
      FROM (
        SELECT l.organization_id, unnest(l.tags) AS tag, l.audit_id, l.category = ${ACCURATE_CATEGORY} AS accurate, l.difference
        FROM audit_result_lines AS l
        WHERE l.product_id IS NOT NULL AND l.category = ANY(${auditedCategories}) AND ${lineWhere}
      ) AS u
      ${tag === null ? sql`` : sql`WHERE u.tag = ${tag}`}
      GROUP BY u.organization_id, u.tag, u.audit_id
    ) AS s
    JOIN audits AS a ON a.id = s.audit_id AND a.status = 'complete' AND a.completed_at IS NOT NULL
    ON CONFLICT DO NOTHING`;
}

/**
 * Adds a complete audit's audited lines to the aggregates. Called once when the audit completes,
 * in the transaction that stores its results; a second call for the same audit changes nothing.
 */
export async function recordAuditTagStats(db: Db, organizationId: string, auditId: string): Promise<void> {
  // Both tables are written in one transaction, so per-audit rows mean the audit is recorded (an
  // audit without them has no tagged audited line and nothing to add either).
  const recorded = await db.execute(sql`SELECT 1 FROM tag_audit_stats WHERE audit_id = ${auditId}::uuid LIMIT 1`);
  if ((recorded as unknown as { rows: unknown[] }).rows.length > 0) return;
  const where = sql`l.organization_id = ${organizationId}::uuid AND l.audit_id = ${auditId}::uuid`;
  await db.execute(insertAuditStats(where, null));
  // k = how many of the product's audits completed at or before this one: the insert position.
  const k = sql`width_bucket(excluded.completed_ats[1], s.completed_ats)`;
  const spliced = (column: string) => sql`s.${sql.raw(column)}[:${k}] || excluded.${sql.raw(column)} || s.${sql.raw(column)}[${k} + 1:]`;
  // A running total: the new element is the total before it plus its own value, and every later
  // element grows by that value (none in the usual case, where the audit is the latest).
  const splicedTotal = (column: string) => {
    const c = sql.raw(column);
    return sql`s.${c}[:${k}] || (coalesce(s.${c}[${k}], 0) + excluded.${c}[1]) || ${shifted(sql`s.${c}[${k} + 1:]`, sql`excluded.${c}[1]`)}`;
  };
  const isLatest = sql`excluded.completed_ats[1] >= s.completed_ats[cardinality(s.completed_ats)]`;
  await db.execute(sql`
    INSERT INTO tag_product_stats AS s (organization_id, tag, product_id, sku, product_name, audit_ids, completed_ats, last_completed_at,
      accurate_counts, variance_sums)
    SELECT l.organization_id, t.tag, l.product_id, l.sku, l.product_name, ARRAY[l.audit_id], ARRAY[a.completed_at], a.completed_at,
      ARRAY[(l.category = ${ACCURATE_CATEGORY})::int], ARRAY[coalesce(l.difference, 0)]
    ${auditedLineTags(where)}
    ON CONFLICT (organization_id, tag, product_id) DO UPDATE SET
      audit_ids = ${spliced('audit_ids')},
      completed_ats = ${spliced('completed_ats')},
      last_completed_at = greatest(s.last_completed_at, excluded.last_completed_at),
      accurate_counts = ${splicedTotal('accurate_counts')},
      variance_sums = ${splicedTotal('variance_sums')},
      sku = CASE WHEN ${isLatest} THEN excluded.sku ELSE s.sku END,
      product_name = CASE WHEN ${isLatest} THEN excluded.product_name ELSE s.product_name END`);
}

/** `totals` (an int[] slice) with `by` added to every element, order kept; empty stays empty. */
function shifted(totals: SQL, by: SQL): SQL {
  return sql`CASE WHEN cardinality(${totals}) = 0 THEN '{}'::int[] ELSE ARRAY(
    SELECT u.x + ${by} FROM unnest(${totals}) WITH ORDINALITY AS u(x, i) ORDER BY u.i) END`;
}

/**
 * Takes an audit out of the per-product arrays (its per-audit rows go with it by foreign key).
 * Called right before the audit is deleted, in the same transaction.
 */
export async function forgetAuditTagStats(db: Db, organizationId: string, auditId: string): Promise<void> {
  const without = (column: string) => sql`s.${sql.raw(column)}[:h.k - 1] || s.${sql.raw(column)}[h.k + 1:]`;
  // Later running totals lose the removed audit's own value (its total minus the one before).
  const withoutTotal = (column: string) => {
    const c = sql.raw(column);
    return sql`s.${c}[:h.k - 1] || ${shifted(sql`s.${c}[h.k + 1:]`, sql`(coalesce(s.${c}[h.k - 1], 0) - s.${c}[h.k])`)}`;
  };
  // The rows holding the audit are those of its audited lines' (tag, product) pairs: found through
  // its lines (still there: the audit is deleted after this), not by searching every row's ids.
  const keys = sql`SELECT DISTINCT t.tag, l.product_id
    ${auditedLineTags(sql`l.organization_id = ${organizationId}::uuid AND l.audit_id = ${auditId}::uuid`)}`;
  await db.execute(sql`
    WITH h AS (
      SELECT s.tag, s.product_id, array_position(s.audit_ids, ${auditId}::uuid) AS k
      FROM tag_product_stats AS s JOIN (${keys}) AS keys ON s.tag = keys.tag AND s.product_id = keys.product_id
      WHERE s.organization_id = ${organizationId}::uuid
    )
    UPDATE tag_product_stats AS s SET
      audit_ids = ${without('audit_ids')},
      completed_ats = ${without('completed_ats')},
      -- A row left empty keeps its old time until the delete below.
      last_completed_at = CASE WHEN h.k = cardinality(s.completed_ats) THEN coalesce(s.completed_ats[h.k - 1], s.last_completed_at)
        ELSE s.last_completed_at END,
      accurate_counts = ${withoutTotal('accurate_counts')},
      variance_sums = ${withoutTotal('variance_sums')}
    FROM h
    WHERE s.organization_id = ${organizationId}::uuid AND s.tag = h.tag AND s.product_id = h.product_id AND h.k IS NOT NULL`);
  await db.execute(sql`
    DELETE FROM tag_product_stats AS s USING (${keys}) AS keys
    WHERE s.organization_id = ${organizationId}::uuid AND s.tag = keys.tag AND s.product_id = keys.product_id
      AND cardinality(s.completed_ats) = 0`);
}

/**
 * The (tag, product) rows of the lines matched by `where` (over `auditedLineTags`): one sort of
 * every (tag, line) pair by tag, product and completion. array_agg keeps the order of its sorted
 * input (PostgreSQL documents ordering by a subquery); the running totals are window sums in that
 * same order.
 */
function insertProductStatsPerTag(where: SQL): SQL {
  return sql`
    INSERT INTO tag_product_stats (organization_id, tag, product_id, sku, product_name, audit_ids, completed_ats, last_completed_at,
      accurate_counts, variance_sums)
    SELECT s.organization_id, s.tag, s.product_id, (array_agg(s.sku))[count(*)], (array_agg(s.product_name))[count(*)],
      array_agg(s.audit_id), array_agg(s.completed_at), max(s.completed_at), array_agg(s.accurate_count), array_agg(s.variance_sum)
    FROM (
      SELECT l.organization_id, t.tag, l.product_id, l.sku, l.product_name, l.audit_id, a.completed_at,
        (sum((l.category = ${ACCURATE_CATEGORY})::int) OVER w)::int AS accurate_count,
        (sum(coalesce(l.difference, 0)) OVER w)::int AS variance_sum
      ${auditedLineTags(where)}
      WINDOW w AS (PARTITION BY t.tag, l.product_id ORDER BY a.completed_at, l.audit_id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
      ORDER BY t.tag, l.product_id, a.completed_at, l.audit_id
    ) AS s
    GROUP BY s.organization_id, s.tag, s.product_id`;
}

/**
 * Every (tag, product) row of the organisation whose product's audited lines all kept the same
 * tags (the usual case): the lines are sorted once by product and completion (not by their tags:
 * comparing text arrays in a sort compares their text by collation, most of the sort's time), the
 * product's arrays are built once and written under each of its tags (docs/decisions/0070, 0071).
 * Answers the products whose lines kept different tags from one audit to another: their per-tag
 * arrays differ, and are left to `insertProductStatsPerTag`.
 */
async function insertProductStatsPerProduct(db: Db, organizationId: string): Promise<string[]> {
  const result = await db.execute(sql`
    WITH runs AS (
      -- One row per product: its lines in completion order, and whether they all kept the tags
      -- of its first line (array equality compares bytes, no collation).
      SELECT s.product_id, max(s.first_tags) AS tags, bool_and(s.tags = s.first_tags) AS same_tags,
        (array_agg(s.sku))[count(*)] AS sku, (array_agg(s.product_name))[count(*)] AS product_name,
        array_agg(s.audit_id) AS audit_ids, array_agg(s.completed_at) AS completed_ats, max(s.completed_at) AS last_completed_at,
        array_agg(s.accurate_count) AS accurate_counts, array_agg(s.variance_sum) AS variance_sums
      FROM (
        SELECT l.product_id, l.tags, first_value(l.tags) OVER w AS first_tags, l.sku, l.product_name, l.audit_id, a.completed_at,
          (sum((l.category = ${ACCURATE_CATEGORY})::int) OVER w)::int AS accurate_count,
          (sum(coalesce(l.difference, 0)) OVER w)::int AS variance_sum
        FROM audit_result_lines AS l
        JOIN audits AS a ON a.id = l.audit_id AND a.status = 'complete' AND a.completed_at IS NOT NULL
        WHERE l.organization_id = ${organizationId}::uuid AND l.product_id IS NOT NULL AND cardinality(l.tags) > 0
          AND l.category = ANY(${auditedCategories})
        WINDOW w AS (PARTITION BY l.product_id ORDER BY a.completed_at, l.audit_id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
        ORDER BY l.product_id, a.completed_at, l.audit_id
      ) AS s
      GROUP BY s.product_id
    ), written AS (
      INSERT INTO tag_product_stats (organization_id, tag, product_id, sku, product_name, audit_ids, completed_ats, last_completed_at,
        accurate_counts, variance_sums)
      SELECT ${organizationId}::uuid, t.tag, r.product_id, r.sku, r.product_name, r.audit_ids, r.completed_ats, r.last_completed_at,
        r.accurate_counts, r.variance_sums
      FROM runs AS r CROSS JOIN LATERAL unnest(r.tags) AS t(tag)
      WHERE r.same_tags
      -- Written in key order, as the per-tag sort wrote them: a tag's rows side by side for the
      -- detail page (docs/decisions/0041), not spread over the table in product order.
      ORDER BY t.tag, r.product_id
    )
    SELECT product_id::text AS "productId" FROM runs WHERE NOT same_tags`);
  return (result as unknown as { rows: Array<{ productId: string }> }).rows.map((r) => r.productId);
}

/**
 * Recomputes the organisation's aggregates of one tag (or of every tag) from the result lines,
 * in one transaction: readers see the old figures or the new ones, never a mix. Every tag: the
 * product-first sort of `insertProductStatsPerProduct`, then the per-tag sort for the few products
 * whose lines kept different tags; one tag: the per-tag sort over that tag's lines.
 */
export async function rebuildTagStats(db: Db, organizationId: string, tag: string | null): Promise<void> {
  const org = sql`organization_id = ${organizationId}::uuid`;
  const onlyTag = tag === null ? sql`` : sql` AND tag = ${tag}`;
  const lineOrg = sql`l.organization_id = ${organizationId}::uuid`;
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    // One sort of the audited lines (5 million at the bench's size) held in memory rather than
    // merged on disk on the PostgreSQL server; on PGlite that memory would be the app server's
    // own, never given back (WebAssembly), so it stays modest there. Compiling the sort to
    // machine code costs more than it saves.
    await tx.execute(runsOnPglite(tx) ? sql`SET LOCAL work_mem = '64MB'` : sql`SET LOCAL work_mem = '1GB'`);
    await tx.execute(sql`SET LOCAL jit = off`);
    await tx.execute(sql`DELETE FROM tag_audit_stats WHERE ${org}${onlyTag}`);
    await tx.execute(sql`DELETE FROM tag_product_stats WHERE ${org}${onlyTag}`);
    if (tag !== null) {
      await tx.execute(insertAuditStats(sql`${lineOrg} AND l.tags @> ARRAY[${tag}]::text[]`, tag));
      const where = sql`${lineOrg} AND l.tags @> ARRAY[${tag}]::text[] AND t.tag = ${tag}`;
      await tx.execute(insertProductStatsPerTag(where));
      return;
    }
    await tx.execute(insertAuditStats(lineOrg, null));
    const mixed = await insertProductStatsPerProduct(tx, organizationId);
    if (mixed.length > 0) {
      await tx.execute(insertProductStatsPerTag(sql`${lineOrg} AND l.product_id = ANY(${arrayLiteral(mixed)}::uuid[])`));
    }
  });
}
