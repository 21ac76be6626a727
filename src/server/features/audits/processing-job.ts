/**
 * The processing job (DESIGN.md section 12, docs/decisions/0056): takes an audit in status
 * processing, reads its stored scan files, reconciles them in a worker thread and stores the
 * results (storing starts while the worker still writes the lines, docs/decisions/0076, 0150).
 * Stages and progress on the audit row, read by `GET /api/audits/{id}`:
 *   queued 30 -> reading 30..70 (by rows read against the files' bytes) -> storing 80 -> complete 100.
 *
 * Leases: the worker that claims the audit writes a token of its own and renews
 * `job_heartbeat_at` every `heartbeatMs`; an audit whose heartbeat is older than `leaseMs` is
 * taken up again by `recoverStalledAudits` (a server that died mid-job). Results are stored only
 * while the token is still this worker's, so an audit is stored once however often its job runs.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { AuditMode } from '../../../contracts/results.js';
import type { FilterExpression } from '../../../contracts/filters.js';
import type { Db } from '../../db/client.js';
import { audits } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { reconcileInWorker } from './engine/reconcile-in-worker.js';
import type { GrowingFile } from '../../db/growing-file.js';
import { storeResults, type AuditRow, type StoredScanFile } from './repo.js';
import { takeCatalogueSnapshot } from './catalogue-prefetch.js';
import { takeLocalCopy } from './local-copies.js';
import { readStoredFile, removeStoredFiles } from './stored-files.js';
import { writeCountFile } from '../counts/count-file.js';

/** One file of a run: where it is stored, and its form fields. */
export interface ProcessingJobFile {
  position: number;
  /** The file in stored_file_chunks. */
  storedFileId: string;
  fileName: string;
  teamName: string;
  scannerId: string | null;
  scanColumn: string;
  quantityColumn: string | null;
  /** Whether the first row is a header ('auto': decided from the data, DESIGN.md section 6). */
  hasHeader?: 'auto' | 'yes' | 'no';
  sizeBytes: number;
  /**
   * Set for a count on the floor (DESIGN.md section 14): the file is written from the session's
   * reads when the job reads it (the audit is processing by then, so no read is added after).
   */
  countSessionId?: string;
}

/** The run kept on the audit row (`audits.processing_job`). */
export interface ProcessingJob {
  files: ProcessingJobFile[];
  /** One-at-a-time uploads (scan_files rows) stay after bad input; upload-multiple's files go. */
  keptFiles: boolean;
  /** The audit before the run: bad input puts it back so. */
  previous: { status: string; progress: number; errorMessage: string | null };
  /** Why the run stopped on bad input, as the request answered it before processing was a job. */
  failure?: { code: string; message: string; status: number };
}

/** The stages of a run (`audits.stage`), null outside processing. */
export type ProcessingStage = 'queued' | 'reading' | 'storing';

export interface JobTiming {
  /** A lease older than this is taken up again (default 30 s). */
  leaseMs: number;
  /** How often a running job renews its lease (default 2 s). */
  heartbeatMs: number;
}

export const DEFAULT_JOB_TIMING: JobTiming = { leaseMs: 30_000, heartbeatMs: 2_000 };

const STORING_FAILED = 'Storing the results failed; nothing was kept. Please try again.';

/**
 * Runs the job of audit `auditId` if no live worker holds it. Never throws for the audit's own
 * problems (they end up on the row); throws only when the database is unreachable.
 */
export async function runProcessingJob(db: Db, auditId: string, timing: JobTiming = DEFAULT_JOB_TIMING): Promise<void> {
  const token = randomUUID();
  const audit = await claim(db, auditId, token, timing.leaseMs);
  if (!audit) return;
  const job = audit.processingJob as ProcessingJob;
  let lost = false;
  const heartbeat = setInterval(() => {
    db.update(audits)
      .set({ jobHeartbeatAt: sql`now()` })
      .where(and(eq(audits.id, auditId), eq(audits.jobToken, token)))
      .returning({ id: audits.id })
      .then((rows) => {
        if (rows.length === 0) lost = true;
      })
      .catch(() => {});
  }, timing.heartbeatMs);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'stocktally-job-'));
  let lineFiles: GrowingFile[] = [];
  try {
    const startedAt = performance.now();
    const totalBytes = job.files.reduce((n, f) => n + f.sizeBytes, 0);
    // The scan files and the catalogue are read side by side (two connections on the server); the
    // catalogue may have been read ahead, during the upload (catalogue-prefetch.ts).
    const [files, snapshotJson] = await Promise.all([readJobFiles(db, job, dir), takeCatalogueSnapshot(db, audit.organizationId, auditId)]);
    const filter = audit.auditType === 'product-audit' ? ((audit.filterExpression as FilterExpression | null) ?? null) : null;
    let lastWrite = 0;
    const linesFiles = { lines: path.join(dir, 'result-lines.csv'), notFound: path.join(dir, 'not-found-lines.csv') };
    const reconciled = await reconcileInWorker(
      {
        options: {
          auditType: audit.auditType as 'cycle-count' | 'product-audit',
          mode: audit.mode as AuditMode,
          files: job.files.map((f) => ({ fileName: f.fileName, teamName: f.teamName, scannerId: f.scannerId })),
        },
        catalogue: { snapshotJson, filter, scopeIds: audit.scopeProductIds },
        files,
        lines: { csvFiles: linesFiles, owner: { organizationId: audit.organizationId, auditId: audit.id } },
      },
      ({ rowsRead }) => {
        const now = Date.now();
        if (now - lastWrite < 500) return;
        lastWrite = now;
        // ~24 bytes a row is a fair guess for scan files; the figure only moves the bar.
        const share = totalBytes > 0 ? Math.min(1, (rowsRead * 24) / totalBytes) : 0;
        void setStage(db, auditId, token, 'reading', 30 + Math.round(share * 40)).catch(() => {});
      },
    );
    const { results, rowCounts, productLines, notFoundLines, taggedLines } = reconciled;
    lineFiles = [productLines, notFoundLines];
    results.summary.processingTime = Math.round(performance.now() - startedAt);
    if (lost) return;
    await setStage(db, auditId, token, 'storing', 80);
    const stored: StoredScanFile[] = job.files.map((f, i) => ({
      ...f,
      headerChoice: f.hasHeader ?? 'auto',
      rowCount: rowCounts[i] ?? 0,
      // Kept for a recompute (docs/decisions/0138): the upload's stored file, or the count session.
      keptFileId: f.countSessionId ? null : f.storedFileId,
      keptCountSessionId: f.countSessionId ?? null,
    }));
    try {
      // The worker may still be writing the lines: COPY reads them as they come.
      await storeResults(db, audit, stored, results, token, { csvFile: productLines, notFoundLines, taggedLines });
    } catch (err) {
      // The worker running out of memory while writing is bad input like any other.
      const writing = await Promise.all(lineFiles.map((f) => f.done)).then(
        () => null,
        (e: unknown) => e,
      );
      if (writing instanceof AppError) throw writing;
      await endRun(db, auditId, token, { status: 'error', progress: 0, errorMessage: STORING_FAILED });
      throw err;
    }
  } catch (err) {
    if (err instanceof AppError) {
      // Bad input changes nothing: the audit goes back to how it was, with the reason.
      const failure = { code: err.code, message: err.message, status: err.status };
      const ended = await endRun(db, auditId, token, {
        ...job.previous,
        errorMessage: err.message,
        processingJob: { ...job, failure },
      });
      // A count's session is no stored file: its reads stay with it.
      if (ended && !job.keptFiles) await removeStoredFiles(db, job.files.filter((f) => !f.countSessionId).map((f) => f.storedFileId));
      return;
    }
    await endRun(db, auditId, token, { status: 'error', progress: 0, errorMessage: STORING_FAILED });
    throw err;
  } finally {
    clearInterval(heartbeat);
    // The worker writes into the folder until it is done.
    await Promise.all(lineFiles.map((f) => f.done.catch(() => {})));
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Copies the job's stored scan files into `dir`, one after the other (a file this process stored
 * and still has on disk is moved there instead: local-copies.ts); answers the engine's file inputs.
 */
export async function readJobFiles(db: Db, job: Pick<ProcessingJob, 'files'>, dir: string) {
  const files = [];
  for (const f of job.files) {
    const local = path.join(dir, `${f.position}-${f.fileName.replace(/[^\w.-]+/g, '_').slice(-100)}`);
    if (f.countSessionId) await writeCountFile(db, f.countSessionId, local);
    else if (!(await takeLocalCopy(f.storedFileId, local))) await readStoredFile(db, f.storedFileId, local);
    files.push({ path: local, fileName: f.fileName, scanColumn: f.scanColumn, quantityColumn: f.quantityColumn, hasHeader: f.hasHeader ?? 'auto' });
  }
  return files;
}

/** Takes the audit for this worker when it is processing and nobody live holds it. */
async function claim(db: Db, auditId: string, token: string, leaseMs: number): Promise<AuditRow | null> {
  const [row] = await db
    .update(audits)
    .set({ jobToken: token, jobHeartbeatAt: sql`now()`, stage: 'reading' })
    .where(
      and(
        eq(audits.id, auditId),
        eq(audits.status, 'processing'),
        or(isNull(audits.jobToken), lt(audits.jobHeartbeatAt, sql`now() - make_interval(secs => ${leaseMs / 1000})`)),
      ),
    )
    .returning();
  return row ?? null;
}

async function setStage(db: Db, auditId: string, token: string, stage: ProcessingStage, progress: number): Promise<void> {
  await db
    .update(audits)
    .set({ stage, progress, jobHeartbeatAt: sql`now()` })
    .where(and(eq(audits.id, auditId), eq(audits.jobToken, token)));
}

/** Ends the run with `values` while this worker still holds it; false when it lost the lease. */
async function endRun(db: Db, auditId: string, token: string, values: Partial<typeof audits.$inferInsert>): Promise<boolean> {
  const rows = await db
    .update(audits)
    .set({ ...values, stage: null, jobToken: null, jobHeartbeatAt: null })
    .where(and(eq(audits.id, auditId), eq(audits.jobToken, token)))
    .returning({ id: audits.id });
  return rows.length > 0;
}

/**
 * Queues again every audit left in processing whose worker died: claimed, with a heartbeat older
 * than the lease; or never claimed for `UNCLAIMED_LEASES` leases (the queueing server died
 * between marking it and sending the job; a job merely waiting behind others is not sent twice).
 * With `all` (a single-process database at start: nobody else can hold one), every audit in
 * processing. One conditional update per call, so of several servers only one queues each audit.
 * Answers the audit ids queued.
 */
export async function recoverStalledAudits(db: Db, jobs: JobQueue, opts: { leaseMs: number; all?: boolean }): Promise<string[]> {
  const olderThan = (ms: number) => lt(audits.jobHeartbeatAt, sql`now() - make_interval(secs => ${ms / 1000})`);
  const stale = opts.all
    ? eq(audits.status, 'processing')
    : and(
        eq(audits.status, 'processing'),
        or(
          and(isNotNull(audits.jobToken), olderThan(opts.leaseMs)),
          and(isNull(audits.jobToken), olderThan(opts.leaseMs * UNCLAIMED_LEASES)),
        ),
      );
  const rows = await db
    .update(audits)
    .set({ jobToken: null, jobHeartbeatAt: sql`now()`, stage: 'queued' })
    .where(stale)
    .returning({ id: audits.id });
  for (const { id } of rows) await jobs.send(id);
  return rows.map((r) => r.id);
}

/** Leases an audit may wait in the queue, unclaimed, before it is sent again. */
const UNCLAIMED_LEASES = 10;
