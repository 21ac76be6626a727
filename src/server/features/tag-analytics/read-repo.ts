/**
 * Reading tag analytics (DESIGN.md section 11) from the aggregates of stats-repo.ts and the live
 * catalogue. Every statement is scoped by organization_id.
 *
 * Completion windows are half-open [from, to). Audit numbers follow completion order
 * (docs/decisions/0071), so a window is the number range [nFrom, nTo), found once per query
 * (`numberRange`); on the sorted per-product arrays `width_bucket(n - 1, audit_numbers)` is the
 * number of audits numbered below n, so the audits in the window are the array positions
 * lo+1 .. hi. The CTEs are MATERIALIZED: each aggregate is computed once, whatever join the
 * planner picks (a re-scan per tag cost seconds).
 */
import { sql, type SQL } from 'drizzle-orm';
import { runsOnPglite, type Db } from '../../db/client.js';
import type { SortOrder, TagAuditPoint, TagProduct, TagSortField } from '../../../contracts/tag-analytics.js';
import { accuracyPercentage, type CompletionWindow } from '../../../domain/tag-analytics.js';
import { arrayLiteral } from '../products/pg-array.js';
import { readCatalogueVersion } from '../products/repo.js';

function bound(at: Date | null, open: '-infinity' | 'infinity'): SQL {
  return sql`${at ? at.toISOString() : open}::timestamptz`;
}
/** The number of elements of `audit_numbers` below `n` (the audits completed before its audit). */
function countBefore(n: number): SQL {
  return sql`width_bucket(${n - 1}::int, audit_numbers)`;
}

/** A completion window as audit numbers: an audit is in [from, to) exactly when its number is in [from, to). */
interface NumberRange {
  from: number;
  to: number;
  recentFrom: number;
}

/**
 * The number range of `window` (and of its last 30 days): for each bound, the lowest number of
 * an audit completed at or after it, or one past the highest number when none did.
 */
async function numberRange(db: Db, organizationId: string, window: CompletionWindow): Promise<NumberRange> {
  const first = (at: Date | null) =>
    at === null ? sql`coalesce(min(number), 1)` : sql`coalesce(min(number) FILTER (WHERE completed_at >= ${at.toISOString()}::timestamptz), max(number) + 1, 1)`;
  const [row] = await rows<{ from: number; to: number; recent: number }>(
    db,
    sql`SELECT ${first(window.from)} AS "from", ${window.to === null ? sql`coalesce(max(number) + 1, 1)` : first(window.to)} AS "to",
      ${first(window.recentFrom)} AS "recent"
    FROM tag_audit_numbers WHERE organization_id = ${organizationId}::uuid`,
  );
  return { from: Number(row!.from), to: Number(row!.to), recentFrom: Number(row!.recent) };
}

function toIso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return new Date(value as string | Date).toISOString();
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * `rows` for the list's and the detail's main statements: on the PostgreSQL server they run with
 * JIT compilation off (a transaction of their own, `SET LOCAL`). Their estimated cost passes
 * `jit_above_cost` at the bench's size (a full join of two materialised sets is estimated at 40
 * times its rows), and compiling them took longer than running them (docs/decisions/0146).
 * PGlite has no JIT.
 */
async function rowsWithoutJit<T>(db: Db, query: SQL): Promise<T[]> {
  if (runsOnPglite(db)) return rows<T>(db, query);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL jit = off`);
    return rows<T>(tx as unknown as Db, query);
  });
}

export interface TagFigures {
  tagName: string;
  totalProducts: number;
  productsEverAudited: number;
  productsAuditedLast30Days: number;
  auditedLines: number;
  accurateLines: number;
  totalQuantityVariance: number;
  lastAuditDate: string | null;
}

export interface TagFiguresFilter {
  window: CompletionWindow;
  /** Exactly this tag (the detail page). */
  tag?: string;
  /** Case-insensitive substring of the tag name. */
  search?: string;
  /** Keep tags whose (100 - accuracy) >= this (> 0 drops never-audited tags). */
  minDiscrepancyThreshold?: number;
  onlyRecentActivity?: boolean;
  sortBy?: TagSortField;
  sortOrder?: SortOrder;
}

const ACCURACY = sql`(CASE WHEN a.audited > 0 THEN a.accurate * 100.0 / a.audited END)`;

function orderBy(sortBy: TagSortField, order: SortOrder): SQL {
  const dir = sql.raw(order === 'desc' ? 'DESC' : 'ASC');
  const byName = sql`lower(coalesce(c.tag, a.tag)) ${dir}, coalesce(c.tag, a.tag) ${dir}`;
  switch (sortBy) {
    case 'total_products':
      return sql`coalesce(c.total_products, 0) ${dir}, lower(coalesce(c.tag, a.tag)) ASC`;
    case 'last_audit_date':
      return sql`a.last_at ${dir} NULLS LAST, lower(coalesce(c.tag, a.tag)) ASC`;
    case 'accuracy_percentage':
      return sql`${ACCURACY} ${dir} NULLS LAST, lower(coalesce(c.tag, a.tag)) ASC`;
    default:
      return byName;
  }
}

/**
 * Current products carrying each tag. The tags are unnested in the select list (a lateral unnest
 * is a function scan per product) and a tag a product carries k times weighs 1/k at each place,
 * so each product counts once without hashing or sorting every (product, tag) pair (a DISTINCT
 * over them spilled to disk at 50,000 products; docs/decisions/0098). The sum is exact in numeric
 * up to its 20 decimal places and rounded. Answered with the catalogue version it was counted at:
 * one statement, one snapshot.
 */
function totalProductsByTag(organizationId: string): SQL {
  return sql`SELECT coalesce((SELECT version FROM catalogue_versions WHERE organization_id = ${organizationId}::uuid), 0) AS version,
      coalesce(array_agg(t.tag), '{}') AS tags, coalesce(array_agg(t.total_products), '{}') AS counts
    FROM (
      SELECT u.tag, round(sum(1.0 / cardinality(array_positions(u.tags, u.tag))))::int AS total_products
      FROM (SELECT unnest(tags) AS tag, tags FROM products WHERE organization_id = ${organizationId}::uuid) AS u
      WHERE u.tag <> ''
      GROUP BY u.tag
    ) AS t`;
}

/** Organisations whose per-tag product counts this process keeps (least recently used dropped). */
const COUNTED_ORGANISATIONS = 200;
const productCounts = new Map<string, { version: number; counts: Map<string, number> }>();

/**
 * The organisation's current products per tag (tag -> count; tags no product carries are absent),
 * kept in this process under the catalogue version they were counted at (docs/decisions/0131:
 * every write to products moves it, whatever code makes it). A read whose version matches costs
 * one primary-key read instead of unnesting every product's tags (docs/decisions/0146); several
 * app servers each keep their own and stay right.
 */
async function productCountsByTag(db: Db, organizationId: string): Promise<Map<string, number>> {
  const kept = productCounts.get(organizationId);
  if (kept && kept.version === (await readCatalogueVersion(db, organizationId))) {
    productCounts.delete(organizationId);
    productCounts.set(organizationId, kept);
    return kept.counts;
  }
  const [row] = await rows<{ version: string | number; tags: string[]; counts: number[] }>(db, totalProductsByTag(organizationId));
  const counts = new Map(row!.tags.map((tag, i) => [tag, Number(row!.counts[i])]));
  productCounts.delete(organizationId);
  productCounts.set(organizationId, { version: Number(row!.version), counts });
  if (productCounts.size > COUNTED_ORGANISATIONS) productCounts.delete(productCounts.keys().next().value!);
  return counts;
}

/** Rows `(tag, total_products)` of `counts` (only `tag`'s when given) as one bound pair of arrays. */
function countsTable(counts: Map<string, number>, tag: string | undefined): SQL {
  const entries = tag === undefined ? [...counts] : counts.has(tag) ? [[tag, counts.get(tag)!] as const] : [];
  return sql`SELECT * FROM unnest(${arrayLiteral(entries.map(([t]) => t))}::text[], ${arrayLiteral(entries.map(([, n]) => n))}::int[])
    AS c(tag, total_products)`;
}

/** True when every complete audit of the organisation completed before `at`. */
async function completedBefore(db: Db, organizationId: string, at: Date): Promise<boolean> {
  const [row] = await rows<{ before: boolean }>(
    db,
    sql`SELECT coalesce(max(completed_at) < ${at.toISOString()}::timestamptz, TRUE) AS before
      FROM audits WHERE organization_id = ${organizationId}::uuid AND status = 'complete'`,
  );
  return Boolean(row?.before);
}

/**
 * Products audited under each tag in a window that ends before some audit: binary searches in
 * each (tag, product) row's audit numbers, read from their narrow copies
 * (`tag_product_audit_numbers`: a quarter of the wide rows' bytes, docs/decisions/0156). (A window
 * that no audit ends after needs none: a product was audited in [from, infinity) exactly when its
 * latest audit was, so the sum of the window's `latest_products` counts it; docs/decisions/0098.)
 */
function productsAuditedIn(organizationId: string, tag: string | undefined, range: NumberRange): SQL {
  const { from, to, recentFrom } = range;
  return sql`SELECT tag,
      (count(*) FILTER (WHERE hi > ${countBefore(from)}))::int AS ever,
      (count(*) FILTER (WHERE hi > ${countBefore(recentFrom)}))::int AS recent
    FROM (
      SELECT tag, audit_numbers, ${countBefore(to)} AS hi
      FROM tag_product_audit_numbers WHERE organization_id = ${organizationId}::uuid${tag === undefined ? sql`` : sql` AND tag = ${tag}`}
    ) AS s
    WHERE hi > 0
    GROUP BY tag`;
}

/**
 * Per tag: current products carrying it, and over complete audits in the window its audited and
 * accurate lines, summed difference, last completion and products audited (ever / last 30 days).
 * Tags carried by a current product or audited in the window are listed.
 */
export async function selectTagFigures(db: Db, organizationId: string, filter: TagFiguresFilter): Promise<TagFigures[]> {
  const { window } = filter;
  const from = bound(window.from, '-infinity');
  const to = bound(window.to, 'infinity');
  const recentFrom = bound(window.recentFrom, '-infinity');
  const onTag = (column: SQL) => (filter.tag === undefined ? sql`` : sql` AND ${column} = ${filter.tag}`);
  const conditions: SQL[] = [sql`TRUE`];
  if (filter.search) {
    const pattern = `%${filter.search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    conditions.push(sql`coalesce(c.tag, a.tag) ILIKE ${pattern}`);
  }
  if (filter.minDiscrepancyThreshold && filter.minDiscrepancyThreshold > 0) {
    conditions.push(sql`a.audited > 0 AND 100 - ${ACCURACY} >= ${filter.minDiscrepancyThreshold}`);
  }
  if (filter.onlyRecentActivity) conditions.push(sql`a.last_at >= ${recentFrom}`);

  const openEnded = window.to === null || (await completedBefore(db, organizationId, window.to));

  const result = await rowsWithoutJit<Record<string, unknown>>(
    db,
    sql`
    WITH c AS MATERIALIZED (
      ${countsTable(await productCountsByTag(db, organizationId), filter.tag)}
    ), a AS MATERIALIZED (
      SELECT tag, sum(audited_lines)::int AS audited, sum(accurate_lines)::int AS accurate,
        sum(quantity_variance) AS variance, max(completed_at) AS last_at,
        sum(latest_products)::int AS ever, (sum(latest_products) FILTER (WHERE completed_at >= ${recentFrom}))::int AS recent
      FROM tag_audit_stats
      WHERE organization_id = ${organizationId}::uuid AND completed_at >= ${from} AND completed_at < ${to}${onTag(sql`tag`)}
      GROUP BY tag
    )${openEnded ? sql`` : sql`, p AS MATERIALIZED (
      ${productsAuditedIn(organizationId, filter.tag, await numberRange(db, organizationId, window))}
    )`}
    SELECT coalesce(c.tag, a.tag) AS tag, coalesce(c.total_products, 0) AS total_products,
      ${openEnded ? sql`coalesce(a.ever, 0) AS ever, coalesce(a.recent, 0) AS recent` : sql`coalesce(p.ever, 0) AS ever, coalesce(p.recent, 0) AS recent`},
      coalesce(a.audited, 0) AS audited, coalesce(a.accurate, 0) AS accurate,
      coalesce(a.variance, 0) AS variance, a.last_at
    FROM c FULL JOIN a ON a.tag = c.tag
    ${openEnded ? sql`` : sql`LEFT JOIN p ON p.tag = coalesce(c.tag, a.tag)`}
    WHERE ${sql.join(conditions, sql` AND `)}
    ORDER BY ${orderBy(filter.sortBy ?? 'tag_name', filter.sortOrder ?? 'asc')}`,
  );
  return result.map((r) => ({
    tagName: String(r.tag),
    totalProducts: Number(r.total_products),
    productsEverAudited: Number(r.ever),
    productsAuditedLast30Days: Number(r.recent),
    auditedLines: Number(r.audited),
    accurateLines: Number(r.accurate),
    totalQuantityVariance: Number(r.variance),
    lastAuditDate: toIso(r.last_at),
  }));
}

/** True when the organisation has any audited history under the tag (outside any window). */
export async function tagHasHistory(db: Db, organizationId: string, tag: string): Promise<boolean> {
  const [row] = await rows<{ found: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM tag_product_stats WHERE organization_id = ${organizationId}::uuid AND tag = ${tag}) AS found`,
  );
  return Boolean(row?.found);
}

/**
 * The tag's products: current products carrying it, and products audited under it in the window
 * (a product deleted or re-tagged since keeps its history). Ordered by name, then SKU.
 */
/** A running total's growth over the window's positions lo+1 .. hi (position 0 reads as 0; 0 when empty). */
function inWindow(column: string): SQL {
  const c = sql.raw(column);
  return sql`(CASE WHEN hi > lo THEN ${c}[hi] - coalesce(${c}[lo], 0) ELSE 0 END)`;
}

export async function selectTagProducts(db: Db, organizationId: string, tag: string, window: CompletionWindow): Promise<TagProduct[]> {
  const range = await numberRange(db, organizationId, window);
  const result = await rowsWithoutJit<Record<string, unknown>>(
    db,
    sql`
    WITH s AS MATERIALIZED (
      -- The window's figures of each row, computed where the arrays are read: only these narrow
      -- rows are kept and joined (carrying the arrays spilled to disk at 9,000 products).
      SELECT product_id, sku, product_name, hi - lo AS total_audits,
        ${inWindow('accurate_counts')} AS accurate_audits,
        ${inWindow('variance_sums')} AS running_variance,
        hi > lo AND accurate_counts[hi] > coalesce(accurate_counts[hi - 1], 0) AS recent_accuracy,
        CASE WHEN hi > lo THEN audit_numbers[hi] END AS last_number
      FROM (
        SELECT product_id, sku, product_name, audit_numbers, accurate_counts, variance_sums,
          ${countBefore(range.from)} AS lo, ${countBefore(range.to)} AS hi
        FROM tag_product_stats WHERE organization_id = ${organizationId}::uuid AND tag = ${tag}
      ) AS w
    ), c AS MATERIALIZED (
      SELECT id, sku, name FROM products
      WHERE organization_id = ${organizationId}::uuid AND tags @> ARRAY[${tag}]::text[]
    )
    SELECT coalesce(c.id, s.product_id) AS product_id, coalesce(c.sku, s.sku) AS sku, coalesce(c.name, s.product_name) AS name,
      coalesce(s.total_audits, 0) AS total_audits, coalesce(s.accurate_audits, 0) AS accurate_audits,
      coalesce(s.running_variance, 0) AS running_variance, coalesce(s.recent_accuracy, FALSE) AS recent_accuracy, n.completed_at AS last_at
    FROM c FULL JOIN s ON s.product_id = c.id
    LEFT JOIN tag_audit_numbers AS n ON n.organization_id = ${organizationId}::uuid AND n.number = s.last_number
    WHERE c.id IS NOT NULL OR s.total_audits > 0
    ORDER BY lower(coalesce(c.name, s.product_name, c.sku, s.sku)), coalesce(c.sku, s.sku)`,
  );
  return result.map((r) => ({
    productId: String(r.product_id),
    name: (r.name as string | null) ?? null,
    sku: String(r.sku),
    totalAudits: Number(r.total_audits),
    accurateAudits: Number(r.accurate_audits),
    recentAccuracy: Boolean(r.recent_accuracy),
    runningVariance: Number(r.running_variance),
    lastAuditDate: toIso(r.last_at),
  }));
}

/** The tag's accuracy in each complete audit of the window that audited it, oldest first. */
export async function selectTagAccuracyOverTime(
  db: Db,
  organizationId: string,
  tag: string,
  window: CompletionWindow,
): Promise<TagAuditPoint[]> {
  const result = await rows<Record<string, unknown>>(
    db,
    sql`
    SELECT s.audit_id, a.name, s.completed_at, s.audited_lines, s.accurate_lines, s.quantity_variance
    FROM tag_audit_stats AS s JOIN audits AS a ON a.id = s.audit_id
    WHERE s.organization_id = ${organizationId}::uuid AND s.tag = ${tag}
      AND s.completed_at >= ${bound(window.from, '-infinity')} AND s.completed_at < ${bound(window.to, 'infinity')}
    ORDER BY s.completed_at, s.audit_id`,
  );
  return result.map((r) => {
    const audited = Number(r.audited_lines);
    const accurate = Number(r.accurate_lines);
    return {
      auditId: String(r.audit_id),
      auditName: String(r.name),
      completedAt: toIso(r.completed_at)!,
      auditedLines: audited,
      accurateLines: accurate,
      accuracyPercentage: accuracyPercentage(accurate, audited) ?? 0,
      quantityVariance: Number(r.quantity_variance),
    };
  });
}
