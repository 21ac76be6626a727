/**
 * Audits SQL: audits, scan files, result lines and summaries. Every statement is scoped by
 * organization_id; an audit of another organisation reads as missing (DESIGN.md section 2).
 */
import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, max, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditResultLines, auditResultSummaries, audits, products, scanFiles } from '../../db/schema.js';
import type { Audit, AuditStatus, ScanFile } from '../../../contracts/audits.js';
import {
  RESULT_CATEGORIES,
  type CategoryCounts,
  type EnhancedResults,
  type ResultCategory,
  type ResultItem,
  type ScanFileBreakdown,
} from '../../../contracts/results.js';
import type { CatalogueProduct } from '../../../domain/reconcile.js';

export type AuditRow = typeof audits.$inferSelect;
export type SummaryRow = typeof auditResultSummaries.$inferSelect;
export type ScanFileRow = typeof scanFiles.$inferSelect;
type LineRow = typeof auditResultLines.$inferSelect;

export async function insertAudit(db: Db, values: typeof audits.$inferInsert): Promise<AuditRow> {
  const [row] = await db.insert(audits).values(values).returning();
  return row!;
}

/** The audit with `id` in the organisation, or null (missing, other organisation, or not a uuid). */
export async function findAudit(db: Db, organizationId: string, id: string): Promise<AuditRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(audits)
    .where(and(eq(audits.id, id), eq(audits.organizationId, organizationId)))
    .limit(1);
  return row ?? null;
}

export function isUuid(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
}

export async function updateAudit(db: Db, id: string, values: Partial<typeof audits.$inferInsert>): Promise<void> {
  await db.update(audits).set(values).where(eq(audits.id, id));
}

/**
 * Sets `values` only while the audit's status is one of `statuses`, in one statement, so two
 * requests cannot both start processing the same audit. False when the status was another.
 */
export async function updateAuditIfStatus(
  db: Db,
  id: string,
  statuses: readonly string[],
  values: Partial<typeof audits.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(audits)
    .set(values)
    .where(and(eq(audits.id, id), inArray(audits.status, [...statuses])))
    .returning({ id: audits.id });
  return rows.length > 0;
}

/** Audits of the organisation created at or after `since` (the monthly plan limit). */
export async function countAuditsCreatedSince(db: Db, organizationId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(audits)
    .where(and(eq(audits.organizationId, organizationId), gte(audits.createdAt, since)));
  return Number(row?.n ?? 0);
}

/** Adds a scan file row at the end of the audit's files (position = last + 1). */
export async function insertScanFile(
  db: Db,
  values: Omit<typeof scanFiles.$inferInsert, 'position'>,
): Promise<ScanFileRow> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    // One upload at a time per audit: positions stay distinct when two arrive together.
    await tx.execute(sql`select id from audits where id = ${values.auditId} for update`);
    const [last] = await tx.select({ p: max(scanFiles.position) }).from(scanFiles).where(eq(scanFiles.auditId, values.auditId));
    const [row] = await tx
      .insert(scanFiles)
      .values({ ...values, position: (last?.p ?? -1) + 1 })
      .returning();
    return row!;
  });
}

/** The audit's files uploaded one at a time and kept on disk for processing, in upload order. */
export async function listStoredScanFiles(db: Db, organizationId: string, auditId: string): Promise<ScanFileRow[]> {
  return db
    .select()
    .from(scanFiles)
    .where(and(eq(scanFiles.organizationId, organizationId), eq(scanFiles.auditId, auditId), isNotNull(scanFiles.storagePath)))
    .orderBy(asc(scanFiles.position));
}

/** Deletes the audit (lines, files and summary cascade); false when it was not there. */
export async function deleteAuditRow(db: Db, organizationId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db
    .delete(audits)
    .where(and(eq(audits.id, id), eq(audits.organizationId, organizationId)))
    .returning({ id: audits.id });
  return rows.length > 0;
}

/** Audits of the organisation, newest first, with their summaries and scan files. */
export async function listAudits(db: Db, organizationId: string): Promise<Audit[]> {
  const rows = await db
    .select({ audit: audits, summary: auditResultSummaries })
    .from(audits)
    .leftJoin(auditResultSummaries, eq(auditResultSummaries.auditId, audits.id))
    .where(eq(audits.organizationId, organizationId))
    .orderBy(desc(audits.createdAt), desc(audits.id));
  const files = rows.length
    ? await db
        .select()
        .from(scanFiles)
        .where(and(eq(scanFiles.organizationId, organizationId), inArray(scanFiles.auditId, rows.map((r) => r.audit.id))))
        .orderBy(asc(scanFiles.position))
    : [];
  return rows.map((r) => toAudit(r.audit, r.summary, files.filter((f) => f.auditId === r.audit.id)));
}

/** The API shape of one audit (GET /api/audits/{id}). */
export async function readAudit(db: Db, row: AuditRow): Promise<Audit> {
  const [summary] = await db.select().from(auditResultSummaries).where(eq(auditResultSummaries.auditId, row.id));
  const files = await db.select().from(scanFiles).where(eq(scanFiles.auditId, row.id)).orderBy(asc(scanFiles.position));
  return toAudit(row, summary ?? null, files);
}

export function toScanFile(f: ScanFileRow): ScanFile {
  return {
    id: f.id,
    fileName: f.fileName,
    teamName: f.teamName,
    scannerId: f.scannerId,
    scanColumn: f.scanColumn,
    quantityColumn: f.quantityColumn,
    rowCount: f.rowCount,
    totalItems: f.totalItems,
    matchRate: f.matchRate,
    position: f.position,
    pendingProcessing: f.storagePath !== null,
  };
}

function toAudit(row: AuditRow, summary: SummaryRow | null, files: ScanFileRow[]): Audit {
  const counts = (summary?.counts ?? null) as CategoryCounts | null;
  const scannedLines = counts
    ? counts.quantityCorrect +
      counts.quantityAbove +
      counts.quantityBelow +
      counts.crossFileDiscrepancies +
      counts.notFound +
      counts.scannedNotExpected
    : null;
  return {
    id: row.id,
    name: row.name,
    section: row.section,
    description: row.description,
    auditType: row.auditType as Audit['auditType'],
    mode: row.mode as Audit['mode'],
    status: row.status as AuditStatus,
    errorMessage: row.errorMessage,
    filterExpression: row.filterExpression ?? null,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    userId: row.userId,
    progress: row.progress,
    itemsScanned: summary?.totalScanned ?? null,
    productsMatched: counts?.quantityCorrect ?? null,
    totalScannedProducts: scannedLines,
    quantityOff: counts ? counts.quantityAbove + counts.quantityBelow + counts.crossFileDiscrepancies : null,
    productsNotMatched: counts ? counts.notFound + counts.scannedNotExpected : null,
    matchRate: summary?.matchRate ?? null,
    quantityDiscrepancies: counts ? counts.quantityAbove + counts.quantityBelow + counts.crossFileDiscrepancies : null,
    missingItems: counts?.zeroSheetItems ?? null,
    unrecognizedItems: counts?.notFound ?? null,
    hasTask: false,
    scanFiles: files.map(toScanFile),
  };
}

/**
 * The catalogue as the engine needs it: every product of the organisation with its current
 * quantity (the expected-quantity snapshot taken when processing starts, DESIGN.md section 2).
 * `inScope` is set by the caller (all for a cycle count; the filter's matches for a product audit).
 */
export async function loadCatalogue(db: Db, organizationId: string): Promise<Array<CatalogueProduct & { tags: string[]; manufacturer: string | null; distributor: string | null }>> {
  const rows = await db
    .select({
      id: products.id,
      sku: products.sku,
      upc: products.upc,
      otherIdentifier: products.otherIdentifier,
      name: products.name,
      category: products.category,
      location: products.location,
      manufacturer: products.manufacturer,
      distributor: products.distributor,
      tags: products.tags,
      expectedQuantity: products.currentQuantity,
      costPrice: products.costPrice,
    })
    .from(products)
    .where(eq(products.organizationId, organizationId))
    .orderBy(asc(products.sku));
  return rows.map((r) => ({ ...r, inScope: true }));
}

export interface StoredScanFile {
  position: number;
  fileName: string;
  teamName: string | null;
  scannerId: string | null;
  scanColumn: string;
  quantityColumn: string | null;
  rowCount: number;
  sizeBytes: number;
}

const LINE_BATCH = 500;

/**
 * Replaces the audit's scan files, result lines and summary with `results` and marks it complete,
 * all in one transaction: a failure leaves no partial results (issue: processing is atomic).
 */
export async function storeResults(
  db: Db,
  audit: AuditRow,
  files: StoredScanFile[],
  results: EnhancedResults,
): Promise<void> {
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx.delete(auditResultLines).where(eq(auditResultLines.auditId, audit.id));
    await tx.delete(auditResultSummaries).where(eq(auditResultSummaries.auditId, audit.id));
    await tx.delete(scanFiles).where(eq(scanFiles.auditId, audit.id));
    const breakdown = results.summary.scanFileBreakdown;
    if (files.length) {
      await tx.insert(scanFiles).values(
        files.map((f, i) => ({
          organizationId: audit.organizationId,
          auditId: audit.id,
          position: f.position,
          fileName: f.fileName,
          teamName: f.teamName,
          scannerId: f.scannerId,
          scanColumn: f.scanColumn,
          quantityColumn: f.quantityColumn,
          rowCount: f.rowCount,
          sizeBytes: f.sizeBytes,
          totalItems: breakdown[i]?.totalItems ?? 0,
          matchRate: breakdown[i]?.matchRate ?? null,
        })),
      );
    }
    for (const category of RESULT_CATEGORIES) {
      const items = results.categories[category];
      for (let i = 0; i < items.length; i += LINE_BATCH) {
        await tx.insert(auditResultLines).values(
          items.slice(i, i + LINE_BATCH).map((item, j) => toLineRow(audit, category, i + j, item)),
        );
      }
    }
    await tx.insert(auditResultSummaries).values({
      auditId: audit.id,
      organizationId: audit.organizationId,
      totalScanned: results.summary.totalScanned,
      matchedScanned: results.summary.matchedScanned,
      matchRate: results.summary.matchRate,
      accuracy: results.summary.accuracy,
      processingTimeMs: Math.round(results.summary.processingTime),
      totalProductsInFilter: results.totalProductsInFilter,
      varianceUnits: results.summary.varianceUnits,
      varianceValue: results.summary.varianceValue,
      counts: results.counts,
      scanFileBreakdown: breakdown,
    });
    await tx
      .update(audits)
      .set({ status: 'complete', progress: 100, completedAt: new Date(), errorMessage: null })
      .where(eq(audits.id, audit.id));
  });
}

function toLineRow(audit: AuditRow, category: ResultCategory, position: number, item: ResultItem): typeof auditResultLines.$inferInsert {
  return {
    organizationId: audit.organizationId,
    auditId: audit.id,
    category,
    position,
    productId: item.productId,
    sku: item.sku,
    scanValue: item.scanValue,
    matchedSku: item.matchedSku,
    productName: item.productName,
    expectedQuantity: item.expectedQuantity,
    scannedQuantity: item.scannedQuantity,
    difference: item.difference,
    percentageDifference: item.percentageDifference,
    costPrice: item.costPrice,
    varianceValue: item.varianceValue,
    actualCategory: item.actualCategory,
    location: item.location,
    scanFiles: item.scanFiles,
    reason: item.reason,
    badCheckDigit: item.badCheckDigit,
    context: {
      scannedBefore: item.scannedBefore,
      scannedBeforeName: item.scannedBeforeName,
      scannedAfter: item.scannedAfter,
      scannedAfterName: item.scannedAfterName,
      fileCounts: item.fileCounts,
    },
  };
}

interface LineContext {
  scannedBefore: string | null;
  scannedBeforeName: string | null;
  scannedAfter: string | null;
  scannedAfterName: string | null;
  fileCounts: ResultItem['fileCounts'];
}

export function toResultItem(row: LineRow): ResultItem {
  const ctx = (row.context ?? {}) as Partial<LineContext>;
  return {
    sku: row.sku,
    scanValue: row.scanValue,
    matchedSku: row.matchedSku,
    productId: row.productId,
    productName: row.productName,
    expectedQuantity: row.expectedQuantity,
    scannedQuantity: row.scannedQuantity,
    difference: row.difference,
    percentageDifference: row.percentageDifference,
    costPrice: row.costPrice,
    varianceValue: row.varianceValue,
    scannedBefore: ctx.scannedBefore ?? null,
    scannedBeforeName: ctx.scannedBeforeName ?? null,
    scannedAfter: ctx.scannedAfter ?? null,
    scannedAfterName: ctx.scannedAfterName ?? null,
    actualCategory: row.actualCategory,
    location: row.location,
    scanFiles: row.scanFiles,
    reason: row.reason,
    fileCounts: ctx.fileCounts ?? [],
    badCheckDigit: row.badCheckDigit,
  };
}

export async function readSummary(db: Db, auditId: string): Promise<SummaryRow | null> {
  const [row] = await db.select().from(auditResultSummaries).where(eq(auditResultSummaries.auditId, auditId));
  return row ?? null;
}

function lineFilter(auditId: string, category: ResultCategory, search: string | undefined): SQL {
  const base = and(eq(auditResultLines.auditId, auditId), eq(auditResultLines.category, category))!;
  if (!search) return base;
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return and(
    base,
    or(
      ilike(auditResultLines.sku, pattern),
      ilike(auditResultLines.scanValue, pattern),
      ilike(auditResultLines.productName, pattern),
      ilike(auditResultLines.location, pattern),
    ),
  )!;
}

/** One page of a category's lines matching `search`, and how many lines match in all. */
export async function readLinesPage(
  db: Db,
  opts: { auditId: string; category: ResultCategory; search?: string; page: number; pageSize: number },
): Promise<{ items: ResultItem[]; total: number }> {
  const where = lineFilter(opts.auditId, opts.category, opts.search);
  const [[totalRow], rows] = await Promise.all([
    db.select({ n: count() }).from(auditResultLines).where(where),
    db
      .select()
      .from(auditResultLines)
      .where(where)
      .orderBy(asc(auditResultLines.position))
      .limit(opts.pageSize)
      .offset((opts.page - 1) * opts.pageSize),
  ]);
  return { items: rows.map(toResultItem), total: Number(totalRow?.n ?? 0) };
}

/** Streams a category's lines in position order, a page of `pageSize` rows at a time (exports). */
export async function* streamLines(db: Db, auditId: string, category: ResultCategory, pageSize = 2000): AsyncGenerator<ResultItem> {
  let after = -1;
  for (;;) {
    const rows = await db
      .select()
      .from(auditResultLines)
      .where(and(eq(auditResultLines.auditId, auditId), eq(auditResultLines.category, category), sql`${auditResultLines.position} > ${after}`))
      .orderBy(asc(auditResultLines.position))
      .limit(pageSize);
    for (const row of rows) yield toResultItem(row);
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1]!.position;
  }
}

export function breakdownOf(summary: SummaryRow): ScanFileBreakdown[] {
  return summary.scanFileBreakdown as ScanFileBreakdown[];
}
