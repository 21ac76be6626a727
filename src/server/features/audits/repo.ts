/**
 * Audits SQL: audits, scan files, result lines and summaries. Every statement is scoped by
 * organization_id; an audit of another organisation reads as missing (DESIGN.md section 2).
 */
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, max, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { runsOnPglite, type Db } from '../../db/client.js';
import { auditCreations, auditNotFoundLines, auditResultLines, auditResultSummaries, auditTasks, audits, products, scanFiles, storedFileChunks, users } from '../../db/schema.js';
import type { Audit, AuditListQuery, AuditListTab, AuditPage, AuditStatus, ScanFile } from '../../../contracts/audits.js';
import { escapeLike } from '../products/product-filters-sql.js';
import {
  type CategoryCounts,
  type EnhancedResults,
  type ResultCategory,
  type MoneySummary,
  type ResultItem,
  type ResultSort,
  type ScanFileBreakdown,
} from '../../../contracts/results.js';
import { hasBadCheckDigit } from '../../../domain/gtin.js';
import { completeTasksOfAudit } from '../tasks/complete-tasks-of-audit.js';
import { copyCsvFile, copyCsvFileInSlices, copyCsvText } from '../../db/bulk-copy.js';
import {
  NOT_FOUND_LINE_COLUMNS,
  RESULT_LINE_COLUMNS,
  USUAL_NOT_FOUND_REASON,
  csvChunksOf,
  notFoundLineRows,
  resultLineRows,
  type LineContext,
} from './result-lines.js';
import type { GrowingFile } from '../../db/growing-file.js';
import { recordAuditTagStats } from '../tag-analytics/stats-repo.js';
import { recountIntoParents } from './recount-into-parent.js';
import { storeRepeatedReads } from './repeated-reads-repo.js';
import { recomputeStateOf } from './recompute-state.js';

export type AuditRow = typeof audits.$inferSelect;
export type SummaryRow = typeof auditResultSummaries.$inferSelect;
export type ScanFileRow = typeof scanFiles.$inferSelect;
type LineRow = typeof auditResultLines.$inferSelect;
type NotFoundRow = typeof auditNotFoundLines.$inferSelect;
/** The fields of an `audit_result_lines` row that make its ResultItem (`toResultItem`). */
export type LineFields = Pick<
  LineRow,
  | 'productId' | 'sku' | 'scanValue' | 'matchedSku' | 'productName' | 'expectedQuantity' | 'scannedQuantity' | 'difference'
  | 'percentageDifference' | 'costPrice' | 'varianceValue' | 'actualCategory' | 'location' | 'scanFiles' | 'reason' | 'badCheckDigit' | 'context'
>;
/** The fields of an `audit_not_found_lines` row that make its ResultItem (`toNotFoundItem`). */
export type NotFoundFields = Pick<NotFoundRow, 'value' | 'scannedQuantity' | 'scanFiles' | 'reason' | 'context'>;

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

/** Whether the audit has run before (it has its row in audit_creations). */
export async function auditHasRun(db: Db, auditId: string): Promise<boolean> {
  const [row] = await db.select({ id: auditCreations.id }).from(auditCreations).where(eq(auditCreations.auditId, auditId)).limit(1);
  return row !== undefined;
}

/** Whether a task points at the audit or a scan file belongs to it. */
export async function auditHasTaskOrFiles(db: Db, auditId: string): Promise<boolean> {
  const [task] = await db.select({ id: auditTasks.id }).from(auditTasks).where(eq(auditTasks.auditId, auditId)).limit(1);
  if (task) return true;
  const [file] = await db.select({ id: scanFiles.id }).from(scanFiles).where(eq(scanFiles.auditId, auditId)).limit(1);
  return file !== undefined;
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

/** The audit's files uploaded one at a time and kept in the database for processing, in upload order. */
export async function listStoredScanFiles(db: Db, organizationId: string, auditId: string): Promise<ScanFileRow[]> {
  return db
    .select()
    .from(scanFiles)
    .where(and(eq(scanFiles.organizationId, organizationId), eq(scanFiles.auditId, auditId), isNotNull(scanFiles.storedFileId)))
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

/**
 * The audit's first task as `{ title, assignee }` (assignee: name, else e-mail, else null), or
 * null without one: the list's Resume for 'draft with a task', and what tells two drafts apart.
 */
const hasTaskSql = sql<{ title: string; assignee: string | null } | null>`(
  select json_build_object('title', t.title, 'assignee', coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email))
  from ${auditTasks} t left join ${users} u on u.id = t.assigned_to
  where t.audit_id = audits.id order by t.created_at limit 1)`;

/** Audits of the organisation, newest first, with their summaries and scan files. */
export async function listAudits(db: Db, organizationId: string): Promise<Audit[]> {
  const rows = await db
    .select({ audit: audits, summary: auditResultSummaries, hasTask: hasTaskSql })
    .from(audits)
    .leftJoin(auditResultSummaries, eq(auditResultSummaries.auditId, audits.id))
    .where(eq(audits.organizationId, organizationId))
    .orderBy(desc(audits.createdAt), desc(audits.id));
  return withScanFiles(db, organizationId, rows);
}

/**
 * One page of the audit list (`GET /api/audits?page=N`), newest first: the audits matching the
 * search (name contains, case-insensitive), the status dropdown and the tab, with the total and,
 * per tab, the count the search and dropdown leave. A page past the end is empty.
 */
export async function listAuditPage(db: Db, organizationId: string, query: AuditListQuery): Promise<AuditPage> {
  const matching: SQL[] = [eq(audits.organizationId, organizationId)];
  if (query.search) matching.push(sql`lower(${audits.name}) LIKE lower(${`%${escapeLike(query.search)}%`})`);
  if (query.status !== 'all') matching.push(eq(audits.status, query.status));

  const counts: Record<AuditListTab, number> = { all: 0, draft: 0, pending: 0, processing: 0, complete: 0, error: 0 };
  const perStatus = await db
    .select({ status: audits.status, n: count() })
    .from(audits)
    .where(and(...matching))
    .groupBy(audits.status);
  for (const { status, n } of perStatus) {
    counts.all += n;
    if (status in counts) counts[status as AuditListTab] += n;
  }

  const inTab = query.tab === 'all' ? matching : [...matching, eq(audits.status, query.tab)];
  const rows = await db
    .select({ audit: audits, summary: auditResultSummaries, hasTask: hasTaskSql })
    .from(audits)
    .leftJoin(auditResultSummaries, eq(auditResultSummaries.auditId, audits.id))
    .where(and(...inTab))
    .orderBy(desc(audits.createdAt), desc(audits.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return {
    audits: await withScanFiles(db, organizationId, rows),
    total: counts[query.tab],
    page: query.page,
    limit: query.limit,
    counts,
  };
}

async function withScanFiles(
  db: Db,
  organizationId: string,
  rows: Array<{ audit: AuditRow; summary: SummaryRow | null; hasTask: AuditTaskBrief | null }>,
): Promise<Audit[]> {
  const files = rows.length
    ? await db
        .select()
        .from(scanFiles)
        .where(and(eq(scanFiles.organizationId, organizationId), inArray(scanFiles.auditId, rows.map((r) => r.audit.id))))
        .orderBy(asc(scanFiles.position))
    : [];
  return rows.map((r) => toAudit(r.audit, r.summary, files.filter((f) => f.auditId === r.audit.id), r.hasTask));
}

/** The API shape of one audit (GET /api/audits/{id}). */
export async function readAudit(db: Db, row: AuditRow): Promise<Audit> {
  const [summary] = await db.select().from(auditResultSummaries).where(eq(auditResultSummaries.auditId, row.id));
  const files = await db.select().from(scanFiles).where(eq(scanFiles.auditId, row.id)).orderBy(asc(scanFiles.position));
  const [task] = await db.select({ task: hasTaskSql }).from(audits).where(eq(audits.id, row.id));
  return toAudit(row, summary ?? null, files, task?.task ?? null);
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
    pendingProcessing: f.storedFileId !== null,
  };
}

type AuditTaskBrief = { title: string; assignee: string | null };

function toAudit(row: AuditRow, summary: SummaryRow | null, files: ScanFileRow[], task: AuditTaskBrief | null): Audit {
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
    stage: (row.stage as Audit['stage']) ?? null,
    itemsScanned: summary?.totalScanned ?? null,
    productsMatched: counts?.quantityCorrect ?? null,
    totalScannedProducts: scannedLines,
    quantityOff: counts ? counts.quantityAbove + counts.quantityBelow + counts.crossFileDiscrepancies : null,
    productsNotMatched: counts ? counts.notFound + counts.scannedNotExpected : null,
    matchRate: summary?.matchRate ?? null,
    accuracy: summary?.accuracy ?? null,
    quantityDiscrepancies: counts ? counts.quantityAbove + counts.quantityBelow + counts.crossFileDiscrepancies : null,
    missingItems: counts?.zeroSheetItems ?? null,
    unrecognizedItems: counts?.notFound ?? null,
    hasTask: task !== null,
    task: task === null ? null : { title: task.title, assignedToName: task.assignee },
    parentAuditId: row.parentAuditId ?? null,
    scopeProductCount: row.scopeProductIds?.length ?? null,
    canRecompute: row.status === 'complete' && files.length > 0 && files.every((f) => f.keptFileId !== null || f.keptCountSessionId !== null),
    recomputeState: recomputeStateOf(row),
    recomputedAt: row.recomputedAt?.toISOString() ?? null,
    recomputeError: row.recomputeError,
    scanFiles: files.map(toScanFile),
    countBlind: row.countBlind ?? null,
  };
}

/**
 * The organisation's catalogue with its current quantities (the expected-quantity snapshot taken
 * when processing starts, DESIGN.md section 2), as the processing thread receives it: one JSON text (an array of
 * `[id, sku, upc, otherIdentifier, name, category, location, manufacturer, distributor, tags,
 * expectedQuantity, costPrice, alternates?]`, cost price as the column's decimal text, alternates
 * `[[value, kind, units], ...]` only when the organisation has any, in SKU order), made by
 * the database. The server's thread holds one string, not 100,000 objects per job, and the
 * processing thread builds the products (engine/catalogue-snapshot.ts; issue: server RSS grew
 * over consecutive 1M-row jobs while the catalogue was built here and cloned across).
 *
 * On the PostgreSQL server the text is one aggregate. On PGlite the database's memory is the app
 * server's own and never shrinks (WebAssembly), and one 17 MB aggregate of 100,000 products grew
 * it by about 100 MB; there the products are read through a cursor, SNAPSHOT_PAGE at a time, and
 * the same text is joined here (docs/decisions/0093-pglite-memory-after-processing.md).
 * With `expectedOfAudit` (a recompute, docs/decisions/0139), each product's expected quantity is
 * that audit's figure for it (0 for a product the audit has no line of) instead of current stock.
 * `version` is called, on the PostgreSQL server only, with the organisation's catalogue version
 * the text was read at (`catalogue_versions`).
 */
export async function loadCatalogueSnapshot(
  db: Db,
  organizationId: string,
  opts: { pageSize?: number; expectedOfAudit?: string; version?: (version: number) => void } = {},
): Promise<string> {
  const pageSize = opts.pageSize ?? SNAPSHOT_PAGE;
  // Alternate identifiers (DESIGN.md section 5 rule 1) join the snapshot, so that a later edit
  // never changes a finished audit; a catalogue without any pays no probe per product.
  const anyIdentifiers = await db.execute(sql`SELECT 1 FROM product_identifiers WHERE organization_id = ${organizationId}::uuid LIMIT 1`);
  const alternates = ((anyIdentifiers as unknown as { rows: unknown[] }).rows.length > 0)
    ? sql`, (SELECT json_agg(json_build_array(i.value, i.kind, i.units) ORDER BY i.position)
        FROM product_identifiers AS i WHERE i.product_id = ${products.id})`
    : sql``;
  // A recompute (docs/decisions/0139) keeps the audit's own expected quantities: a product's
  // figure from its line, 0 for a product without one (nothing was expected of it then).
  const expected = opts.expectedOfAudit === undefined ? sql`${products.currentQuantity}` : sql`coalesce(audit_expected.expected_quantity, 0)`;
  const product = sql`json_build_array(
      ${products.id}, ${products.sku}, ${products.upc}, ${products.otherIdentifier}, ${products.name},
      ${products.category}, ${products.location}, ${products.manufacturer}, ${products.distributor},
      ${products.tags}, ${expected}, ${products.costPrice}::text${alternates}
    )`;
  const ofOrganization = sql`${products.organizationId} = ${organizationId}`;
  const from = opts.expectedOfAudit === undefined ? sql`${products}` : sql`${products} LEFT JOIN (
      SELECT DISTINCT ON (l.product_id) l.product_id, l.expected_quantity FROM audit_result_lines AS l
      WHERE l.audit_id = ${opts.expectedOfAudit}::uuid AND l.product_id IS NOT NULL AND l.expected_quantity IS NOT NULL
    ) AS audit_expected ON audit_expected.product_id = ${products.id}`;
  if (!runsOnPglite(db)) {
    // The catalogue version comes from the same statement, so it is the text's (catalogue-prefetch.ts).
    const result = (await db.execute(sql`
      SELECT coalesce(json_agg(${product} ORDER BY ${products.sku}), '[]')::text AS snapshot,
        coalesce((SELECT version FROM catalogue_versions WHERE organization_id = ${organizationId}::uuid), 0)::bigint AS version
      FROM ${from} WHERE ${ofOrganization}`)) as unknown as { rows: Array<{ snapshot: string; version: string | number }> };
    opts.version?.(Number(result.rows[0]!.version));
    return result.rows[0]!.snapshot;
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`DECLARE catalogue_snapshot NO SCROLL CURSOR FOR
      SELECT ${product}::text AS p FROM ${from} WHERE ${ofOrganization} ORDER BY ${products.sku}`);
    const pages: string[] = [];
    for (;;) {
      const { rows } = (await tx.execute(sql.raw(`FETCH ${pageSize} FROM catalogue_snapshot`))) as unknown as { rows: Array<{ p: string }> };
      if (rows.length > 0) pages.push(rows.map((r) => r.p).join(','));
      if (rows.length < pageSize) break;
    }
    return `[${pages.join(',')}]`;
  });
}

/**
 * `loadCatalogueSnapshot` on the PostgreSQL server, with the catalogue version the text was read
 * at (catalogue-prefetch.ts). @throws Error on the embedded database, which answers no version.
 */
export async function loadVersionedCatalogueSnapshot(db: Db, organizationId: string): Promise<{ version: number; json: string }> {
  let version: number | undefined;
  const json = await loadCatalogueSnapshot(db, organizationId, { version: (v) => (version = v) });
  if (version === undefined) throw new Error('a versioned catalogue snapshot needs the PostgreSQL server');
  return { version, json };
}

/** Products per FETCH of the PGlite snapshot cursor (about 900 KB of JSON text); `pageSize` in tests. */
const SNAPSHOT_PAGE = 5000;

export interface StoredScanFile {
  position: number;
  fileName: string;
  teamName: string | null;
  scannerId: string | null;
  scanColumn: string;
  quantityColumn: string | null;
  headerChoice: string;
  rowCount: number;
  sizeBytes: number;
  /** The stored file (stored_file_chunks) the rows were read from, kept for a recompute; null when not kept. */
  keptFileId?: string | null;
  /** The count session the rows were written from (DESIGN.md section 14), kept for a recompute. */
  keptCountSessionId?: string | null;
}

/**
 * Where `storeResults` takes the result lines from: `results.categories`, with `productTags`
 * (product id -> tags at the catalogue snapshot, kept on each product's lines, DESIGN.md section
 * 11); or files of COPY CSV written by the processing worker (so that a million lines never
 * cross the thread boundary as objects): `csvFile`, the product lines (`writeProductLinesCsv`),
 * and `notFoundLines` (`writeNotFoundLinesCsv`), each a GrowingFile while the worker still writes
 * it (docs/decisions/0076, 0150); with `taggedLines`, how many product lines carry tags (0: tag
 * analytics skip reading the audit's lines at completion).
 */
export type StoredLines =
  | { productTags: ReadonlyMap<string, readonly string[]> }
  | { csvFile: string | GrowingFile; notFoundLines: string | GrowingFile; taggedLines?: Promise<number> | number };

/**
 * Replaces the audit's scan files, result lines and summary with `results` and marks it complete,
 * all in one transaction: a failure leaves no partial results (issue: processing is atomic). On
 * the embedded database the COPY files of lines go first, in short transactions of their own
 * (`writeLinesInSlices`; no reader sees the lines of an audit that is not complete), so that one
 * organisation's big audit does not hold everybody else's requests for its whole length.
 * With `jobToken`, only while the audit's processing lease is still that token's (a worker that
 * lost its lease stores nothing). Answers false then, and when the audit is gone; true when
 * stored. The lines come from `lines` (see StoredLines); the summary and counts from `results`
 * either way.
 */
export async function storeResults(
  db: Db,
  audit: AuditRow,
  files: StoredScanFile[],
  results: EnhancedResults,
  jobToken?: string,
  lines: StoredLines = { productTags: new Map() },
): Promise<boolean> {
  // On the embedded database the lines (a million for a big audit) are written first, in short
  // transactions, so that other organisations' requests run between them (the one connection is
  // held by a transaction while it lasts); the rest is stored in one transaction as before.
  const sliced = runsOnPglite(db) && 'csvFile' in lines;
  if (sliced && !(await writeLinesInSlices(db, audit.id, jobToken, lines))) return false;
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    // The audit's row stays locked until the results are stored: an audit deleted meanwhile waits,
    // then takes its lines with it (audit_not_found_lines has no foreign key, docs/decisions/0075).
    const [held] = await tx.execute(sql`select job_token from audits where id = ${audit.id} for update`).then((r) => (r as unknown as { rows: Array<{ job_token: string | null }> }).rows);
    if (!held) return false;
    if (jobToken !== undefined && held.job_token !== jobToken) return false;
    if (!sliced) {
      await tx.delete(auditResultLines).where(eq(auditResultLines.auditId, audit.id));
      await tx.delete(auditNotFoundLines).where(eq(auditNotFoundLines.auditId, audit.id));
    }
    await tx.delete(auditResultSummaries).where(eq(auditResultSummaries.auditId, audit.id));
    await tx.delete(scanFiles).where(eq(scanFiles.auditId, audit.id));
    // The results replace every other kept upload of the audit (docs/decisions/0009); the files
    // they were read from stay with it, so that it can be recomputed (docs/decisions/0138).
    const kept = files.flatMap((f) => (f.keptFileId ? [f.keptFileId] : []));
    await tx
      .delete(storedFileChunks)
      .where(kept.length ? and(eq(storedFileChunks.auditId, audit.id), notInArray(storedFileChunks.fileId, kept)) : eq(storedFileChunks.auditId, audit.id));
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
          headerChoice: f.headerChoice,
          rowCount: f.rowCount,
          sizeBytes: f.sizeBytes,
          keptFileId: f.keptFileId ?? null,
          keptCountSessionId: f.keptCountSessionId ?? null,
          totalItems: breakdown[i]?.totalItems ?? 0,
          matchRate: breakdown[i]?.matchRate ?? null,
        })),
      );
    }
    const owner = { organizationId: audit.organizationId, auditId: audit.id };
    if (sliced) {
      // Written above.
    } else if ('csvFile' in lines) {
      await copyCsvFile(tx, 'audit_result_lines', RESULT_LINE_COLUMNS, lines.csvFile);
      await copyCsvFile(tx, 'audit_not_found_lines', NOT_FOUND_LINE_COLUMNS, lines.notFoundLines);
    } else {
      const productLines = resultLineRows(owner, (c) => results.categories[c], lines.productTags);
      await copyCsvText(tx, 'audit_result_lines', RESULT_LINE_COLUMNS, csvChunksOf(productLines));
      await copyCsvText(tx, 'audit_not_found_lines', NOT_FOUND_LINE_COLUMNS, csvChunksOf(notFoundLineRows(audit.id, results.categories.notFound)));
    }
    await storeRepeatedReads(tx, audit.id, results.repeatedReads);
    await insertSummary(tx, audit, results);
    await markAuditComplete(tx, audit, { taggedLines: 'taggedLines' in lines ? await lines.taggedLines : undefined });
    return true;
  });
}

/** Inserts the audit's `audit_result_summaries` row from `results` (the caller has deleted the old one). */
export async function insertSummary(tx: Db, audit: Pick<AuditRow, 'id' | 'organizationId'>, results: EnhancedResults): Promise<void> {
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
      scanFileBreakdown: results.summary.scanFileBreakdown,
    });
}

/**
 * The embedded database's way of storing an audit's lines (storeResults): the lines a dead run
 * may have left are deleted, then the COPY files go in slices of ~1 MB, each a transaction of its
 * own that goes on only while the audit is there and its lease still `jobToken`'s (a run that lost
 * it writes nothing more; the run that took over deleted what it wrote). Readers see none of it
 * before the audit is complete: results are read of complete audits, tag analytics join complete
 * ones. Answers false when the lease was lost or the audit deleted.
 */
async function writeLinesInSlices(
  db: Db,
  auditId: string,
  jobToken: string | undefined,
  lines: { csvFile: string | GrowingFile; notFoundLines: string | GrowingFile },
): Promise<boolean> {
  const stillOurs = async (tx: Db) => {
    const rows = (await tx.execute(sql`select job_token from audits where id = ${auditId} for update`)) as unknown as { rows: Array<{ job_token: string | null }> };
    const held = rows.rows[0];
    return held !== undefined && (jobToken === undefined || held.job_token === jobToken);
  };
  const cleared = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    if (!(await stillOurs(tx))) return false;
    await tx.delete(auditResultLines).where(eq(auditResultLines.auditId, auditId));
    await tx.delete(auditNotFoundLines).where(eq(auditNotFoundLines.auditId, auditId));
    return true;
  });
  return (
    cleared &&
    (await copyCsvFileInSlices(db, 'audit_result_lines', RESULT_LINE_COLUMNS, lines.csvFile, stillOurs)) &&
    (await copyCsvFileInSlices(db, 'audit_not_found_lines', NOT_FOUND_LINE_COLUMNS, lines.notFoundLines, stillOurs))
  );
}

/**
 * THE place where an audit becomes complete, inside the transaction that stored its results:
 * whatever follows completion (tasks completed with their audit, tag analytics refreshed) is
 * called from here with the same transaction, so it happens exactly when the results are stored.
 * `taggedLines`, when the caller knows it: how many of the audit's product lines carry tags.
 */
export async function markAuditComplete(tx: Db, audit: AuditRow, opts: { taggedLines?: number } = {}): Promise<void> {
  await tx
    .update(audits)
    .set({
      status: 'complete',
      progress: 100,
      completedAt: new Date(),
      errorMessage: null,
      stage: null,
      processingJob: null,
      jobToken: null,
      jobHeartbeatAt: null,
    })
    .where(eq(audits.id, audit.id));
  // The audit's task in progress is done too (DESIGN.md section 9).
  await completeTasksOfAudit(tx, audit.id);
  // Tag analytics count the audit from now on (DESIGN.md section 11).
  await recordAuditTagStats(tx, audit.organizationId, audit.id, opts);
  // A recount's figures become the final figures of the audit it recounts (DESIGN.md section 13).
  await recountIntoParents(tx, audit);
}

export function toResultItem(row: LineFields): ResultItem {
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
    lot: ctx.lot ?? null,
    expiry: ctx.expiry ?? null,
    serial: ctx.serial ?? null,
  };
}

/**
 * A row of `audit_not_found_lines` as the ResultItem the engine made (docs/decisions/0075): sku
 * and scanValue are the value, badCheckDigit worked out from it as `notFoundLine` does.
 */
export function toNotFoundItem(row: NotFoundFields): ResultItem {
  const ctx = (row.context ?? {}) as Partial<LineContext>;
  return {
    sku: row.value,
    scanValue: row.value,
    matchedSku: null,
    productId: null,
    productName: null,
    expectedQuantity: null,
    scannedQuantity: row.scannedQuantity,
    difference: null,
    percentageDifference: null,
    costPrice: null,
    varianceValue: null,
    scannedBefore: ctx.scannedBefore ?? null,
    scannedBeforeName: ctx.scannedBeforeName ?? null,
    scannedAfter: ctx.scannedAfter ?? null,
    scannedAfterName: ctx.scannedAfterName ?? null,
    actualCategory: null,
    location: null,
    scanFiles: row.scanFiles,
    reason: row.reason ?? USUAL_NOT_FOUND_REASON,
    fileCounts: [],
    badCheckDigit: hasBadCheckDigit(row.value),
    lot: ctx.lot ?? null,
    expiry: ctx.expiry ?? null,
    serial: ctx.serial ?? null,
  };
}

export async function readSummary(db: Db, auditId: string): Promise<SummaryRow | null> {
  const [row] = await db.select().from(auditResultSummaries).where(eq(auditResultSummaries.auditId, auditId));
  return row ?? null;
}

function lineFilter(auditId: string, category: ResultCategory, search: string | undefined): SQL {
  const base = and(eq(auditResultLines.auditId, auditId), eq(auditResultLines.category, category))!;
  if (!search) return base;
  const pattern = `%${escapeLike(search)}%`;
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

const SORT_COLUMNS = {
  difference: auditResultLines.difference,
  varianceValue: auditResultLines.varianceValue,
  sku: sql`lower(${auditResultLines.sku})`,
  productName: sql`lower(${auditResultLines.productName})`,
} as const;

/** ORDER BY for a sort key: the key (nulls last in both directions), then the engine's position. */
function lineOrder(sort: ResultSort, dir: 'asc' | 'desc'): SQL[] {
  if (sort === 'position') return [dir === 'desc' ? desc(auditResultLines.position) : asc(auditResultLines.position)];
  const column = SORT_COLUMNS[sort];
  return [dir === 'desc' ? sql`${column} desc nulls last` : sql`${column} asc nulls last`, asc(auditResultLines.position)];
}

/** One page of a category's lines matching `search`, and how many lines match in all. */
export async function readLinesPage(
  db: Db,
  opts: {
    auditId: string;
    category: ResultCategory;
    search?: string;
    page: number;
    pageSize: number;
    sort?: ResultSort;
    dir?: 'asc' | 'desc';
  },
): Promise<{ items: ResultItem[]; total: number }> {
  if (opts.category === 'notFound') return readNotFoundPage(db, { ...opts, sort: opts.sort ?? 'position', dir: opts.dir ?? 'asc' });
  const where = lineFilter(opts.auditId, opts.category, opts.search);
  const [[totalRow], rows] = await Promise.all([
    db.select({ n: count() }).from(auditResultLines).where(where),
    db
      .select()
      .from(auditResultLines)
      .where(where)
      .orderBy(...lineOrder(opts.sort ?? 'position', opts.dir ?? 'asc'))
      .limit(opts.pageSize)
      .offset((opts.page - 1) * opts.pageSize),
  ]);
  return { items: rows.map(toResultItem), total: Number(totalRow?.n ?? 0) };
}

/**
 * `readLinesPage` for the notFound lines, in their own table. Search matches the value (their sku
 * and scanValue; they have no name or location). Sorting by sku sorts by the value; the other
 * keys are null on every notFound line, so those pages are in position order, as they were when
 * these lines shared the product lines' table.
 */
async function readNotFoundPage(
  db: Db,
  opts: { auditId: string; search?: string; page: number; pageSize: number; sort: ResultSort; dir: 'asc' | 'desc' },
): Promise<{ items: ResultItem[]; total: number }> {
  const t = auditNotFoundLines;
  const where = opts.search
    ? and(eq(t.auditId, opts.auditId), ilike(t.value, `%${escapeLike(opts.search)}%`))!
    : eq(t.auditId, opts.auditId);
  const order =
    opts.sort === 'position'
      ? [opts.dir === 'desc' ? desc(t.position) : asc(t.position)]
      : opts.sort === 'sku'
        ? [sql`lower(${t.value}) ${sql.raw(opts.dir)}`, asc(t.position)]
        : [asc(t.position)];
  const [[totalRow], rows] = await Promise.all([
    db.select({ n: count() }).from(t).where(where),
    db
      .select()
      .from(t)
      .where(where)
      .orderBy(...order)
      .limit(opts.pageSize)
      .offset((opts.page - 1) * opts.pageSize),
  ]);
  return { items: rows.map(toNotFoundItem), total: Number(totalRow?.n ?? 0) };
}

/**
 * Units and value short and over, over the audit's lines that have a difference (the in-scope
 * product lines); see `moneySummarySchema`. One aggregate statement.
 */
export async function readMoneySummary(db: Db, auditId: string): Promise<MoneySummary> {
  const short = sql`${auditResultLines.difference} < 0`;
  const over = sql`${auditResultLines.difference} > 0`;
  const [row] = await db
    .select({
      unitsShort: sql<string>`coalesce(sum(-${auditResultLines.difference}) filter (where ${short}), 0)`,
      valueShort: sql<string>`coalesce(sum(-${auditResultLines.varianceValue}) filter (where ${short}), 0)::numeric(18,2)::text`,
      unitsOver: sql<string>`coalesce(sum(${auditResultLines.difference}) filter (where ${over}), 0)`,
      valueOver: sql<string>`coalesce(sum(${auditResultLines.varianceValue}) filter (where ${over}), 0)::numeric(18,2)::text`,
      net: sql<string>`coalesce(sum(-${auditResultLines.varianceValue}), 0)::numeric(18,2)::text`,
      withoutCost: sql<string>`count(*) filter (where ${auditResultLines.difference} <> 0 and ${auditResultLines.varianceValue} is null)`,
    })
    .from(auditResultLines)
    .where(and(eq(auditResultLines.auditId, auditId), isNotNull(auditResultLines.difference)));
  return {
    unitsShort: Number(row?.unitsShort ?? 0),
    valueShort: row?.valueShort ?? '0.00',
    unitsOver: Number(row?.unitsOver ?? 0),
    valueOver: row?.valueOver ?? '0.00',
    netShrinkageValue: row?.net ?? '0.00',
    linesWithoutCost: Number(row?.withoutCost ?? 0),
  };
}

export function breakdownOf(summary: SummaryRow): ScanFileBreakdown[] {
  return summary.scanFileBreakdown as ScanFileBreakdown[];
}
