/**
 * Recomputing a complete audit from its kept scan files (DESIGN.md section 13 'Unknown barcodes';
 * docs/decisions/0138, 0139): after an unknown value is mapped to a product, or a product is made
 * from it, the audits where it was not found are read again with their own expected quantities
 * and today's identifiers, and their lines, summary, tag analytics and exports follow.
 *
 * A recompute is a job on the `recompute-audit` queue. `requestRecompute` marks audits
 * (`recompute_requested_at`) inside the caller's transaction; `sendRecomputes` queues them once
 * that transaction has committed. The worker claims an audit with a token and a heartbeat (a
 * lease, like processing), reads and reconciles in the processing thread while the audit stays
 * complete and readable, then swaps the lines in one transaction. A request made while a run was
 * under way is served by another run; a request for an audit already waiting is the same request
 * (a double click queues nothing twice).
 *
 * States read by the audit's API shape (`recomputeState`): 'queued' (requested, nobody holds it),
 * 'running' (a live worker holds it), null; `recomputedAt` when it last finished.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AuditMode } from '../../../contracts/results.js';
import type { FilterExpression } from '../../../contracts/filters.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { copyCsvFile } from '../../db/bulk-copy.js';
import type { GrowingFile } from '../../db/growing-file.js';
import { auditNotFoundLines, auditResultLines, auditResultSummaries, audits, scanFiles } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { replaceAuditTagStats } from '../tag-analytics/stats-repo.js';
import { reconcileInWorker } from './engine/reconcile-in-worker.js';
import { readJobFiles, type ProcessingJobFile } from './processing-job.js';
import { recountIntoParents } from './recount-into-parent.js';
import { storeRepeatedReads } from './repeated-reads-repo.js';
import { insertSummary, loadCatalogueSnapshot } from './repo.js';
import { NOT_FOUND_LINE_COLUMNS, RESULT_LINE_COLUMNS } from './result-lines.js';

export const RECOMPUTE_QUEUE = 'recompute-audit' as const;

/** What the audit shows when its last recompute failed (the cause goes to the server's log). */
export const RECOMPUTE_FAILED = 'Recomputing this audit failed; its results are as they were. Map the value again to retry.';

/** What an audit without kept scan files says instead of recomputing. */
export const CANNOT_RECOMPUTE = 'The scan files of this audit were not kept (it ran before they were), so it cannot be recomputed.';

/** SQL condition: every scan file of the audit `auditId` (a column) was kept, and it has at least one. */
export function keptScansSql(auditId: SQL): SQL {
  return sql`(exists (select 1 from scan_files k where k.audit_id = ${auditId})
  and not exists (select 1 from scan_files k where k.audit_id = ${auditId} and k.kept_file_id is null and k.kept_count_session_id is null))`;
}

/**
 * Marks the organisation's complete audits among `auditIds` whose scan files were kept for a
 * recompute (in the caller's transaction); answers the ids marked. An audit already waiting keeps
 * its request (nothing to queue twice): it is answered but not sent again by `sendRecomputes`.
 */
export async function requestRecompute(db: Db, organizationId: string, auditIds: readonly string[]): Promise<{ marked: string[]; waiting: string[] }> {
  if (auditIds.length === 0) return { marked: [], waiting: [] };
  const eligible = and(eq(audits.organizationId, organizationId), inArray(audits.id, [...auditIds]), eq(audits.status, 'complete'), keptScansSql(sql.raw('audits.id')));
  const waiting = await db
    .select({ id: audits.id })
    .from(audits)
    .where(and(eligible, isNotNull(audits.recomputeRequestedAt), isNull(audits.recomputeToken)));
  const marked = await db
    .update(audits)
    .set({ recomputeRequestedAt: sql`date_trunc('milliseconds', clock_timestamp())`, recomputeError: null })
    .where(eligible)
    .returning({ id: audits.id });
  const already = new Set(waiting.map((r) => r.id));
  return { marked: marked.map((r) => r.id).filter((id) => !already.has(id)), waiting: [...already] };
}

/** Queues the audits `requestRecompute` marked (after its transaction committed). */
export async function sendRecomputes(jobs: JobQueue, auditIds: readonly string[]): Promise<void> {
  for (const id of auditIds) await jobs.sendTo(RECOMPUTE_QUEUE, id);
}

/** Lease timing of a recompute run. */
export interface RecomputeTiming {
  leaseMs: number;
  heartbeatMs: number;
}

/**
 * Runs the recompute of audit `auditId` when it is requested and nobody live holds it; answers
 * whether it stored new results. Bad input found in a kept file (it read before, so this is
 * rare) and storage failures leave the results as they were, with `recompute_error` set.
 * @throws only when the database is unreachable.
 */
export async function runRecomputeJob(db: Db, auditId: string, timing: RecomputeTiming, jobs?: JobQueue): Promise<boolean> {
  const token = randomUUID();
  const [audit] = await db
    .update(audits)
    .set({ recomputeToken: token, recomputeHeartbeatAt: sql`now()` })
    .where(
      and(
        eq(audits.id, auditId),
        eq(audits.status, 'complete'),
        isNotNull(audits.recomputeRequestedAt),
        or(isNull(audits.recomputeToken), lt(audits.recomputeHeartbeatAt, sql`now() - make_interval(secs => ${timing.leaseMs / 1000})`)),
      ),
    )
    .returning();
  if (!audit) return false;
  // Requests are stamped to the millisecond (requestRecompute), so the Date compares exactly.
  const servedRequest = audit.recomputeRequestedAt!;
  const heartbeat = setInterval(() => {
    void db
      .update(audits)
      .set({ recomputeHeartbeatAt: sql`now()` })
      .where(and(eq(audits.id, auditId), eq(audits.recomputeToken, token)))
      .catch(() => {});
  }, timing.heartbeatMs);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'stocktally-recompute-'));
  let lineFiles: GrowingFile[] = [];
  let stored: boolean;
  try {
    const files = await db.select().from(scanFiles).where(eq(scanFiles.auditId, auditId)).orderBy(asc(scanFiles.position));
    if (files.length === 0 || files.some((f) => f.keptFileId === null && f.keptCountSessionId === null)) {
      await endRun(db, auditId, token, servedRequest, CANNOT_RECOMPUTE);
      return false;
    }
    const jobFiles: ProcessingJobFile[] = files.map((f) => ({
      position: f.position,
      storedFileId: (f.keptFileId ?? f.keptCountSessionId)!,
      fileName: f.fileName,
      teamName: f.teamName ?? '',
      scannerId: f.scannerId,
      scanColumn: f.scanColumn,
      quantityColumn: f.quantityColumn,
      hasHeader: f.headerChoice as 'auto' | 'yes' | 'no',
      sizeBytes: f.sizeBytes,
      ...(f.keptCountSessionId ? { countSessionId: f.keptCountSessionId } : {}),
    }));
    const startedAt = performance.now();
    const [inputs, snapshotJson] = await Promise.all([
      readJobFiles(db, { files: jobFiles }, dir),
      loadCatalogueSnapshot(db, audit.organizationId, { expectedOfAudit: audit.id }),
    ]);
    const linesFiles = { lines: path.join(dir, 'result-lines.csv'), notFound: path.join(dir, 'not-found-lines.csv') };
    const reconciled = await reconcileInWorker({
      options: {
        auditType: audit.auditType as 'cycle-count' | 'product-audit',
        mode: audit.mode as AuditMode,
        files: files.map((f) => ({ fileName: f.fileName, teamName: f.teamName ?? '', scannerId: f.scannerId })),
      },
      catalogue: {
        snapshotJson,
        filter: audit.auditType === 'product-audit' ? ((audit.filterExpression as FilterExpression | null) ?? null) : null,
        scopeIds: audit.scopeProductIds,
      },
      files: inputs,
      lines: { csvFiles: linesFiles, owner: { organizationId: audit.organizationId, auditId: audit.id } },
    });
    lineFiles = [reconciled.productLines, reconciled.notFoundLines];
    const { results, rowCounts } = reconciled;
    results.summary.processingTime = Math.round(performance.now() - startedAt);
    stored = await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const held = (await tx.execute(sql`select status, recompute_token from audits where id = ${auditId} for update`)) as unknown as {
        rows: Array<{ status: string; recompute_token: string | null }>;
      };
      const row = held.rows[0];
      if (!row || row.status !== 'complete' || row.recompute_token !== token) return false;
      await replaceAuditTagStats(tx, audit.organizationId, audit.id, async () => {
        await tx.delete(auditResultLines).where(eq(auditResultLines.auditId, audit.id));
        await tx.delete(auditNotFoundLines).where(eq(auditNotFoundLines.auditId, audit.id));
        await copyCsvFile(tx, 'audit_result_lines', RESULT_LINE_COLUMNS, reconciled.productLines);
        await copyCsvFile(tx, 'audit_not_found_lines', NOT_FOUND_LINE_COLUMNS, reconciled.notFoundLines);
        await storeRepeatedReads(tx, audit.id, results.repeatedReads);
        await tx.delete(auditResultSummaries).where(eq(auditResultSummaries.auditId, audit.id));
        await insertSummary(tx, audit, results);
        for (const [i, f] of files.entries()) {
          const breakdown = results.summary.scanFileBreakdown[i];
          await tx
            .update(scanFiles)
            .set({ rowCount: rowCounts[i] ?? f.rowCount, totalItems: breakdown?.totalItems ?? 0, matchRate: breakdown?.matchRate ?? null })
            .where(eq(scanFiles.id, f.id));
        }
      });
      // The recounts of this audit give their final figures again, oldest first (DESIGN.md section 13).
      const recounts = await tx
        .select()
        .from(audits)
        .where(and(eq(audits.parentAuditId, audit.id), eq(audits.organizationId, audit.organizationId), eq(audits.status, 'complete')))
        .orderBy(asc(audits.completedAt), asc(audits.id));
      for (const recount of recounts) await recountIntoParents(tx, recount);
      await finish(tx, auditId, servedRequest, null, sql`now()`);
      return true;
    });
    if (!stored) return false;
  } catch (err) {
    await endRun(db, auditId, token, servedRequest, err instanceof AppError ? `${RECOMPUTE_FAILED} ${err.message}` : RECOMPUTE_FAILED);
    if (!(err instanceof AppError)) throw err;
    return false;
  } finally {
    clearInterval(heartbeat);
    await Promise.all(lineFiles.map((f) => f.done.catch(() => {})));
    await rm(dir, { recursive: true, force: true });
  }
  // A request that came while this run was under way gets a run of its own.
  const [again] = await db
    .select({ id: audits.id })
    .from(audits)
    .where(and(eq(audits.id, auditId), isNotNull(audits.recomputeRequestedAt), isNull(audits.recomputeToken)));
  if (again && jobs) await sendRecomputes(jobs, [auditId]);
  return stored;
}

/** Ends a run without new results (held by `token`), with `error` on the audit. */
async function endRun(db: Db, auditId: string, token: string, servedRequest: Date, error: string): Promise<void> {
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const held = (await tx.execute(sql`select recompute_token from audits where id = ${auditId} for update`)) as unknown as {
      rows: Array<{ recompute_token: string | null }>;
    };
    if (held.rows[0]?.recompute_token === token) await finish(tx, auditId, servedRequest, error, sql`recomputed_at`);
  });
}

/** Releases the lease; clears the request when no newer one came meanwhile. */
async function finish(tx: Db, auditId: string, servedRequest: Date, error: string | null, recomputedAt: ReturnType<typeof sql>): Promise<void> {
  await tx.execute(sql`update audits set recompute_token = null, recompute_heartbeat_at = null, recompute_error = ${error},
      recomputed_at = ${recomputedAt},
      recompute_requested_at = case when recompute_requested_at <= ${servedRequest.toISOString()}::timestamptz then null else recompute_requested_at end
    where id = ${auditId}`);
}

/**
 * Queues again every requested recompute that no live worker holds (a server died holding it,
 * or died before sending it); with `all` (one process owns the database, at start) every
 * requested one. Answers the audit ids queued.
 */
export async function recoverStalledRecomputes(db: Db, jobs: JobQueue, opts: { leaseMs: number; all?: boolean }): Promise<string[]> {
  const stale = sql`now() - make_interval(secs => ${opts.leaseMs / 1000})`;
  const rows = await db
    .update(audits)
    .set({ recomputeToken: null, recomputeHeartbeatAt: sql`now()` })
    .where(
      opts.all
        ? isNotNull(audits.recomputeRequestedAt)
        : and(
            isNotNull(audits.recomputeRequestedAt),
            or(and(isNotNull(audits.recomputeToken), lt(audits.recomputeHeartbeatAt, stale)), and(isNull(audits.recomputeToken), lt(audits.recomputeRequestedAt, sql`now() - make_interval(secs => ${(opts.leaseMs * 10) / 1000})`))),
          ),
    )
    .returning({ id: audits.id });
  await sendRecomputes(
    jobs,
    rows.map((r) => r.id),
  );
  return rows.map((r) => r.id);
}

/** Starts the recompute worker of this server and its watch for stalled recomputes. */
export async function startRecomputeWorker(app: FastifyInstance, db: Db, jobs: JobQueue, config: Pick<Config, 'jobLeaseMs'>): Promise<void> {
  const timing = { leaseMs: config.jobLeaseMs, heartbeatMs: Math.max(200, Math.min(2000, config.jobLeaseMs / 5)) };
  await jobs.workOn(
    RECOMPUTE_QUEUE,
    async (auditId) => {
      try {
        await runRecomputeJob(db, auditId, timing, jobs);
      } catch (err) {
        app.log.error({ err, auditId }, 'recompute job failed');
      }
    },
    1,
  );
  const recover = (all: boolean) =>
    recoverStalledRecomputes(db, jobs, { leaseMs: config.jobLeaseMs, all }).then(
      (ids) => ids.length && app.log.warn({ auditIds: ids }, 'recomputes taken up again after their worker stopped'),
      (err: unknown) => app.log.error({ err }, 'looking for stalled recomputes failed'),
    );
  await recover(jobs.kind === 'in-process');
  const watch = setInterval(() => void recover(false), Math.max(1000, config.jobLeaseMs / 2));
  watch.unref();
  app.addHook('onClose', async () => clearInterval(watch));
}
