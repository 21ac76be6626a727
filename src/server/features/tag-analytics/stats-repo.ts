/**
 * Keeping the tag analytics aggregates (DESIGN.md section 11; docs/decisions/0040): two tables
 * derived from the result lines of complete audits, using the tags each line kept.
 *
 * - `tag_audit_stats`: one row per (audit, tag): audited lines, accurate lines, summed difference.
 * - `tag_product_stats`: one row per (tag, product): parallel arrays of the product's audited
 *   lines under the tag (audit id, completion time, accurate, difference), ordered by completion
 *   time, so a date range is two binary searches (`width_bucket`) per row.
 *
 * `recordAuditTagStats` adds a just-completed audit, `forgetAuditTagStats` takes one out before
 * it is deleted, `rebuildTagStats` recomputes from the lines (the refresh call).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
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

function insertAuditStats(where: SQL): SQL {
  return sql`
    INSERT INTO tag_audit_stats (organization_id, tag, audit_id, completed_at, audited_lines, accurate_lines, quantity_variance)
    SELECT l.organization_id, t.tag, l.audit_id, a.completed_at, count(*)::int,
      (count(*) FILTER (WHERE l.category = ${ACCURATE_CATEGORY}))::int, coalesce(sum(l.difference), 0)::int
    ${auditedLineTags(where)}
    GROUP BY l.organization_id, t.tag, l.audit_id, a.completed_at
    ON CONFLICT DO NOTHING`;
}

/**
 * Adds a complete audit's audited lines to the aggregates. Called once when the audit completes,
 * in the transaction that stores its results; a second call for the same audit changes nothing.
 */
export async function recordAuditTagStats(db: Db, organizationId: string, auditId: string): Promise<void> {
  const where = sql`l.organization_id = ${organizationId}::uuid AND l.audit_id = ${auditId}::uuid`;
  await db.execute(insertAuditStats(where));
  // k = how many of the product's audits completed at or before this one: the insert position.
  const k = sql`width_bucket(excluded.completed_ats[1], s.completed_ats)`;
  const spliced = (column: string) => sql`s.${sql.raw(column)}[:${k}] || excluded.${sql.raw(column)} || s.${sql.raw(column)}[${k} + 1:]`;
  const isLatest = sql`excluded.completed_ats[1] >= s.completed_ats[cardinality(s.completed_ats)]`;
  await db.execute(sql`
    INSERT INTO tag_product_stats AS s (organization_id, tag, product_id, sku, product_name, audit_ids, completed_ats, accurate, differences)
    SELECT l.organization_id, t.tag, l.product_id, l.sku, l.product_name, ARRAY[l.audit_id], ARRAY[a.completed_at],
      ARRAY[l.category = ${ACCURATE_CATEGORY}], ARRAY[coalesce(l.difference, 0)]
    ${auditedLineTags(where)}
    ON CONFLICT (organization_id, tag, product_id) DO UPDATE SET
      audit_ids = ${spliced('audit_ids')},
      completed_ats = ${spliced('completed_ats')},
      accurate = ${spliced('accurate')},
      differences = ${spliced('differences')},
      sku = CASE WHEN ${isLatest} THEN excluded.sku ELSE s.sku END,
      product_name = CASE WHEN ${isLatest} THEN excluded.product_name ELSE s.product_name END
    WHERE NOT (s.audit_ids @> excluded.audit_ids)`);
}

/**
 * Takes an audit out of the per-product arrays (its per-audit rows go with it by foreign key).
 * Called right before the audit is deleted, in the same transaction.
 */
export async function forgetAuditTagStats(db: Db, organizationId: string, auditId: string): Promise<void> {
  const without = (column: string) => sql`s.${sql.raw(column)}[:h.k - 1] || s.${sql.raw(column)}[h.k + 1:]`;
  await db.execute(sql`
    WITH h AS (
      SELECT tag, product_id, array_position(audit_ids, ${auditId}::uuid) AS k
      FROM tag_product_stats
      WHERE organization_id = ${organizationId}::uuid AND audit_ids @> ARRAY[${auditId}::uuid]
    )
    UPDATE tag_product_stats AS s SET
      audit_ids = ${without('audit_ids')},
      completed_ats = ${without('completed_ats')},
      accurate = ${without('accurate')},
      differences = ${without('differences')}
    FROM h
    WHERE s.organization_id = ${organizationId}::uuid AND s.tag = h.tag AND s.product_id = h.product_id`);
  await db.execute(sql`
    DELETE FROM tag_product_stats WHERE organization_id = ${organizationId}::uuid AND cardinality(audit_ids) = 0`);
}

/**
 * Recomputes the organisation's aggregates of one tag (or of every tag) from the result lines,
 * in one transaction: readers see the old figures or the new ones, never a mix.
 */
export async function rebuildTagStats(db: Db, organizationId: string, tag: string | null): Promise<void> {
  const org = sql`organization_id = ${organizationId}::uuid`;
  const onlyTag = tag === null ? sql`` : sql` AND tag = ${tag}`;
  const where =
    tag === null
      ? sql`l.organization_id = ${organizationId}::uuid`
      : sql`l.organization_id = ${organizationId}::uuid AND l.tags @> ARRAY[${tag}]::text[] AND t.tag = ${tag}`;
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    // One big sort; compiling it to machine code costs more than it saves.
    await tx.execute(sql`SET LOCAL work_mem = '256MB'`);
    await tx.execute(sql`SET LOCAL jit = off`);
    await tx.execute(sql`DELETE FROM tag_audit_stats WHERE ${org}${onlyTag}`);
    await tx.execute(sql`DELETE FROM tag_product_stats WHERE ${org}${onlyTag}`);
    await tx.execute(insertAuditStats(where));
    // array_agg keeps the order of its sorted input (PostgreSQL documents ordering by a subquery).
    await tx.execute(sql`
      INSERT INTO tag_product_stats (organization_id, tag, product_id, sku, product_name, audit_ids, completed_ats, accurate, differences)
      SELECT s.organization_id, s.tag, s.product_id, (array_agg(s.sku))[count(*)], (array_agg(s.product_name))[count(*)],
        array_agg(s.audit_id), array_agg(s.completed_at), array_agg(s.accurate), array_agg(s.difference)
      FROM (
        SELECT l.organization_id, t.tag, l.product_id, l.sku, l.product_name, l.audit_id, a.completed_at,
          l.category = ${ACCURATE_CATEGORY} AS accurate, coalesce(l.difference, 0) AS difference
        ${auditedLineTags(where)}
        ORDER BY t.tag, l.product_id, a.completed_at, l.audit_id
      ) AS s
      GROUP BY s.organization_id, s.tag, s.product_id`);
  });
}
