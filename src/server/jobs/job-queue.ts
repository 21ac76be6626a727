/**
 * The job queue of audit processing (DESIGN.md section 12, docs/decisions/0056): pg-boss on the
 * PostgreSQL server, so that any app server's worker takes a job any app server sent; with the
 * embedded PGlite (one process owns the database) the same interface runs in-process.
 *
 * A job is only an audit id: what to process lives on the audit row (`processing_job`), and who
 * holds it is the row's lease (`job_token`, `job_heartbeat_at`), so a job delivered twice, or taken
 * up again after its worker died, still stores results once (processing-job.ts).
 */
import type PgBoss from 'pg-boss';

/** Handles one job; resolves when done (an error is logged, never retried by the queue). */
export type JobHandler = (auditId: string) => Promise<void>;

export interface JobQueue {
  kind: 'in-process' | 'pg-boss';
  /** Queues processing of the audit. */
  send(auditId: string): Promise<void>;
  /** Starts `concurrency` workers that run `handler` for each job. */
  work(handler: JobHandler, concurrency: number): Promise<void>;
  /**
   * Stops taking jobs and waits up to `timeoutMs` for the running ones; a job still running then
   * is left to its lease (another server, or this one after a restart, takes it up again).
   */
  stop(timeoutMs: number): Promise<void>;
}

const QUEUE = 'process-audit';

/** Options of the pg-boss queue. */
export interface PgBossQueueOptions {
  connectionString: string;
  /** How often an idle worker looks for a job (pg-boss's minimum is 0.5 s). */
  pollingIntervalSeconds?: number;
  onError?: (err: Error) => void;
}

/** The queue on the PostgreSQL server (creates pg-boss's schema and the queue when missing). */
export async function openPgBossQueue(opts: PgBossQueueOptions): Promise<JobQueue> {
  // Loaded here, not at start: a PGlite server never needs it (idle memory, DESIGN.md section 7).
  const { default: PgBossClass } = await import('pg-boss');
  const boss = new PgBossClass({
    connectionString: opts.connectionString,
    max: 3,
    // The audit's lease decides about jobs whose worker died; pg-boss neither expires nor retries them.
    expireInHours: 23,
    retryLimit: 0,
    application_name: 'stocktally-jobs',
  });
  boss.on('error', (err) => opts.onError?.(err));
  await boss.start();
  await ensureQueue(boss);
  const workers: string[] = [];
  return {
    kind: 'pg-boss',
    async send(auditId) {
      await boss.send(QUEUE, { auditId });
      // This server's idle workers look now instead of at their next poll (up to 0.5 s later);
      // the other servers' workers still find the job by polling.
      for (const id of workers) boss.notifyWorker(id);
    },
    async work(handler, concurrency) {
      for (let i = 0; i < concurrency; i++) {
        workers.push(
          await boss.work<{ auditId: string }>(QUEUE, { batchSize: 1, pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 0.5 }, async ([job]) => {
            if (job) await handler(job.data.auditId).catch((err: Error) => opts.onError?.(err));
          }),
        );
      }
    },
    async stop(timeoutMs) {
      await boss.stop({ graceful: true, wait: true, timeout: Math.max(timeoutMs, 1000) });
    },
  };
}

/**
 * Creates the queue when missing. Servers starting together race to create it (PostgreSQL may
 * even end one attempt as a deadlock): an attempt that fails is retried until the queue is there.
 */
async function ensureQueue(boss: PgBoss): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    if (await boss.getQueue(QUEUE)) return;
    try {
      await boss.createQueue(QUEUE);
      return;
    } catch (err) {
      if (attempt >= 5) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt + Math.random() * 200));
    }
  }
}

/** The in-process queue (PGlite, and any single-server install): FIFO, `concurrency` at once. */
export function createInProcessQueue(onError: (err: Error) => void = () => {}): JobQueue {
  const waiting: string[] = [];
  const running = new Set<Promise<void>>();
  let handler: JobHandler | null = null;
  let limit = 1;
  let stopped = false;

  const pump = () => {
    while (!stopped && handler && running.size < limit && waiting.length > 0) {
      const auditId = waiting.shift()!;
      const run: Promise<void> = handler(auditId)
        .catch((err: Error) => onError(err))
        .finally(() => {
          running.delete(run);
          pump();
        });
      running.add(run);
    }
  };

  return {
    kind: 'in-process',
    async send(auditId) {
      if (stopped) return;
      waiting.push(auditId);
      pump();
    },
    async work(h, concurrency) {
      handler = h;
      limit = Math.max(1, concurrency);
      pump();
    },
    async stop(timeoutMs) {
      stopped = true;
      waiting.length = 0;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      });
      await Promise.race([Promise.allSettled([...running]), timeout]);
      clearTimeout(timer);
    },
  };
}

/** The queue for `database`: pg-boss on the PostgreSQL server, in-process on PGlite. */
export async function openJobQueue(database: { kind: 'pglite' | 'postgres'; url?: string }, onError: (err: Error) => void = () => {}): Promise<JobQueue> {
  if (database.kind === 'postgres' && database.url) return openPgBossQueue({ connectionString: database.url, onError });
  return createInProcessQueue(onError);
}
