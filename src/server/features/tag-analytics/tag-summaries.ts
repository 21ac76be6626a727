/**
 * `GET /api/tag-analytics/summary` and `GET /api/tag-analytics/{tagName}/details` (spec part 2
 * sections 2, 3, 7; DESIGN.md section 11 defines every figure).
 */
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { TagDetail, TagDetailQuery, TagSummaryQuery, TagSummaryRow } from '../../../contracts/tag-analytics.js';
import { accuracyPercentage, completionWindow, DateRangeError, type CompletionWindow } from '../../../domain/tag-analytics.js';
import { selectTagAccuracyOverTime, selectTagFigures, selectTagProducts, tagHasHistory, type TagFigures } from './read-repo.js';

/** @throws AppError 400 INVALID_DATE_RANGE naming the field. */
function windowOf(query: { dateRangeStart?: string; dateRangeEnd?: string }, now: Date): CompletionWindow {
  try {
    return completionWindow({ ...query, now });
  } catch (err) {
    if (err instanceof DateRangeError) throw new AppError('INVALID_DATE_RANGE', err.message, 400, { field: err.field });
    throw err;
  }
}

function toSummaryRow(f: TagFigures): TagSummaryRow {
  return {
    tagName: f.tagName,
    totalProducts: f.totalProducts,
    productsEverAudited: f.productsEverAudited,
    productsAuditedLast30Days: f.productsAuditedLast30Days,
    accuracyPercentage: accuracyPercentage(f.accurateLines, f.auditedLines),
    totalQuantityVariance: f.totalQuantityVariance,
    lastAuditDate: f.lastAuditDate,
  };
}

/** Every tag of the organisation with its figures, filtered and sorted as the query asks. */
export async function listTagSummaries(opts: { db: Db; organizationId: string; query: TagSummaryQuery; now?: Date }): Promise<TagSummaryRow[]> {
  const { query } = opts;
  const figures = await selectTagFigures(opts.db, opts.organizationId, {
    window: windowOf(query, opts.now ?? new Date()),
    search: query.searchQuery.trim(),
    minDiscrepancyThreshold: query.minDiscrepancyThreshold,
    onlyRecentActivity: query.onlyRecentActivity,
    sortBy: query.sortBy,
    sortOrder: query.sortOrder,
  });
  return figures.map(toSummaryRow);
}

/**
 * One tag's figures, its products and its accuracy per audit. The filters narrow the product
 * list only; the summary stays the tag's.
 * @throws AppError 404 when no current product carries the tag and it was never audited.
 */
export async function readTagDetails(opts: {
  db: Db;
  organizationId: string;
  tagName: string;
  query: TagDetailQuery;
  now?: Date;
}): Promise<TagDetail> {
  const { db, organizationId, tagName, query } = opts;
  const window = windowOf(query, opts.now ?? new Date());
  // The three reads at once (each on its own connection on the PostgreSQL server); a tag that is
  // not found is known only from the first, and the others then answer empty.
  const [[figures], products, accuracyOverTime] = await Promise.all([
    selectTagFigures(db, organizationId, { window, tag: tagName }),
    selectTagProducts(db, organizationId, tagName, window),
    selectTagAccuracyOverTime(db, organizationId, tagName, window),
  ]);
  if (!figures && !(await tagHasHistory(db, organizationId, tagName))) throw notFound('Tag');
  const summary = figures
    ? toSummaryRow(figures)
    : toSummaryRow({
        tagName,
        totalProducts: 0,
        productsEverAudited: 0,
        productsAuditedLast30Days: 0,
        auditedLines: 0,
        accurateLines: 0,
        totalQuantityVariance: 0,
        lastAuditDate: null,
      });
  return {
    summary,
    products: products.filter(
      (p) => p.totalAudits >= query.minAuditCount && (!query.showProblematicOnly || (p.totalAudits > 0 && !p.recentAccuracy)),
    ),
    accuracyOverTime,
  };
}
