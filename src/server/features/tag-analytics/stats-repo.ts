/**
 * Keeping the tag analytics aggregates (DESIGN.md section 11; docs/decisions/0040): tables
 * derived from the result lines of complete audits, using the tags each line kept.
 *
 * - `tag_audit_numbers`: the organisation's complete audits numbered in completion order
 *   (completed_at, then id); numbers are not dense (docs/decisions/0071).
 * - `tag_audit_stats`: one row per (audit, tag): audited lines, accurate lines, summed difference,
 *   and `latest_products`, the products whose latest audited line under the tag is in that audit
 *   (summed over the audits completed since a date: the products audited since then;
 *   docs/decisions/0098).
 * - `tag_product_stats`: one row per (tag, product): parallel arrays of the product's audited
 *   lines under the tag (audit number, running count of accurate audits, running sum of
 *   differences), ordered by audit number, so a date range (a number range) is two binary searches
 *   (`width_bucket`) per row and its figures two subscripts (docs/decisions/0041).
 * - `tag_product_audit_numbers`: each of those rows' audit numbers alone, written by the same
 *   statements (so always equal): what the list over a range ending in the past reads, about a
 *   quarter of the wide rows' bytes (docs/decisions/0156).
 *
 * `recordAuditTagStats` adds a just-completed audit, `forgetAuditTagStats` takes one out before
 * it is deleted, `replaceAuditTagStats` keeps them exact while an audit's lines are replaced
 * (recompute, apply), `rebuildTagStats` recomputes from the lines (the rebuild job,
 * docs/decisions/0130). Each runs in the caller's transaction (the app's completion and deletion,
 * or its own for the rebuild) and moves the organisation's version (`tag_stats_versions`,
 * docs/decisions/0129), which `readTagStatsVersion` answers.
 */
import { sql, type SQL } from 'drizzle-orm';
import { runsOnPglite, type Db } from '../../db/client.js';
import { ACCURATE_CATEGORY, AUDITED_CATEGORIES } from '../../../domain/tag-analytics.js';
import { arrayLiteral } from '../products/pg-array.js';

/**
 * The steps of a rebuild of every tag in order, each with the share (%) of a rebuild's time done
 * when it starts, as measured by bench:tags at 5 million lines (docs/decisions/0130): what the
 * rebuild job reports as progress.
 */
export const TAG_REBUILD_STEPS = { numbering: 0, products: 1, mixedProducts: 45, audits: 50 } as const;
export type TagRebuildStep = keyof typeof TAG_REBUILD_STEPS;

const auditedCategories = sql`${arrayLiteral(AUDITED_CATEGORIES)}::text[]`;

/**
 * Audited lines of complete, numbered audits (`n`: the audit's number and completion time), one
 * row per tag of the line (a line's tags are distinct and non-empty: `lineTags` in
 * audits/result-lines.ts).
 */
function auditedLineTags(where: SQL): SQL {
  return sql`
    FROM audit_result_lines AS l
    JOIN audits AS a ON a.id = l.audit_id AND a.status = 'complete' AND a.completed_at IS NOT NULL
    JOIN tag_audit_numbers AS n ON n.audit_id = l.audit_id
    CROSS JOIN LATERAL unnest(l.tags) AS t(tag)
    WHERE l.product_id IS NOT NULL AND l.category = ANY(${auditedCategories}) AND ${where}`;
}

/**
 * The sums per (audit, tag) of the audited lines matched by `lineWhere` (a condition on `l`), or
 * of those carrying `tag` only: rows `(audit_id, tag, audited, accurate, variance)`. The tags are
 * unnested in the select list (one projection, not a function scan per line) and the lines are
 * grouped before any join to audits: 200,000 groups are joined instead of 12 million (tag, line)
 * pairs (docs/decisions/0071). The key is the audit and the tag alone (the callers' lines are one
 * organisation's): the fewer bytes hashed per pair, the less of the rebuild's largest step.
 */
function auditStatsGroups(lineWhere: SQL, tag: string | null): SQL {
  return sql`
    SELECT u.audit_id, u.tag, count(*)::int AS audited, (count(*) FILTER (WHERE u.accurate))::int AS accurate,
      coalesce(sum(u.difference), 0) AS variance
    FROM (
      SELECT unnest(l.tags) AS tag, l.audit_id, l.category = ${ACCURATE_CATEGORY} AS accurate, l.difference
      FROM audit_result_lines AS l
      WHERE l.product_id IS NOT NULL AND l.category = ANY(${auditedCategories}) AND ${lineWhere}
    ) AS u
    ${tag === null ? sql`` : sql`WHERE u.tag = ${tag}`}
    GROUP BY u.audit_id, u.tag`;
}

/**
 * Writes the organisation's `tag_audit_stats` rows of `groups` (rows as `auditStatsGroups`
 * answers them) for the complete audits among them. No ON CONFLICT clause (a speculative insert
 * per row): the callers write an audit's rows once, under the numbering lock. `latest_products`
 * is 0, or taken from `latest` (rows `(tag, audit_id, n)`) when given.
 */
function insertAuditStats(organizationId: string, groups: SQL, latest: SQL | null = null): SQL {
  return sql`
    INSERT INTO tag_audit_stats (organization_id, tag, audit_id, completed_at, audited_lines, accurate_lines, quantity_variance,
      latest_products)
    SELECT ${organizationId}::uuid, s.tag, s.audit_id, a.completed_at, s.audited, s.accurate, s.variance, ${latest === null ? sql`0` : sql`coalesce(lp.n, 0)`}
    FROM (${groups}) AS s
    JOIN audits AS a ON a.id = s.audit_id AND a.status = 'complete' AND a.completed_at IS NOT NULL
    ${latest === null ? sql`` : sql`LEFT JOIN (${latest}) AS lp ON lp.tag = s.tag AND lp.audit_id = s.audit_id`}`;
}

/**
 * Per (tag, audit): how many of the organisation's `tag_product_stats` rows (of `tag` only, when
 * given) have that audit as their latest, `(tag, audit_id, n)`: the `latest_products` of a
 * rebuild, read from the audit numbers it has just written (the narrow copies: a quarter of the
 * bytes of the wide rows).
 */
function latestProductsByAudit(organizationId: string, tag: string | null): SQL {
  return sql`
    SELECT s.tag, p.audit_id, count(*)::int AS n
    FROM tag_product_audit_numbers AS s
    JOIN tag_audit_numbers AS p ON p.organization_id = s.organization_id AND p.number = s.audit_numbers[cardinality(s.audit_numbers)]
    WHERE s.organization_id = ${organizationId}::uuid${tag === null ? sql`` : sql` AND s.tag = ${tag}`}
    GROUP BY s.tag, p.audit_id`;
}

/**
 * Serialises the numbering of an organisation's audits (completion, deletion and refresh) until
 * the transaction ends; a no-op outside one (the caller's statements then run one by one).
 */
async function lockNumbers(db: Db, organizationId: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`tag_audit_numbers:${organizationId}`}, 0))`);
}

/**
 * One more on the organisation's aggregates version (`tag_stats_versions`), in the caller's
 * transaction: readers that remember a version know their figures are stale (docs/decisions/0129).
 */
async function bumpVersion(db: Db, organizationId: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO tag_stats_versions AS v (organization_id, version, changed_at) VALUES (${organizationId}::uuid, 1, now())
    ON CONFLICT (organization_id) DO UPDATE SET version = v.version + 1, changed_at = now()`);
}

/**
 * The version of the organisation's aggregates and when it last moved: `{ version: 0, changedAt:
 * null }` before any change since the versions were introduced (DESIGN.md section 11).
 */
export async function readTagStatsVersion(db: Db, organizationId: string): Promise<{ version: number; changedAt: Date | null }> {
  const [row] = (
    (await db.execute(sql`SELECT version, changed_at AS "changedAt" FROM tag_stats_versions WHERE organization_id = ${organizationId}::uuid`)) as unknown as {
      rows: Array<{ version: string | number; changedAt: string | Date }>;
    }
  ).rows;
  return row ? { version: Number(row.version), changedAt: new Date(row.changedAt) } : { version: 0, changedAt: null };
}

/**
 * Gives a complete audit its number: the next one when it completed after every numbered audit
 * (the usual case); otherwise the number of the first audit that completed after it, every later
 * number moving up by one in `tag_audit_numbers` and in the arrays (completion order must stay
 * number order). Answers null when the audit is not complete.
 */
async function numberAudit(db: Db, organizationId: string, auditId: string): Promise<number | null> {
  const org = sql`${organizationId}::uuid`;
  const [place] = (
    (await db.execute(sql`
      SELECT a.completed_at AS "completedAt",
        (SELECT min(n.number) FROM tag_audit_numbers AS n
          WHERE n.organization_id = ${org} AND (n.completed_at, n.audit_id) > (a.completed_at, a.id)) AS "later",
        (SELECT max(n.number) FROM tag_audit_numbers AS n WHERE n.organization_id = ${org}) AS "last"
      FROM audits AS a
      WHERE a.id = ${auditId}::uuid AND a.organization_id = ${org} AND a.status = 'complete' AND a.completed_at IS NOT NULL`)) as unknown as {
      rows: Array<{ completedAt: string | Date; later: number | null; last: number | null }>;
    }
  ).rows;
  if (!place) return null;
  let number = Number(place.last ?? 0) + 1;
  if (place.later !== null) {
    number = Number(place.later);
    await db.execute(sql`UPDATE tag_audit_numbers SET number = number + 1 WHERE organization_id = ${org} AND number >= ${number}`);
    for (const table of ['tag_product_stats', 'tag_product_audit_numbers']) {
      await db.execute(sql`
        UPDATE ${sql.raw(table)} SET audit_numbers = ARRAY(
          SELECT u.x + (u.x >= ${number})::int FROM unnest(audit_numbers) WITH ORDINALITY AS u(x, i) ORDER BY u.i)
        WHERE organization_id = ${org} AND audit_numbers[cardinality(audit_numbers)] >= ${number}`);
    }
  }
  await db.execute(sql`
    INSERT INTO tag_audit_numbers (organization_id, audit_id, number, completed_at)
    VALUES (${org}, ${auditId}::uuid, ${number}, ${new Date(place.completedAt).toISOString()}::timestamptz)`);
  return number;
}

/**
 * Adds a just-completed audit's audited lines to the aggregates. Called once when the audit
 * completes, in the transaction that stores its results; a second call for the same audit (or a
 * call for an audit that is not complete) changes nothing. `taggedLines`, when the caller knows
 * it (processing counts them as it writes the lines): 0 numbers the audit and moves the version
 * without reading its lines, which hold no tag to add.
 */
export async function recordAuditTagStats(db: Db, organizationId: string, auditId: string, opts: { taggedLines?: number } = {}): Promise<void> {
  await lockNumbers(db, organizationId);
  const recorded = await db.execute(sql`SELECT 1 FROM tag_audit_numbers WHERE audit_id = ${auditId}::uuid`);
  if ((recorded as unknown as { rows: unknown[] }).rows.length > 0) return;
  const number = await numberAudit(db, organizationId, auditId);
  if (number === null) return;
  await bumpVersion(db, organizationId);
  // No line carries a tag: nothing to add, and no reading of the audit's lines (docs/decisions/0151).
  if (opts.taggedLines === 0) return;
  const where = sql`l.organization_id = ${organizationId}::uuid AND l.audit_id = ${auditId}::uuid`;
  await db.execute(insertAuditStats(organizationId, auditStatsGroups(where, null)));
  // k = how many of the product's audits have a lower number: the insert position.
  const k = sql`width_bucket(excluded.audit_numbers[1], s.audit_numbers)`;
  const spliced = (column: string) => sql`s.${sql.raw(column)}[:${k}] || excluded.${sql.raw(column)} || s.${sql.raw(column)}[${k} + 1:]`;
  // A running total: the new element is the total before it plus its own value, and every later
  // element grows by that value (none in the usual case, where the audit is the latest).
  const splicedTotal = (column: string) => {
    const c = sql.raw(column);
    return sql`s.${c}[:${k}] || (coalesce(s.${c}[${k}], 0) + excluded.${c}[1]) || ${shifted(sql`s.${c}[${k} + 1:]`, sql`excluded.${c}[1]`)}`;
  };
  const isLatest = sql`excluded.audit_numbers[1] > s.audit_numbers[cardinality(s.audit_numbers)]`;
  // Each (tag, product) row of the audit, as written: where the audit is now the row's latest, it
  // was the latest audit before (`previous`, null for a new row) that had the row's product.
  // The audit's `latest_products` gains those rows and each previous latest audit loses them; an
  // audit completed out of order is not the latest of rows audited after it and changes nothing.
  // The two updates touch different rows: this audit's and those of audits numbered below it.
  const org = sql`${organizationId}::uuid`;
  await db.execute(sql`
    WITH written AS (
      INSERT INTO tag_product_stats AS s (organization_id, tag, product_id, sku, product_name, audit_numbers, last_completed_at,
        accurate_counts, variance_sums)
      SELECT l.organization_id, t.tag, l.product_id, l.sku, l.product_name, ARRAY[n.number], n.completed_at,
        ARRAY[(l.category = ${ACCURATE_CATEGORY})::int], ARRAY[coalesce(l.difference, 0)]
      ${auditedLineTags(where)}
      ON CONFLICT (organization_id, tag, product_id) DO UPDATE SET
        audit_numbers = ${spliced('audit_numbers')},
        last_completed_at = greatest(s.last_completed_at, excluded.last_completed_at),
        accurate_counts = ${splicedTotal('accurate_counts')},
        variance_sums = ${splicedTotal('variance_sums')},
        sku = CASE WHEN ${isLatest} THEN excluded.sku ELSE s.sku END,
        product_name = CASE WHEN ${isLatest} THEN excluded.product_name ELSE s.product_name END
      RETURNING s.tag, s.product_id, s.audit_numbers, s.audit_numbers[cardinality(s.audit_numbers)] = ${number} AS latest,
        s.audit_numbers[cardinality(s.audit_numbers) - 1] AS previous
    ), numbers AS (
      -- The rows' audit numbers as written, into their narrow copies (docs/decisions/0156).
      INSERT INTO tag_product_audit_numbers AS x (organization_id, tag, product_id, audit_numbers)
      SELECT ${org}, w.tag, w.product_id, w.audit_numbers FROM written AS w
      ON CONFLICT (organization_id, tag, product_id) DO UPDATE SET audit_numbers = excluded.audit_numbers
    ), moved AS (
      SELECT tag, previous FROM written WHERE latest
    ), gained AS (
      UPDATE tag_audit_stats AS ts SET latest_products = ts.latest_products + g.n
      FROM (SELECT tag, count(*)::int AS n FROM moved GROUP BY tag) AS g
      WHERE ts.audit_id = ${auditId}::uuid AND ts.tag = g.tag
    )
    UPDATE tag_audit_stats AS ts SET latest_products = ts.latest_products - g.n
    FROM (
      SELECT m.tag, p.audit_id, count(*)::int AS n
      FROM moved AS m JOIN tag_audit_numbers AS p ON p.organization_id = ${org} AND p.number = m.previous
      GROUP BY m.tag, p.audit_id
    ) AS g
    WHERE ts.audit_id = g.audit_id AND ts.tag = g.tag`);
}

/** `totals` (an int[] or numeric[] slice) with `by` added to every element, order kept; empty stays empty. */
function shifted(totals: SQL, by: SQL): SQL {
  return sql`CASE WHEN cardinality(${totals}) = 0 THEN '{}' ELSE ARRAY(
    SELECT u.x + ${by} FROM unnest(${totals}) WITH ORDINALITY AS u(x, i) ORDER BY u.i) END`;
}

/**
 * Takes an audit out of the per-product arrays (its per-audit rows and its number go with it by
 * foreign key). Called right before the audit is deleted, in the same transaction.
 */
export async function forgetAuditTagStats(db: Db, organizationId: string, auditId: string): Promise<void> {
  await lockNumbers(db, organizationId);
  await takeOutAudit(db, organizationId, auditId);
}

/**
 * Keeps the aggregates exact while a complete audit's result lines are replaced (a recompute, or
 * an apply that rewrites them): takes the audit out through its current lines, lets
 * `replaceLines` write the new ones (and, when it changes, the audit's completion time), then
 * adds the audit back from its new lines as a completion would. Runs in the caller's
 * transaction, which `replaceLines` must use; an audit that is not complete is only passed
 * through (nothing to keep until it completes). Answers what `replaceLines` answers.
 */
export async function replaceAuditTagStats<T>(db: Db, organizationId: string, auditId: string, replaceLines: () => Promise<T>): Promise<T> {
  await lockNumbers(db, organizationId);
  if (await takeOutAudit(db, organizationId, auditId)) {
    // Its own (tag, audit) rows and its number go too: recorded afresh from the new lines.
    await db.execute(sql`DELETE FROM tag_audit_stats WHERE audit_id = ${auditId}::uuid AND organization_id = ${organizationId}::uuid`);
    await db.execute(sql`DELETE FROM tag_audit_numbers WHERE audit_id = ${auditId}::uuid AND organization_id = ${organizationId}::uuid`);
  }
  const replaced = await replaceLines();
  await recordAuditTagStats(db, organizationId, auditId);
  return replaced;
}

/**
 * The arrays' part of taking an audit out (under the caller's numbering lock): answers false when
 * the audit has no number (not complete, or already out), true after taking it out.
 */
async function takeOutAudit(db: Db, organizationId: string, auditId: string): Promise<boolean> {
  const [numbered] = (
    (await db.execute(
      sql`SELECT number FROM tag_audit_numbers WHERE audit_id = ${auditId}::uuid AND organization_id = ${organizationId}::uuid`,
    )) as unknown as { rows: Array<{ number: number }> }
  ).rows;
  if (!numbered) return false;
  await bumpVersion(db, organizationId);
  const without = (column: string) => sql`s.${sql.raw(column)}[:h.k - 1] || s.${sql.raw(column)}[h.k + 1:]`;
  // Later running totals lose the removed audit's own value (its total minus the one before).
  const withoutTotal = (column: string) => {
    const c = sql.raw(column);
    return sql`s.${c}[:h.k - 1] || ${shifted(sql`s.${c}[h.k + 1:]`, sql`(coalesce(s.${c}[h.k - 1], 0) - s.${c}[h.k])`)}`;
  };
  // The rows holding the audit are those of its audited lines' (tag, product) pairs: found through
  // its lines (still there: the audit is deleted after this), not by searching every row's numbers.
  const keys = sql`SELECT DISTINCT t.tag, l.product_id
    ${auditedLineTags(sql`l.organization_id = ${organizationId}::uuid AND l.audit_id = ${auditId}::uuid`)}`;
  // Where the audit was a row's latest (its place k was the last), the audit before it, now the
  // row's last, becomes the latest: that audit's latest_products gains the row (this audit's own
  // tag_audit_stats rows go with it; a row left empty has no latest).
  await db.execute(sql`
    WITH h AS (
      SELECT s.tag, s.product_id, array_position(s.audit_numbers, ${Number(numbered.number)}) AS k
      FROM tag_product_stats AS s JOIN (${keys}) AS keys ON s.tag = keys.tag AND s.product_id = keys.product_id
      WHERE s.organization_id = ${organizationId}::uuid
    ), updated AS (
      UPDATE tag_product_stats AS s SET
        audit_numbers = ${without('audit_numbers')},
        -- The latest audit removed: the one before it is the latest (a row left empty keeps its old
        -- time until the delete below).
        last_completed_at = CASE WHEN h.k = cardinality(s.audit_numbers) THEN coalesce(
            (SELECT p.completed_at FROM tag_audit_numbers AS p
              WHERE p.organization_id = ${organizationId}::uuid AND p.number = s.audit_numbers[h.k - 1]),
            s.last_completed_at)
          ELSE s.last_completed_at END,
        accurate_counts = ${withoutTotal('accurate_counts')},
        variance_sums = ${withoutTotal('variance_sums')}
      FROM h
      WHERE s.organization_id = ${organizationId}::uuid AND s.tag = h.tag AND s.product_id = h.product_id AND h.k IS NOT NULL
      RETURNING s.tag, s.product_id, s.audit_numbers, h.k = cardinality(s.audit_numbers) + 1 AS was_latest,
        s.audit_numbers[cardinality(s.audit_numbers)] AS latest
    ), numbers AS (
      UPDATE tag_product_audit_numbers AS x SET audit_numbers = u.audit_numbers
      FROM updated AS u
      WHERE x.organization_id = ${organizationId}::uuid AND x.tag = u.tag AND x.product_id = u.product_id
    )
    UPDATE tag_audit_stats AS ts SET latest_products = ts.latest_products + g.n
    FROM (
      SELECT u.tag, p.audit_id, count(*)::int AS n
      FROM updated AS u JOIN tag_audit_numbers AS p ON p.organization_id = ${organizationId}::uuid AND p.number = u.latest
      WHERE u.was_latest
      GROUP BY u.tag, p.audit_id
    ) AS g
    WHERE ts.audit_id = g.audit_id AND ts.tag = g.tag`);
  await db.execute(sql`
    WITH emptied AS (
      DELETE FROM tag_product_stats AS s USING (${keys}) AS keys
      WHERE s.organization_id = ${organizationId}::uuid AND s.tag = keys.tag AND s.product_id = keys.product_id
        AND cardinality(s.audit_numbers) = 0
      RETURNING s.tag, s.product_id
    )
    DELETE FROM tag_product_audit_numbers AS x USING emptied AS e
    WHERE x.organization_id = ${organizationId}::uuid AND x.tag = e.tag AND x.product_id = e.product_id`);
  return true;
}

/**
 * The (tag, product) rows of the lines matched by `where` (over `auditedLineTags`): one sort of
 * every (tag, line) pair by tag, product and audit number. array_agg keeps the order of its sorted
 * input (PostgreSQL documents ordering by a subquery); the running totals are window sums in that
 * same order. The rows' audit numbers go to their narrow copies as they are written.
 */
function insertProductStatsPerTag(where: SQL): SQL {
  return sql`
    WITH written AS (
      INSERT INTO tag_product_stats (organization_id, tag, product_id, sku, product_name, audit_numbers, last_completed_at,
        accurate_counts, variance_sums)
      SELECT s.organization_id, s.tag, s.product_id, (array_agg(s.sku))[count(*)], (array_agg(s.product_name))[count(*)],
        array_agg(s.number), max(s.completed_at), array_agg(s.accurate_count), array_agg(s.variance_sum)
      FROM (
        SELECT l.organization_id, t.tag, l.product_id, l.sku, l.product_name, n.number, n.completed_at,
          (sum((l.category = ${ACCURATE_CATEGORY})::int) OVER w)::int AS accurate_count,
          (sum(coalesce(l.difference, 0)) OVER w) AS variance_sum
        ${auditedLineTags(where)}
        WINDOW w AS (PARTITION BY t.tag, l.product_id ORDER BY n.number ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
        ORDER BY t.tag, l.product_id, n.number
      ) AS s
      GROUP BY s.organization_id, s.tag, s.product_id
      RETURNING organization_id, tag, product_id, audit_numbers
    )
    INSERT INTO tag_product_audit_numbers (organization_id, tag, product_id, audit_numbers) SELECT * FROM written`;
}

/**
 * Every (tag, product) row of the organisation whose product's audited lines all kept the same
 * tags (the usual case): the lines are sorted once by product and audit number (not by their
 * tags: comparing text arrays in a sort compares their text by collation, most of the sort's
 * time), the product's arrays are built once and written under each of its tags
 * (docs/decisions/0070, 0071). Answers the products whose lines kept different tags from one
 * audit to another: their per-tag arrays differ, and are left to `insertProductStatsPerTag`.
 * Expects the audits numbered (`tag_audit_numbers` holds exactly the complete audits).
 */
async function insertProductStatsPerProduct(db: Db, organizationId: string): Promise<string[]> {
  const result = await db.execute(sql`
    WITH runs AS (
      -- One row per product: its lines in audit order, and whether they all kept the tags of its
      -- first line (array equality compares bytes, no collation).
      SELECT s.product_id, max(s.first_tags) AS tags, bool_and(s.tags = s.first_tags) AS same_tags,
        (array_agg(s.sku))[count(*)] AS sku, (array_agg(s.product_name))[count(*)] AS product_name,
        array_agg(s.number) AS audit_numbers, max(s.completed_at) AS last_completed_at,
        array_agg(s.accurate_count) AS accurate_counts, array_agg(s.variance_sum) AS variance_sums
      FROM (
        SELECT l.product_id, l.tags, first_value(l.tags) OVER w AS first_tags, l.sku, l.product_name, n.number, n.completed_at,
          (sum((l.category = ${ACCURATE_CATEGORY})::int) OVER w)::int AS accurate_count,
          (sum(coalesce(l.difference, 0)) OVER w) AS variance_sum
        FROM audit_result_lines AS l
        JOIN tag_audit_numbers AS n ON n.audit_id = l.audit_id
        WHERE l.organization_id = ${organizationId}::uuid AND l.product_id IS NOT NULL AND cardinality(l.tags) > 0
          AND l.category = ANY(${auditedCategories})
        WINDOW w AS (PARTITION BY l.product_id ORDER BY n.number ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
        ORDER BY l.product_id, n.number
      ) AS s
      GROUP BY s.product_id
    ), written AS (
      INSERT INTO tag_product_stats (organization_id, tag, product_id, sku, product_name, audit_numbers, last_completed_at,
        accurate_counts, variance_sums)
      SELECT ${organizationId}::uuid, t.tag, r.product_id, r.sku, r.product_name, r.audit_numbers, r.last_completed_at,
        r.accurate_counts, r.variance_sums
      FROM runs AS r CROSS JOIN LATERAL unnest(r.tags) AS t(tag)
      WHERE r.same_tags
      -- Written in key order, as the per-tag sort wrote them: a tag's rows side by side for the
      -- detail page (docs/decisions/0041), not spread over the table in product order.
      ORDER BY t.tag, r.product_id
    ), numbers AS (
      -- Their audit numbers alone, in the same order (docs/decisions/0156).
      INSERT INTO tag_product_audit_numbers (organization_id, tag, product_id, audit_numbers)
      SELECT ${organizationId}::uuid, t.tag, r.product_id, r.audit_numbers
      FROM runs AS r CROSS JOIN LATERAL unnest(r.tags) AS t(tag)
      WHERE r.same_tags
      ORDER BY t.tag, r.product_id
    )
    SELECT product_id::text AS "productId" FROM runs WHERE NOT same_tags`);
  return (result as unknown as { rows: Array<{ productId: string }> }).rows.map((r) => r.productId);
}

/**
 * Recomputes the organisation's aggregates of one tag (or of every tag) from the result lines,
 * in one transaction: readers see the old figures or the new ones, never a mix. Every tag: the
 * audits numbered afresh (dense, in completion order), then the product-first sort of
 * `insertProductStatsPerProduct` and the per-tag sort for the few products whose lines kept
 * different tags; one tag: complete audits without a number get one (`numberAudit`), then the
 * per-tag sort over that tag's lines. In both, the (tag, audit) rows come last, their
 * `latest_products` counted from the product rows just written; for every tag their sums are
 * first made into a temporary table, which PostgreSQL may fill with parallel workers
 * (docs/decisions/0145). `onStep` hears each step as it
 * starts (`TAG_REBUILD_STEPS`, for the rebuild job's progress); it runs between the transaction's
 * statements and must not use the transaction. Minutes of work at 5 million lines: never called
 * inside a request (the rebuild job, docs/decisions/0130).
 */
export async function rebuildTagStats(
  db: Db,
  organizationId: string,
  tag: string | null,
  onStep: (step: TagRebuildStep) => Promise<void> = async () => {},
): Promise<void> {
  const org = sql`organization_id = ${organizationId}::uuid`;
  const onlyTag = tag === null ? sql`` : sql` AND tag = ${tag}`;
  const lineOrg = sql`l.organization_id = ${organizationId}::uuid`;
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await lockNumbers(tx, organizationId);
    // One sort of the audited lines (5 million at the bench's size) held in memory rather than
    // merged on disk on the PostgreSQL server; on PGlite that memory would be the app server's
    // own, never given back (WebAssembly), so it stays modest there. Compiling the sort to
    // machine code costs more than it saves.
    await tx.execute(runsOnPglite(tx) ? sql`SET LOCAL work_mem = '64MB'` : sql`SET LOCAL work_mem = '1GB'`);
    await tx.execute(sql`SET LOCAL jit = off`);
    await bumpVersion(tx, organizationId);
    await onStep('numbering');
    await tx.execute(sql`DELETE FROM tag_audit_stats WHERE ${org}${onlyTag}`);
    await tx.execute(sql`DELETE FROM tag_product_stats WHERE ${org}${onlyTag}`);
    await tx.execute(sql`DELETE FROM tag_product_audit_numbers WHERE ${org}${onlyTag}`);
    if (tag !== null) {
      const unnumbered = (
        (await tx.execute(sql`
          SELECT a.id FROM audits AS a
          WHERE a.organization_id = ${organizationId}::uuid AND a.status = 'complete' AND a.completed_at IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM tag_audit_numbers AS n WHERE n.audit_id = a.id)
          ORDER BY a.completed_at, a.id`)) as unknown as { rows: Array<{ id: string }> }
      ).rows;
      for (const audit of unnumbered) await numberAudit(tx, organizationId, audit.id);
      await tx.execute(insertProductStatsPerTag(sql`${lineOrg} AND l.tags @> ARRAY[${tag}]::text[] AND t.tag = ${tag}`));
      await tx.execute(
        insertAuditStats(organizationId, auditStatsGroups(sql`${lineOrg} AND l.tags @> ARRAY[${tag}]::text[]`, tag), latestProductsByAudit(organizationId, tag)),
      );
      return;
    }
    await tx.execute(sql`DELETE FROM tag_audit_numbers WHERE ${org}`);
    await tx.execute(sql`
      INSERT INTO tag_audit_numbers (organization_id, audit_id, number, completed_at)
      SELECT organization_id, id, row_number() OVER (ORDER BY completed_at, id), completed_at
      FROM audits WHERE ${org} AND status = 'complete' AND completed_at IS NOT NULL`);
    await onStep('products');
    const mixed = await insertProductStatsPerProduct(tx, organizationId);
    if (mixed.length > 0) {
      await onStep('mixedProducts');
      await tx.execute(insertProductStatsPerTag(sql`${lineOrg} AND l.product_id = ANY(${arrayLiteral(mixed)}::uuid[])`));
    }
    // After the product rows: each (tag, audit) row is written once with its latest products.
    await onStep('audits');
    // The sums go through a temporary table: PostgreSQL may plan CREATE TABLE AS in parallel (its
    // workers each sum a share of the lines, the leader merges 200,000 groups per worker), never an
    // INSERT ... SELECT, which writes rows (docs/decisions/0145).
    await tx.execute(sql`CREATE TEMPORARY TABLE tag_rebuild_audit_groups ON COMMIT DROP AS ${auditStatsGroups(lineOrg, null)}`);
    await tx.execute(insertAuditStats(organizationId, sql`SELECT * FROM tag_rebuild_audit_groups`, latestProductsByAudit(organizationId, null)));
    await tx.execute(sql`DROP TABLE tag_rebuild_audit_groups`);
  });
}
