/**
 * Database schema (Drizzle, pg-core), DESIGN.md section 2. Every tenant-owned row carries
 * organization_id and every query filters by it. Money is numeric(12,2); quantities numeric(18,3),
 * read as numbers (`quantity` below, docs/decisions/0105).
 * Migrations are generated from this file by drizzle-kit into ./drizzle and applied at start.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  check,
  boolean,
  date,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A quantity column: numeric(18,3), a decimal of at most 3 places (DESIGN.md section 2), read
 * as a JavaScript number (exact: 15 digits before the point round-trip through a double).
 * Raw SQL reads cast it `::float8` or pass it through `Number`.
 */
function quantity(name: string) {
  return numeric(name, { precision: 18, scale: 3, mode: 'number' });
}

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** free | starter | pro | enterprise; changed only by the payment provider's webhook or an operator. */
  subscriptionTier: text('subscription_tier').notNull().default('free'),
  /** The payment provider's customer of this organisation (created at its first checkout). */
  stripeCustomerId: text('stripe_customer_id').unique('organizations_stripe_customer_key'),
  /** The provider's subscription the tier was last read from (null on free). */
  stripeSubscriptionId: text('stripe_subscription_id'),
  /** The export layout recognised at the last catalogue import (domain/import-layouts.ts), or null. */
  catalogueLayout: text('catalogue_layout'),
  createdAt: createdAt(),
});

/**
 * Payment provider webhook events already applied (DESIGN.md section 10): each event id is
 * applied once, however often the provider delivers it.
 */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Stored lower-cased and trimmed. */
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** owner | admin | member | viewer (DESIGN.md section 3). */
    role: text('role').notNull().default('member'),
    /** pending | active | inactive. */
    status: text('status').notNull().default('active'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /**
     * Pending invitation (DESIGN.md section 8): SHA-256 (hex) of the emailed token, which is 32
     * random bytes in base64url; single use (cleared on acceptance), replaced on resend.
     */
    inviteTokenHash: text('invite_token_hash'),
    inviteExpiresAt: timestamp('invite_expires_at', { withTimezone: true }),
    invitedBy: uuid('invited_by'),
    /** External sign-in (OpenID Connect): the provider's issuer and the account's subject. */
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_invite_token_key').on(t.inviteTokenHash),
    uniqueIndex('users_oidc_subject_key').on(t.oidcIssuer, t.oidcSubject),
  ],
);

/** Database sessions: the cookie holds a random token, the row its SHA-256 (so a DB leak is no session leak). */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    upc: text('upc'),
    otherIdentifier: text('other_identifier'),
    name: text('name'),
    description: text('description'),
    distributor: text('distributor'),
    manufacturer: text('manufacturer'),
    category: text('category'),
    location: text('location'),
    currentQuantity: quantity('current_quantity').notNull().default(0),
    // Catalogue prices keep up to 4 decimals as imported (ERP unit costs); shown to 2.
    costPrice: numeric('cost_price', { precision: 14, scale: 4 }),
    price: numeric('price', { precision: 14, scale: 4 }),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // SKUs are unique per organisation, case-insensitively (the engine matches SKUs that way).
    uniqueIndex('products_org_sku_key').on(t.organizationId, sql`lower(${t.sku})`),
    index('products_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);

/**
 * A product's alternate identifiers (DESIGN.md section 5 rule 1, "Identifiers"): more barcodes
 * (matched at the UPC level) and aliases (the other identifier level), each with the units one
 * read counts (24 for a case of 24, 0.25 for a 250 g pack of a product counted in kg). In the
 * order the user gave them (`position`); they go with their product.
 */
export const productIdentifiers = pgTable(
  'product_identifiers',
  {
    organizationId: uuid('organization_id').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    value: text('value').notNull(),
    /** 'barcode' or 'alias'. */
    kind: text('kind').notNull(),
    units: quantity('units').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'product_identifiers_pkey', columns: [t.productId, t.position] }),
    check('product_identifiers_kind_check', sql`${t.kind} IN ('barcode', 'alias')`),
    check('product_identifiers_units_check', sql`${t.units} > 0`),
    index('product_identifiers_org_value_idx').on(t.organizationId, sql`lower(${t.value})`),
  ],
);

export const audits = pgTable(
  'audits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    section: text('section'),
    description: text('description'),
    /** cycle-count | product-audit. */
    auditType: text('audit_type').notNull(),
    /** standard | cross-validation (DESIGN.md section 5 step 3). */
    mode: text('mode').notNull().default('standard'),
    /** draft | pending | processing | complete | error. */
    status: text('status').notNull().default('draft'),
    errorMessage: text('error_message'),
    filterExpression: jsonb('filter_expression'),
    progress: integer('progress').notNull().default(0),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** While processing: queued | reading | reconciling | storing (docs/decisions/0056). */
    stage: text('stage'),
    /** The processing run's files and options (ProcessingJob, features/audits/processing-job.ts). */
    processingJob: jsonb('processing_job'),
    /** The worker holding the run; its heartbeat. A lease older than the limit is taken up again. */
    jobToken: uuid('job_token'),
    jobHeartbeatAt: timestamp('job_heartbeat_at', { withTimezone: true }),
    /** The audit this one recounts (DESIGN.md section 13), or null. */
    parentAuditId: uuid('parent_audit_id').references((): AnyPgColumn => audits.id, { onDelete: 'set null' }),
    /** A recount's scope: exactly these products (a list, not a filter); null for any other audit. */
    scopeProductIds: uuid('scope_product_ids').array(),
    /** Blind count on the floor (DESIGN.md section 14): null is the default, blind for members only. */
    countBlind: boolean('count_blind'),
    /**
     * Recompute from the kept scan files (DESIGN.md section 13, docs/decisions/0139): asked at,
     * the worker holding it and its heartbeat, when it last finished, and why the last run failed.
     */
    recomputeRequestedAt: timestamp('recompute_requested_at', { withTimezone: true }),
    recomputeToken: uuid('recompute_token'),
    recomputeHeartbeatAt: timestamp('recompute_heartbeat_at', { withTimezone: true }),
    recomputedAt: timestamp('recomputed_at', { withTimezone: true }),
    recomputeError: text('recompute_error'),
  },
  (t) => [
    index('audits_org_created_idx').on(t.organizationId, t.createdAt),
    index('audits_parent_idx').on(t.parentAuditId).where(sql`parent_audit_id IS NOT NULL`),
    index('audits_processing_idx').on(t.jobHeartbeatAt).where(sql`status = 'processing'`),
  ],
);

export const scanFiles = pgTable(
  'scan_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').notNull(),
    auditId: uuid('audit_id')
      .notNull()
      .references(() => audits.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    fileName: text('file_name').notNull(),
    teamName: text('team_name'),
    scannerId: text('scanner_id'),
    scanColumn: text('scan_column').notNull(),
    quantityColumn: text('quantity_column'),
    /** Whether the first row is a header: 'auto' (decided from the data, DESIGN.md section 6), 'yes' or 'no'. */
    headerChoice: text('header_choice').notNull().default('auto'),
    /** Data rows read (blank scan values excluded). */
    rowCount: integer('row_count').notNull().default(0),
    /** Scanned units (sum of quantities). */
    totalItems: quantity('total_items').notNull().default(0),
    matchRate: doublePrecision('match_rate'),
    /** Where the uploaded file was kept on disk until processing (before stored_file_chunks). */
    storagePath: text('storage_path'),
    /** The uploaded file kept in stored_file_chunks until processing (uploads one request per file). */
    storedFileId: uuid('stored_file_id'),
    /** A complete audit's file kept in stored_file_chunks for a recompute (docs/decisions/0138). */
    keptFileId: uuid('kept_file_id'),
    /** A complete audit's count session whose reads were this file, kept for a recompute. */
    keptCountSessionId: uuid('kept_count_session_id'),
    sizeBytes: integer('size_bytes').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('scan_files_audit_idx').on(t.auditId, t.position)],
);

/**
 * A counter's count of an audit on the floor (DESIGN.md section 14, docs/decisions/0125): one per
 * counter and audit. It is a scan file of the audit: its scan_files row carries this id as
 * `stored_file_id`, and processing writes the reads out as that file (count-file.ts).
 */
export const countSessions = pgTable(
  'count_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').notNull(),
    auditId: uuid('audit_id')
      .notNull()
      .references(() => audits.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The scan file's team: the counter's name. */
    teamName: text('team_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('count_sessions_audit_user_key').on(t.auditId, t.userId)],
);

/**
 * One read of a count session, keyed by the id the counting device made for it (UUIDv7): a batch
 * sent again stores nothing twice. A read has a value and a quantity (decimal, at most 3 places);
 * an undo has neither and `cancels` the read it takes back (the row check keeps the two apart).
 */
export const countReads = pgTable(
  'count_reads',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => countSessions.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    organizationId: uuid('organization_id').notNull(),
    value: text('value'),
    quantity: numeric('quantity', { precision: 18, scale: 3 }),
    /** The location label scanned before the read, if any. */
    location: text('location'),
    cancels: uuid('cancels'),
    /** When the device made the read (its clock); the file lists reads in this order. */
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.id] }),
    index('count_reads_undo_idx').on(t.sessionId, t.cancels).where(sql`cancels is not null`),
    check(
      'count_reads_kind',
      sql`(value is not null and quantity is not null and cancels is null) or (value is null and quantity is null and cancels is not null)`,
    ),
  ],
);

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Scan files uploaded ahead of processing, as an upload token (docs/decisions/0047): the preview
 * keeps the file here so that the upload calls take the token instead of the bytes. The token is
 * the organisation's alone and lapses at `expiresAt`; its chunks go with it (cascade).
 */
export const uploadTokens = pgTable(
  'upload_tokens',
  {
    token: uuid('token').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The stored file (stored_file_chunks.file_id). */
    fileId: uuid('file_id').notNull(),
    /** The name the user's file had: it decides the format and appears in every error. */
    fileName: text('file_name').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** A file on its way into an audit (stageScanFile), not a preview's: never answered to a client nor trimmed. */
    staging: boolean('staging').notNull().default(false),
    /**
     * The user whose preview kept the file (catalogue and quantity files, docs/decisions/0161):
     * only that user may name the token. Null for tokens any user of the organisation may name.
     */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('upload_tokens_expires_idx').on(t.expiresAt)],
);

/**
 * Uploaded scan files waiting to be processed, in the database so that every app server reads
 * them (DESIGN.md section 12): `seq`-ordered chunks of at most 1 MiB per file. A file belongs to
 * an audit (deleted with it) or, kept by a preview, to an upload token (deleted when it lapses).
 */
export const storedFileChunks = pgTable(
  'stored_file_chunks',
  {
    fileId: uuid('file_id').notNull(),
    seq: integer('seq').notNull(),
    organizationId: uuid('organization_id').notNull(),
    auditId: uuid('audit_id').references(() => audits.id, { onDelete: 'cascade' }),
    uploadToken: uuid('upload_token').references(() => uploadTokens.token, { onDelete: 'cascade' }),
    data: bytea('data').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.fileId, t.seq] }),
    index('stored_file_chunks_audit_idx').on(t.auditId),
    index('stored_file_chunks_upload_token_idx').on(t.uploadToken),
    check('stored_file_chunks_owner', sql`${t.auditId} is not null or ${t.uploadToken} is not null`),
  ],
);

/** One row per result item of a finished audit (the spec's "Result item"). */
export const auditResultLines = pgTable(
  'audit_result_lines',
  {
    organizationId: uuid('organization_id').notNull(),
    /** No foreign key: checked per row it was most of storing 120,000 lines on PGlite; the lines
     * go with their audit by the trigger audits_drop_result_lines (docs/decisions/0065). */
    auditId: uuid('audit_id').notNull(),
    category: text('category').notNull(),
    /** Order inside the category, as the engine produced it. */
    position: integer('position').notNull(),
    /** Null for notFound lines; no foreign key, so a deleted product leaves its lines (sku/name as they were). */
    productId: uuid('product_id'),
    sku: text('sku').notNull(),
    scanValue: text('scan_value'),
    matchedSku: text('matched_sku'),
    productName: text('product_name'),
    expectedQuantity: quantity('expected_quantity'),
    scannedQuantity: quantity('scanned_quantity').notNull(),
    difference: quantity('difference'),
    percentageDifference: doublePrecision('percentage_difference'),
    costPrice: numeric('cost_price', { precision: 12, scale: 2 }),
    varianceValue: numeric('variance_value', { precision: 14, scale: 2 }),
    actualCategory: text('actual_category'),
    location: text('location'),
    scanFiles: text('scan_files').array().notNull().default(sql`'{}'::text[]`),
    reason: text('reason'),
    badCheckDigit: boolean('bad_check_digit').notNull().default(false),
    /** scannedBefore/After with names, and cross-validation file counts. */
    context: jsonb('context'),
    /** The product's tags when the audit ran (DESIGN.md section 11): later tag edits keep history. */
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** Recounted (DESIGN.md section 13): this audit's own count before a recount set the figure; null otherwise. */
    firstCount: numeric('first_count', { precision: 18, scale: 3 }),
    /** The recount whose figure the line holds (the latest), or null. */
    recountAuditId: uuid('recount_audit_id'),
  },
  (t) => [primaryKey({ columns: [t.auditId, t.category, t.position] })],
);

/**
 * The notFound result lines (docs/decisions/0075): a scanned value matching no product. Apart from
 * `audit_result_lines` because a file of a million unknown codes makes a million of them, and
 * storing each costs COPY what it writes: here only the columns such a line can fill, keyed by
 * (audit_id, position) with that primary key as the only index (paging, search, exports). No
 * foreign key checked per row: the trigger `audits_drop_not_found_lines` deletes an audit's lines
 * with it (see the migration). Read back as ResultItems by `toNotFoundItem` (audits/repo.ts):
 * sku and scanValue are both `value`; product fields, location and file counts are null/empty,
 * and badCheckDigit is worked out from the value as the engine does.
 */
export const auditNotFoundLines = pgTable(
  'audit_not_found_lines',
  {
    auditId: uuid('audit_id').notNull(),
    /** Order among the audit's notFound lines, as the engine produced them. */
    position: integer('position').notNull(),
    /** The scanned value (the line's sku and scanValue). */
    value: text('value').notNull(),
    scannedQuantity: quantity('scanned_quantity').notNull(),
    /** The names of the files the value was scanned in, in upload order. */
    scanFiles: text('scan_files').array().notNull(),
    /** Why it matched nothing; null is 'unknown', the usual reason. */
    reason: text('reason'),
    /** scannedBefore/After with names (shelf context), or null without any. */
    context: jsonb('context'),
  },
  (t) => [primaryKey({ columns: [t.auditId, t.position] })],
);

/**
 * Serialised items (GS1 (01) + (21)) read again after their first read (DESIGN.md section 5
 * rule 1): not counted, listed apart in the results and the exports, in reading order.
 */
export const auditRepeatedReads = pgTable(
  'audit_repeated_reads',
  {
    auditId: uuid('audit_id')
      .notNull()
      .references(() => audits.id, { onDelete: 'cascade' }),
    /** Order among the audit's repeated reads (file, then line). */
    position: integer('position').notNull(),
    fileName: text('file_name').notNull(),
    /** Line of the scan file where the repeat was. */
    line: integer('line').notNull(),
    scanValue: text('scan_value').notNull(),
    /** The matched product's SKU and name when the audit ran; null when the GTIN matched none. */
    sku: text('sku'),
    productName: text('product_name'),
    gtin: text('gtin').notNull(),
    serial: text('serial').notNull(),
    /** Where the item was first read (the read that counted). */
    firstFileName: text('first_file_name').notNull(),
    firstLine: integer('first_line').notNull(),
  },
  (t) => [primaryKey({ columns: [t.auditId, t.position] })],
);

/**
 * One row per audit that ran, kept when the audit is deleted: the monthly audit count (DESIGN.md
 * section 4) counts these by `createdAt`, the time of the audit's first run, so a draft that never
 * ran counts nothing and deleting an audit that ran gives no quota back. Filled by the database
 * trigger `audits_count_run` when an audit's status becomes complete or error, once per audit
 * (migration 0020, docs/decisions/0118).
 */
export const auditCreations = pgTable(
  'audit_creations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The audit's id (no foreign key: the audit may be deleted). */
    auditId: uuid('audit_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('audit_creations_org_created_idx').on(t.organizationId, t.createdAt), uniqueIndex('audit_creations_audit_key').on(t.auditId)],
);

/** One row per finished audit: totals for lists, dashboard and results summaries. */
export const auditResultSummaries = pgTable('audit_result_summaries', {
  auditId: uuid('audit_id')
    .primaryKey()
    .references(() => audits.id, { onDelete: 'cascade' }),
  organizationId: uuid('organization_id').notNull(),
  totalScanned: quantity('total_scanned').notNull(),
  matchedScanned: quantity('matched_scanned').notNull(),
  matchRate: doublePrecision('match_rate').notNull(),
  accuracy: doublePrecision('accuracy'),
  processingTimeMs: integer('processing_time_ms').notNull(),
  totalProductsInFilter: integer('total_products_in_filter'),
  varianceUnits: quantity('variance_units').notNull(),
  varianceValue: numeric('variance_value', { precision: 14, scale: 2 }).notNull(),
  counts: jsonb('counts').notNull(),
  scanFileBreakdown: jsonb('scan_file_breakdown').notNull(),
  createdAt: createdAt(),
});

/**
 * Audit tasks (DESIGN.md section 9): one audit, one assignee of the same organisation.
 * Deleting the audit deletes its tasks; deleting a task never touches its audit.
 */
export const auditTasks = pgTable(
  'audit_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    auditId: uuid('audit_id')
      .notNull()
      .references(() => audits.id, { onDelete: 'cascade' }),
    /** The assignee; null once that user is deleted (the task stays, DESIGN.md section 8). */
    assignedTo: uuid('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description'),
    /** pending | in_progress | complete. */
    status: text('status').notNull().default('pending'),
    /** urgent | high | medium | low. */
    priority: text('priority').notNull().default('medium'),
    /** A calendar day, no time or zone (docs/decisions/0035). */
    dueDate: date('due_date', { mode: 'string' }),
    notes: text('notes'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('audit_tasks_org_assignee_idx').on(t.organizationId, t.assignedTo),
    index('audit_tasks_audit_idx').on(t.auditId),
  ],
);

/**
 * Tag analytics, per tag and audit (DESIGN.md section 11): the audited lines of a complete audit
 * whose product carried the tag when it ran. Written once when the audit completes; goes with it.
 */
export const tagAuditStats = pgTable(
  'tag_audit_stats',
  {
    organizationId: uuid('organization_id').notNull(),
    tag: text('tag').notNull(),
    /** No foreign key: checked per row it was a third of a refresh's write (200,000 rows at the
     * bench's size); the rows go with their audit by the trigger audits_drop_tag_audit_stats
     * (docs/decisions/0071). */
    auditId: uuid('audit_id').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
    auditedLines: integer('audited_lines').notNull(),
    accurateLines: integer('accurate_lines').notNull(),
    /** Sum of `difference` over the audited lines (signed units). */
    quantityVariance: quantity('quantity_variance').notNull(),
    /** Products whose latest audited line under the tag (over every complete audit) is in this
     * audit: summed over the audits completed since a date, the products audited under the tag
     * since then (docs/decisions/0098). */
    latestProducts: integer('latest_products').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.auditId, t.tag] }),
    index('tag_audit_stats_org_tag_idx').on(t.organizationId, t.tag, t.completedAt),
  ],
);

/**
 * Tag analytics: the complete audits of an organisation numbered in completion order, (completed_at,
 * id), so the per-product arrays hold 4-byte numbers instead of an audit id and a completion time
 * each, and a date range is a number range found once per query (docs/decisions/0071). Numbers
 * are not dense (a deleted audit leaves a gap); an audit completed before an already numbered one
 * moves the later numbers up by one, in this table and in the arrays.
 */
export const tagAuditNumbers = pgTable(
  'tag_audit_numbers',
  {
    organizationId: uuid('organization_id').notNull(),
    auditId: uuid('audit_id')
      .primaryKey()
      .references(() => audits.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('tag_audit_numbers_org_number_idx').on(t.organizationId, t.number)],
);

/**
 * Tag analytics, per tag and product: the product's audited lines under the tag, one array
 * element per complete audit, ordered by audit number (= completion order; equal arrays'
 * positions belong together). Sorted numbers let a date range be answered by binary search
 * (`width_bucket`); the running totals make the figures of any range two subscripts (total at hi
 * minus total at lo), docs/decisions/0040, 0041 and 0071.
 */
export const tagProductStats = pgTable(
  'tag_product_stats',
  {
    organizationId: uuid('organization_id').notNull(),
    tag: text('tag').notNull(),
    productId: uuid('product_id').notNull(),
    /** SKU and name on the product's latest line (a deleted product keeps its history). */
    sku: text('sku').notNull(),
    productName: text('product_name'),
    /** `tag_audit_numbers.number` of each audit, ascending. */
    auditNumbers: integer('audit_numbers').array().notNull(),
    /** The latest completion time of those audits: "audited since X" without reading the arrays. */
    lastCompletedAt: timestamp('last_completed_at', { withTimezone: true }).notNull(),
    /** Element i: how many of the audits 1..i found the product accurate (a running count). */
    accurateCounts: integer('accurate_counts').array().notNull(),
    /** Element i: the summed `difference` of the audits 1..i (a running sum, signed units). */
    varianceSums: quantity('variance_sums').array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.tag, t.productId] }),
    index('tag_product_stats_org_tag_last_idx').on(t.organizationId, t.tag, t.lastCompletedAt),
  ],
);

/**
 * Tag analytics: each `tag_product_stats` row's audit numbers alone (the same array, kept equal by
 * the statements that write those), so a date range ending in the past counts the products audited
 * in it from these narrow rows instead of the wide ones (docs/decisions/0156).
 */
export const tagProductAuditNumbers = pgTable(
  'tag_product_audit_numbers',
  {
    organizationId: uuid('organization_id').notNull(),
    tag: text('tag').notNull(),
    productId: uuid('product_id').notNull(),
    /** `tag_audit_numbers.number` of each audit, ascending: `tag_product_stats.audit_numbers`. */
    auditNumbers: integer('audit_numbers').array().notNull(),
  },
  (t) => [primaryKey({ name: 'tag_product_audit_numbers_pk', columns: [t.organizationId, t.tag, t.productId] })],
);

/**
 * Tag analytics: the version of an organisation's aggregates (DESIGN.md section 11;
 * docs/decisions/0129), one more at every completion, deletion and replacement of an audit's
 * lines and at every rebuild, in the transaction that changes them. The Refresh call answers it;
 * no row reads as version 0.
 */
export const tagStatsVersions = pgTable('tag_stats_versions', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Tag analytics: full rebuilds of an organisation's aggregates from the result lines, each a
 * background job (docs/decisions/0130). At most one queued or running per organisation; the
 * worker moves `progress` (0-100) and `stage` and beats `heartbeat_at` while it runs.
 */
export const tagStatsRebuilds = pgTable(
  'tag_stats_rebuilds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The owner who asked for it; null when the operator command did. */
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** 'queued' | 'running' | 'complete' | 'error' */
    status: text('status').notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    /** `TagRebuildStage` of src/contracts/tag-analytics.ts. */
    stage: text('stage').notNull().default('queued'),
    error: text('error'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('tag_stats_rebuilds_status', sql`${t.status} in ('queued', 'running', 'complete', 'error')`),
    index('tag_stats_rebuilds_org_created_idx').on(t.organizationId, t.createdAt),
    uniqueIndex('tag_stats_rebuilds_one_open_idx').on(t.organizationId).where(sql`${t.status} in ('queued', 'running')`),
  ],
);

/**
 * The catalogue's version per organisation (docs/decisions/0131): one more at every statement
 * that inserts, updates or deletes the organisation's products, by the triggers
 * products_*_catalogue_version (migration 0023), whichever code runs it. The product list caches
 * its answers and totals under it. No row reads as version 0.
 */
export const catalogueVersions = pgTable('catalogue_versions', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * Applications of an audit's final counts to current stock (DESIGN.md section 13, migration
 * 0021): who applied, when, whether the zero sheet was set to 0, and who reversed it. At most one
 * unreversed application per audit (partial unique index), so applying twice changes nothing.
 */
export const auditApplications = pgTable(
  'audit_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    auditId: uuid('audit_id')
      .notNull()
      .references(() => audits.id, { onDelete: 'cascade' }),
    appliedBy: uuid('applied_by').references(() => users.id, { onDelete: 'set null' }),
    /** The applier's name as it was (kept when the user is removed). */
    appliedByName: text('applied_by_name').notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
    /** Whether never-counted in-scope products (the zero sheet) were set to 0. */
    zeroSheet: boolean('zero_sheet').notNull(),
    reversedBy: uuid('reversed_by').references(() => users.id, { onDelete: 'set null' }),
    reversedByName: text('reversed_by_name'),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
  },
  (t) => [
    index('audit_applications_audit_idx').on(t.auditId, t.appliedAt),
    uniqueIndex('audit_applications_one_active_key').on(t.auditId).where(sql`reversed_at IS NULL`),
  ],
);

/**
 * A product's stock history (DESIGN.md section 13): one row per change of current stock by an
 * audit's application or its reversal, quantities numeric(18,3) as strings. A counted product
 * whose stock already matched gets a row with difference 0 (proof it was counted).
 */
export const stockAdjustments = pgTable(
  'stock_adjustments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The product's SKU when adjusted. */
    sku: text('sku').notNull(),
    applicationId: uuid('application_id').references(() => auditApplications.id, { onDelete: 'set null' }),
    auditId: uuid('audit_id').references(() => audits.id, { onDelete: 'set null' }),
    /** The audit's name when adjusted (kept when the audit is deleted). */
    auditName: text('audit_name'),
    quantityBefore: numeric('quantity_before', { precision: 18, scale: 3 }).notNull(),
    quantityAfter: numeric('quantity_after', { precision: 18, scale: 3 }).notNull(),
    /** after - before. */
    difference: numeric('difference', { precision: 18, scale: 3 }).notNull(),
    /** audit-applied | zero-sheet | application-reversed (contracts/stock.ts). */
    reason: text('reason').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('stock_adjustments_product_idx').on(t.organizationId, t.productId, t.id),
    index('stock_adjustments_application_idx').on(t.applicationId),
  ],
);

export const schema = {
  organizations,
  users,
  productIdentifiers,
  sessions,
  products,
  audits,
  scanFiles,
  countSessions,
  countReads,
  storedFileChunks,
  uploadTokens,
  auditResultLines,
  auditResultSummaries,
  auditCreations,
  stripeEvents,
  auditTasks,
  tagAuditStats,
  tagAuditNumbers,
  tagProductStats,
  tagProductAuditNumbers,
  tagStatsVersions,
  tagStatsRebuilds,
  catalogueVersions,
  auditApplications,
  stockAdjustments,
};

/**
 * Rate-limit counters (DESIGN.md section 3; docs/decisions/0026): one row per limited route and
 * client address, shared by every app server and kept across restarts. `resetAt` ends the window.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_reset_idx').on(t.resetAt)],
);
