/**
 * Wires audit processing into a running app (DESIGN.md section 12): this server's workers take
 * jobs from the queue, audits left in processing by a server that died are queued again at start
 * and whenever their lease runs out, and closing the app stops taking jobs and lets the running
 * ones finish (or hands them back through their lease after `stopTimeoutMs`). Lapsed upload
 * tokens and the files they kept (upload-tokens.ts) are deleted at start and every
 * TOKEN_SWEEP_MS, besides whenever a preview makes a new one.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { prepareSpareWorker } from './engine/reconcile-in-worker.js';
import { recoverStalledAudits, runProcessingJob } from './processing-job.js';
import { removeExpiredUploadTokens } from './upload-tokens.js';

/** How often lapsed upload tokens are deleted: 10 minutes. */
export const TOKEN_SWEEP_MS = 10 * 60 * 1000;

/** How long closing the app waits for running jobs before handing them back. */
export const STOP_TIMEOUT_MS = 20_000;

/**
 * Starts the workers and the lease watch; registers their stop on app close.
 * With the in-process queue the database belongs to this process alone, so every audit found in
 * processing at start is taken up again at once.
 */
export async function startProcessingWorker(app: FastifyInstance, db: Db, jobs: JobQueue, config: Pick<Config, 'jobConcurrency' | 'jobLeaseMs'>): Promise<void> {
  const timing = { leaseMs: config.jobLeaseMs, heartbeatMs: Math.max(200, Math.min(2000, config.jobLeaseMs / 5)) };
  // The first job finds its processing thread ready, as every later one does.
  prepareSpareWorker();
  await jobs.work(async (auditId) => {
    try {
      await runProcessingJob(db, auditId, timing);
    } catch (err) {
      app.log.error({ err, auditId }, 'processing job failed');
    }
  }, config.jobConcurrency);
  const recover = (all: boolean) =>
    recoverStalledAudits(db, jobs, { leaseMs: config.jobLeaseMs, all }).then(
      (ids) => ids.length && app.log.warn({ auditIds: ids }, 'audits taken up again after their worker stopped'),
      (err: unknown) => app.log.error({ err }, 'looking for stalled audits failed'),
    );
  await recover(jobs.kind === 'in-process');
  const watch = setInterval(() => void recover(false), Math.max(1000, config.jobLeaseMs / 2));
  watch.unref();
  const sweep = () => removeExpiredUploadTokens(db).catch((err: unknown) => app.log.error({ err }, 'deleting lapsed upload tokens failed'));
  await sweep();
  const sweeper = setInterval(() => void sweep(), TOKEN_SWEEP_MS);
  sweeper.unref();
  app.addHook('onClose', async () => {
    clearInterval(watch);
    clearInterval(sweeper);
    await jobs.stop(STOP_TIMEOUT_MS);
  });
}
