/**
 * Audit calls (spec part 1 sections 3, 7; DESIGN.md sections 2, 5).
 */
import { z } from 'zod';
import { quantitySchema } from './quantity.js';
import { FILTER_FIELDS, filterExpressionSchema } from './filters.js';
import { auditModeSchema, auditTypeSchema } from './results.js';

export const auditStatusSchema = z.enum(['draft', 'pending', 'processing', 'complete', 'error']);
export type AuditStatus = z.infer<typeof auditStatusSchema>;

export const scanFileSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  teamName: z.string().nullable(),
  scannerId: z.string().nullable(),
  scanColumn: z.string(),
  quantityColumn: z.string().nullable(),
  rowCount: z.number().int(),
  totalItems: quantitySchema,
  matchRate: z.number().nullable(),
  position: z.number().int(),
  /**
   * True for a file uploaded one at a time (`POST /api/audits/{id}/upload`) and kept until
   * `POST /api/audits/{id}/process` reads it; totalItems and matchRate are 0/null until then.
   */
  pendingProcessing: z.boolean(),
});
export type ScanFile = z.infer<typeof scanFileSchema>;

export const auditSchema = z.object({
  id: z.string(),
  name: z.string(),
  section: z.string().nullable(),
  description: z.string().nullable(),
  auditType: auditTypeSchema,
  mode: auditModeSchema,
  status: auditStatusSchema,
  /** Why processing failed (status error). */
  errorMessage: z.string().nullable(),
  filterExpression: z.unknown().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  userId: z.string(),
  /** 0-100 while processing, 100 when complete. */
  progress: z.number().int(),
  /**
   * Where processing is (status processing; null otherwise): queued (waiting for a worker),
   * reading (reading and reconciling the scan files), storing (writing the results).
   */
  stage: z.enum(['queued', 'reading', 'storing']).nullable(),
  itemsScanned: quantitySchema.nullable(),
  productsMatched: z.number().int().nullable(),
  totalScannedProducts: z.number().int().nullable(),
  quantityOff: quantitySchema.nullable(),
  productsNotMatched: z.number().int().nullable(),
  /**
   * Scanned units that matched an in-scope product / all scanned units (0-1; DESIGN.md section 5
   * rule 6); null before processing. The one match rate of the list, dashboard, results and exports.
   */
  matchRate: z.number().nullable(),
  /**
   * In-scope products counted correctly / in-scope products counted (0-1; DESIGN.md section 5
   * rule 6); null before processing or when nothing in scope was counted.
   */
  accuracy: z.number().nullable(),
  /**
   * Result lines of a complete audit, null before: above + below + cross-file lines; zero-sheet
   * lines; notFound lines (the counts of spec part 1 section 9; the list shows matchRate, decision 0117).
   */
  quantityDiscrepancies: z.number().int().nullable(),
  missingItems: z.number().int().nullable(),
  unrecognizedItems: z.number().int().nullable(),
  /** Whether an audit task points at this audit. */
  hasTask: z.boolean(),
  /** Its (first) task: title and assignee's name or e-mail; null without a task. */
  task: z.object({ title: z.string(), assignedToName: z.string().nullable() }).nullable(),
  /** A recount (DESIGN.md section 13): the audit it recounts; null otherwise. */
  parentAuditId: z.string().nullable(),
  /** A recount's scope: how many products it counts (a list of ids, not a filter); null otherwise. */
  scopeProductCount: z.number().int().nullable(),
  /**
   * Recompute from the kept scan files (DESIGN.md section 13, docs/decisions/0139): whether a
   * complete audit can be (its scan files were kept), 'queued' / 'running' / null, when it last
   * finished (ISO time), and why the last one failed.
   */
  canRecompute: z.boolean(),
  recomputeState: z.enum(['queued', 'running']).nullable(),
  recomputedAt: z.string().nullable(),
  recomputeError: z.string().nullable(),
  scanFiles: z.array(scanFileSchema),
  /**
   * Blind count on the floor (DESIGN.md section 14): true hides expected quantities from every
   * counter, false from nobody, null (not set) from members and viewers only.
   */
  countBlind: z.boolean().nullable(),
});
export type Audit = z.infer<typeof auditSchema>;

/** Audits one page of the audit list holds (as the products screen, spec part 2 section 9). */
export const AUDITS_PAGE_SIZE = 50;

/** The audit list's tabs (spec part 1 "Audit list"): every status, or all. */
export const auditListTabSchema = z.enum(['all', 'draft', 'pending', 'processing', 'complete', 'error']);
export type AuditListTab = z.infer<typeof auditListTabSchema>;

/**
 * `GET /api/audits?page=N` query: one page of the audit list, newest first. Without `page` the
 * call keeps the spec's contract and answers every audit as an array (dashboard, sidebar badge).
 * search: name contains, case-insensitive; status: the dropdown (all, pending, processing,
 * complete, error); tab: the tabs (all or any status). All three combine.
 */
export const auditListQuerySchema = z.object({
  page: z.coerce.number().int().min(1),
  limit: z.coerce.number().int().min(1).max(200).default(AUDITS_PAGE_SIZE),
  search: z.string().trim().max(200).default(''),
  status: z.enum(['all', 'pending', 'processing', 'complete', 'error']).default('all'),
  tab: auditListTabSchema.default('all'),
});
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

/**
 * One page of the audit list. total: audits matching search, status and tab; counts: per tab,
 * the audits matching search and status (the tabs' count badges).
 */
export const auditPageSchema = z.object({
  audits: z.array(auditSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  counts: z.record(auditListTabSchema, z.number().int()),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** `POST /api/audits` body (cycle count; spec part 1 section 7). */
export const createAuditBodySchema = z.object({
  name: z.string().trim().min(1, 'Audit name is required').max(200),
  section: z.string().trim().max(200).optional().nullable(),
  description: z.string().trim().max(2000).optional().nullable(),
  auditType: auditTypeSchema.optional().default('cycle-count'),
  mode: auditModeSchema.optional().default('standard'),
});
export type CreateAuditBody = z.infer<typeof createAuditBodySchema>;

/** `POST /api/audits/{id}/upload-multiple` answer. */
export const processResultSchema = z.object({
  audit: auditSchema,
  counts: z.record(z.string(), z.number().int()),
  totalScanned: quantitySchema,
  matchRate: z.number(),
  processingTime: z.number(),
});
export type ProcessResult = z.infer<typeof processResultSchema>;

/**
 * A filter expression sent as an object or as the same object in a JSON string (spec part 1
 * section 7: the product-audit wizard sends both). Unlike a union, errors name the bad part
 * ("filterExpression.conditions: Add at least one filter condition").
 */
export const filterExpressionFieldSchema = z.preprocess((value, ctx) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    ctx.addIssue({ code: 'custom', message: 'is not valid JSON' });
    return z.NEVER;
  }
}, filterExpressionSchema);

/** `POST /api/audits/product-audit` body; answers the draft Audit (201). */
export const createProductAuditBodySchema = z.object({
  name: z.string().trim().min(1, 'Audit name is required').max(200),
  section: z.string().trim().max(200).optional().nullable(),
  description: z.string().trim().max(2000).optional().nullable(),
  mode: auditModeSchema.optional().default('standard'),
  filterExpression: filterExpressionFieldSchema,
});
export type CreateProductAuditBody = z.infer<typeof createProductAuditBodySchema>;

/**
 * `PATCH /api/audits/{id}` body: rename an audit, change its section or description, or give a
 * draft or pending product audit its filter (one made by the stub call has none). At least one
 * field. Answers the Audit.
 */
export const updateAuditBodySchema = z
  .object({
    name: z.string().trim().min(1, 'Audit name is required').max(200).optional(),
    section: z.string().trim().max(200).optional().nullable(),
    description: z.string().trim().max(2000).optional().nullable(),
    filterExpression: filterExpressionFieldSchema.optional(),
    /** Blind count on the floor (DESIGN.md section 14): true hides expected quantities, null is the default (blind for members). */
    countBlind: z.boolean().nullable().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to change: send name, section, description, filterExpression or countBlind' });
export type UpdateAuditBody = z.infer<typeof updateAuditBodySchema>;

/**
 * `POST /api/audits/{id}/recount` body: a new draft audit of the same type, mode, section and
 * scope (filter) as audit {id}, for counting again with new files. Answers the new Audit (201).
 */
export const recountAuditBodySchema = z.object({
  name: z.string().trim().min(1, 'Audit name is required').max(200).optional(),
  /**
   * A recount of some lines (DESIGN.md section 13): these products of the finished audit, and/or
   * every Below and Zero Sheet line whose |difference| is at least `minDifference`. Either makes
   * the recount a product audit scoped to exactly those products, linked to this audit.
   */
  productIds: z.array(z.string().uuid()).min(1).max(50_000).optional(),
  minDifference: z.number().min(0).max(2_147_483_647).optional(),
  /**
   * Assigns the recount as a task (DESIGN.md section 13): the user id of an active member who can
   * run audits; the task is titled with the recount's name. Omitted: no task.
   */
  assignedTo: z.string().uuid().optional(),
});
export type RecountAuditBody = z.infer<typeof recountAuditBodySchema>;

/** `POST /api/audits/stub` body (the Assign Task flow); answers the draft Audit (201). */
export const createAuditStubBodySchema = z.object({
  name: z.string().trim().min(1, 'Audit name is required').max(200),
  type: auditTypeSchema,
  status: z.literal('draft').optional().default('draft'),
  section: z.string().trim().max(200).optional().nullable(),
  filterExpression: filterExpressionFieldSchema.optional().nullable(),
});
export type CreateAuditStubBody = z.infer<typeof createAuditStubBodySchema>;

/**
 * `POST /api/audits/{id}/upload` multipart text fields (spec part 1 section 3 "Upload form
 * fields"), with the one file in `scanFile`. Answers the stored ScanFile (201); the audit
 * becomes pending.
 */
export const uploadScanFileFieldsSchema = z.object({
  scanColumn: z.string().trim().max(200).optional().default(''),
  quantityColumn: z.string().trim().max(200).optional(),
  section: z.string().trim().max(200).optional(),
  teamName: z.string().trim().max(200).optional(),
  scannerId: z.string().trim().max(200).optional(),
  /** Whether the first row is a header: auto (from the data), yes or no. */
  hasHeader: z.enum(['auto', 'yes', 'no']).optional(),
});
export type UploadScanFileFields = z.infer<typeof uploadScanFileFieldsSchema>;

/**
 * `POST /api/audits/{id}/process` body (optional): processes every file stored by
 * `/upload` like upload-multiple does and answers a ProcessResult.
 */
export const processStoredBodySchema = z
  .object({ mode: auditModeSchema.optional() })
  .optional()
  .default({});

/** `POST /api/products/filter-preview` body and answer (spec part 1 section 5 "Define Filters"). */
export const filterPreviewBodySchema = z.object({ filterExpression: filterExpressionFieldSchema });
export const filterPreviewSchema = z.object({ count: z.number().int() });
export type FilterPreview = z.infer<typeof filterPreviewSchema>;

/** At most this many suggested values per field in `GET /api/products/filter-options`. */
export const FILTER_OPTIONS_LIMIT = 200;

/** Fields `GET /api/products/filter-options` suggests values for (name and sku are typed freely). */
export const FILTER_OPTION_FIELDS = ['manufacturer', 'category', 'distributor', 'location', 'tags'] as const satisfies readonly (typeof FILTER_FIELDS)[number][];

/**
 * `GET /api/products/filter-options`: per field, the organisation's distinct non-blank values
 * (trimmed), sorted case-insensitively, at most FILTER_OPTIONS_LIMIT each.
 */
export const filterOptionsSchema = z.object({
  manufacturer: z.array(z.string()),
  category: z.array(z.string()),
  distributor: z.array(z.string()),
  location: z.array(z.string()),
  tags: z.array(z.string()),
});
export type FilterOptions = z.infer<typeof filterOptionsSchema>;
