/**
 * Database schema (Drizzle, pg-core), DESIGN.md section 2. Every tenant-owned row carries
 * organization_id and every query filters by it. Money is numeric(12,2); quantities integers.
 * Migrations are generated from this file by drizzle-kit into ./drizzle and applied at start.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** free | starter | pro; changed only by the payment provider's webhook or an operator. */
  subscriptionTier: text('subscription_tier').notNull().default('free'),
  createdAt: createdAt(),
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
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
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
    currentQuantity: integer('current_quantity').notNull().default(0),
    costPrice: numeric('cost_price', { precision: 12, scale: 2 }),
    price: numeric('price', { precision: 12, scale: 2 }),
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
  },
  (t) => [index('audits_org_created_idx').on(t.organizationId, t.createdAt)],
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
    /** Data rows read (blank scan values excluded). */
    rowCount: integer('row_count').notNull().default(0),
    /** Scanned units (sum of quantities). */
    totalItems: integer('total_items').notNull().default(0),
    matchRate: doublePrecision('match_rate'),
    /** Where the uploaded file is kept until processing (uploads one request per file). */
    storagePath: text('storage_path'),
    sizeBytes: integer('size_bytes').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('scan_files_audit_idx').on(t.auditId, t.position)],
);

/** One row per result item of a finished audit (the spec's "Result item"). */
export const auditResultLines = pgTable(
  'audit_result_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: uuid('organization_id').notNull(),
    auditId: uuid('audit_id')
      .notNull()
      .references(() => audits.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    /** Order inside the category, as the engine produced it. */
    position: integer('position').notNull(),
    /** Null for notFound lines; no foreign key, so a deleted product leaves its lines (sku/name as they were). */
    productId: uuid('product_id'),
    sku: text('sku').notNull(),
    scanValue: text('scan_value'),
    matchedSku: text('matched_sku'),
    productName: text('product_name'),
    expectedQuantity: integer('expected_quantity'),
    scannedQuantity: integer('scanned_quantity').notNull(),
    difference: integer('difference'),
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
  },
  (t) => [index('audit_result_lines_audit_idx').on(t.auditId, t.category, t.position)],
);

/** One row per finished audit: totals for lists, dashboard and results summaries. */
export const auditResultSummaries = pgTable('audit_result_summaries', {
  auditId: uuid('audit_id')
    .primaryKey()
    .references(() => audits.id, { onDelete: 'cascade' }),
  organizationId: uuid('organization_id').notNull(),
  totalScanned: integer('total_scanned').notNull(),
  matchedScanned: integer('matched_scanned').notNull(),
  matchRate: doublePrecision('match_rate').notNull(),
  accuracy: doublePrecision('accuracy'),
  processingTimeMs: integer('processing_time_ms').notNull(),
  totalProductsInFilter: integer('total_products_in_filter'),
  varianceUnits: integer('variance_units').notNull(),
  varianceValue: numeric('variance_value', { precision: 14, scale: 2 }).notNull(),
  counts: jsonb('counts').notNull(),
  scanFileBreakdown: jsonb('scan_file_breakdown').notNull(),
  createdAt: createdAt(),
});

export const schema = {
  organizations,
  users,
  sessions,
  products,
  audits,
  scanFiles,
  auditResultLines,
  auditResultSummaries,
};

