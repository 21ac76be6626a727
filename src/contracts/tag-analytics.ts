/**
 * Tag analytics calls (spec part 2 sections 3 "Tag analytics summary row", "Tag detail response",
 * "Tag analytics filters", 4 "Tag analytics sorting", 7 "Tag analytics"; DESIGN.md section 11,
 * which defines every figure).
 *
 * Percentages are 0-100 (null when nothing was audited); variances are signed whole units
 * (scanned - expected); dates are ISO 8601 strings.
 */
import { z } from 'zod';
import { quantitySchema } from './quantity.js';

/** Spec part 2 section 4: the sort fields and orders of `GET /api/tag-analytics/summary`. */
export const TAG_SORT_FIELDS = ['tag_name', 'total_products', 'last_audit_date', 'accuracy_percentage'] as const;
export const tagSortFieldSchema = z.enum(TAG_SORT_FIELDS);
export type TagSortField = z.infer<typeof tagSortFieldSchema>;
export const sortOrderSchema = z.enum(['asc', 'desc']);
export type SortOrder = z.infer<typeof sortOrderSchema>;

/** A date (`2026-03-01`, the whole day in UTC) or an instant (`2026-03-01T12:00:00Z`). */
const isoDate = z
  .string()
  .trim()
  .refine((s) => /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(s) && !Number.isNaN(Date.parse(s)), {
    message: 'must be an ISO date such as 2026-03-01',
  });

/** `true`/`false` as a query string carries them. */
const queryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');

/** Query of `GET /api/tag-analytics/summary` (spec part 2 section 7). */
export const tagSummaryQuerySchema = z.object({
  dateRangeStart: isoDate.optional(),
  dateRangeEnd: isoDate.optional(),
  /** Keeps tags whose (100 - accuracyPercentage) >= this; 0 keeps every tag. */
  minDiscrepancyThreshold: z.coerce.number().min(0).max(100).default(0),
  /** Keeps tags audited in the last 30 days. */
  onlyRecentActivity: queryBoolean.default(false),
  searchQuery: z.string().max(200).default(''),
  sortBy: tagSortFieldSchema.default('tag_name'),
  sortOrder: sortOrderSchema.default('asc'),
});
export type TagSummaryQuery = z.infer<typeof tagSummaryQuerySchema>;

/** Query of `GET /api/tag-analytics/{tagName}/details`. */
export const tagDetailQuerySchema = z.object({
  dateRangeStart: isoDate.optional(),
  dateRangeEnd: isoDate.optional(),
  /** Keeps products whose latest audited line was not accurate. */
  showProblematicOnly: queryBoolean.default(false),
  /** Keeps products audited at least this many times in the range. */
  minAuditCount: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type TagDetailQuery = z.infer<typeof tagDetailQuerySchema>;

/** The longest tag name (as products accept it, src/contracts/products.ts bulk update). */
export const MAX_TAG_NAME_LENGTH = 100;
export const tagNameParamsSchema = z.object({
  tagName: z
    .string()
    .trim()
    .min(1, 'tag name is required')
    .max(MAX_TAG_NAME_LENGTH, `tag name is longer than ${MAX_TAG_NAME_LENGTH} characters`),
});

/**
 * One tag's figures over complete audits in the date range (DESIGN.md section 11).
 * totalProducts counts current products carrying the tag; the other figures come from result
 * lines that carried the tag when their audit ran.
 */
export const tagSummaryRowSchema = z.object({
  tagName: z.string(),
  totalProducts: z.number().int(),
  /** Products with at least one audited line under the tag in the range. */
  productsEverAudited: z.number().int(),
  /** Of those, products audited in the last 30 days. */
  productsAuditedLast30Days: z.number().int(),
  /** accurate audited lines / audited lines * 100; null when none. */
  accuracyPercentage: z.number().nullable(),
  /** Sum of difference (scanned - expected) over audited lines, signed. */
  totalQuantityVariance: quantitySchema,
  lastAuditDate: z.string().nullable(),
});
export type TagSummaryRow = z.infer<typeof tagSummaryRowSchema>;
export const tagSummaryListSchema = z.array(tagSummaryRowSchema);

/** One product of a tag (detail page); counts are of its audited lines under the tag in the range. */
export const tagProductSchema = z.object({
  productId: z.string(),
  name: z.string().nullable(),
  sku: z.string(),
  totalAudits: z.number().int(),
  accurateAudits: z.number().int(),
  /** Its latest audited line was accurate; false when it was not audited. */
  recentAccuracy: z.boolean(),
  /** Sum of difference over its audited lines, signed. */
  runningVariance: quantitySchema,
  lastAuditDate: z.string().nullable(),
});
export type TagProduct = z.infer<typeof tagProductSchema>;

/** The tag's accuracy in one complete audit (the detail page's chart). */
export const tagAuditPointSchema = z.object({
  auditId: z.string(),
  auditName: z.string(),
  completedAt: z.string(),
  auditedLines: z.number().int(),
  accurateLines: z.number().int(),
  accuracyPercentage: z.number(),
  quantityVariance: quantitySchema,
});
export type TagAuditPoint = z.infer<typeof tagAuditPointSchema>;

/** `GET /api/tag-analytics/{tagName}/details`. */
export const tagDetailSchema = z.object({
  summary: tagSummaryRowSchema,
  products: z.array(tagProductSchema),
  /** Complete audits in the range that audited the tag, oldest first. */
  accuracyOverTime: z.array(tagAuditPointSchema),
});
export type TagDetail = z.infer<typeof tagDetailSchema>;

/** `POST /api/tag-analytics/refresh`: one tag, or every tag when tagName is absent. */
export const tagRefreshBodySchema = z.object({
  tagName: tagNameParamsSchema.shape.tagName.optional(),
});
export const tagRefreshResultSchema = z.object({
  /** The refreshed tag, or null for all. */
  tagName: z.string().nullable(),
  refreshedAt: z.string(),
  /**
   * The version of the organisation's aggregates, one more at every completion, deletion and
   * replacement of an audit's lines and at every rebuild (DESIGN.md section 11): the aggregates
   * are kept exact, so the refresh rebuilds nothing and the client drops its cached figures.
   */
  version: z.number().int().nonnegative(),
});
export type TagRefreshResult = z.infer<typeof tagRefreshResultSchema>;

/** What a rebuild is doing, in order: waiting for a worker, then its steps, then done. */
export const TAG_REBUILD_STAGES = ['queued', 'numbering', 'products', 'mixedProducts', 'audits', 'done'] as const;
export type TagRebuildStage = (typeof TAG_REBUILD_STAGES)[number];
export const TAG_REBUILD_STATUSES = ['queued', 'running', 'complete', 'error'] as const;
export type TagRebuildStatus = (typeof TAG_REBUILD_STATUSES)[number];

/**
 * A full rebuild of the organisation's tag analytics from the result lines: a background job
 * (`POST /api/tag-rebuilds` starts one, owner only; `GET /api/tag-rebuilds/latest` and
 * `GET /api/tag-rebuilds/{id}` follow it). DESIGN.md section 11; docs/decisions/0130.
 */
export const tagRebuildSchema = z.object({
  id: z.string(),
  status: z.enum(TAG_REBUILD_STATUSES),
  /** 0-100. */
  progress: z.number().int().min(0).max(100),
  stage: z.enum(TAG_REBUILD_STAGES),
  /** Why it failed (status 'error'), else null. */
  error: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type TagRebuild = z.infer<typeof tagRebuildSchema>;

/** `GET /api/tag-rebuilds/latest`: the organisation's latest rebuild, or null when none ever ran. */
export const latestTagRebuildSchema = z.object({ rebuild: tagRebuildSchema.nullable() });
export type LatestTagRebuild = z.infer<typeof latestTagRebuildSchema>;

export const tagRebuildParamsSchema = z.object({ id: z.string() });
