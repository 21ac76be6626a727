/**
 * The job queue (DESIGN.md sections 11, 12; docs/decisions/0056, 0130): pg-boss on the PostgreSQL
 * server, so that any app server's worker takes a job any app server sent; with the embedded
 * PGlite (one process owns the database) the same interface runs in-process.
 *
 * Three named queues: `process-audit` (audit processing), `rebuild-tag-stats` (a full rebuild of
 * an organisation's tag analytics) and `recompute-audit` (a complete audit recomputed from its kept
 * scan files, docs/decisions/0139). A job is only an id (an audit's, a rebuild's): what to do
 * lives on its row, and who holds it is the row's lease, so a job delivered twice, or taken up
 * again after its worker died, still does its work once (processing-job.ts, tag-rebuild-job.ts).
 */
import type PgBoss from 'pg-boss';

/** Handles one job; resolves when done (an error is logged, never retried by the queue). */
export type JobHandler = (id: string) => Promise<void>;

/** The queues; `send` and `work` without a name are audit processing's. */
export const QUEUES = ['process-audit', 'rebuild-tag-stats', 'recompute-audit'] as const;
export type QueueName = (typeof QUEUES)[number];

/** The field of a pg-boss job's data that holds its id, per queue. */
const ID_FIELD: Record<QueueName, string> = { 'process-audit': 'auditId', 'rebuild-tag-stats': 'rebuildId', 'recompute-audit': 'auditId' };

export interface JobQueue {
  kind: 'in-process' | 'pg-boss';
  /** Queues processing of the audit. */
  send(auditId: string): Promise<void>;
  /** Starts `concurrency` workers that run `handler` for each audit processing job. */
  work(handler: JobHandler, concurrency: number): Promise<void>;
  /** Queues a job with id `id` on `queue`. */
  sendTo(queue: QueueName, id: string): Promise<void>;
  /** Starts `concurrency` workers that run `handler` for each job of `queue`. */
  workOn(queue: QueueName, handler: JobHandler, concurrency: number): Promise<void>;
  /**
   * Stops taking jobs and waits up to `timeoutMs` for the running ones; a job still running then
   * is left to its lease (another server, or this one after a restart, takes it up again).
   */
  stop(timeoutMs: number): Promise<void>;
}

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
  for (const queue of QUEUES) await ensureQueue(boss, queue);
  const workers = new Map<QueueName, string[]>();
  const sendTo = async (queue: QueueName, id: string) => {
    await boss.send(queue, { [ID_FIELD[queue]]: id });
    // This server's idle workers look now instead of at their next poll (up to 0.5 s later);
    // the other servers' workers still find the job by polling.
    for (const worker of workers.get(queue) ?? []) boss.notifyWorker(worker);
  };
  const workOn = async (queue: QueueName, handler: JobHandler, concurrency: number) => {
    const mine = workers.get(queue) ?? [];
    workers.set(queue, mine);
    for (let i = 0; i < concurrency; i++) {
      mine.push(
        await boss.work<Record<string, string | undefined>>(queue, { batchSize: 1, pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 0.5 }, async ([job]) => {
          const id = job?.data[ID_FIELD[queue]];
          if (id) await handler(id).catch((err: Error) => opts.onError?.(err));
        }),
      );
    }
  };
  return {
    kind: 'pg-boss',
    send: (auditId) => sendTo('process-audit', auditId),
    work: (handler, concurrency) => workOn('process-audit', handler, concurrency),
    sendTo,
    workOn,
    async stop(timeoutMs) {
      await boss.stop({ graceful: true, wait: true, timeout: Math.max(timeoutMs, 1000) });
    },
  };
}

/**
 * Creates the queue when missing. Servers starting together race to create it (PostgreSQL may
 * even end one attempt as a deadlock): an attempt that fails is retried until the queue is there.
 */
async function ensureQueue(boss: PgBoss, queue: QueueName): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    if (await boss.getQueue(queue)) return;
    try {
      await boss.createQueue(queue);
      return;
    } catch (err) {
      if (attempt >= 5) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt + Math.random() * 200));
    }
  }
}

/**
 * The in-process queue (PGlite, and any single-server install): FIFO per queue, each queue's
 * `concurrency` jobs at once.
 */
export function createInProcessQueue(onError: (err: Error) => void = () => {}): JobQueue {
  const lanes = new Map(QUEUES.map((queue) => [queue, { waiting: [] as string[], handler: null as JobHandler | null, limit: 1, running: 0 }]));
  const running = new Set<Promise<void>>();
  let stopped = false;

  const pump = (queue: QueueName) => {
    const lane = lanes.get(queue)!;
    while (!stopped && lane.handler && lane.running < lane.limit && lane.waiting.length > 0) {
      const id = lane.waiting.shift()!;
      lane.running += 1;
      const run: Promise<void> = lane
        .handler(id)
        .catch((err: Error) => onError(err))
        .finally(() => {
          running.delete(run);
          lane.running -= 1;
          pump(queue);
        });
      running.add(run);
    }
  };
  const sendTo = async (queue: QueueName, id: string) => {
    if (stopped) return;
    lanes.get(queue)!.waiting.push(id);
    pump(queue);
  };
  const workOn = async (queue: QueueName, handler: JobHandler, concurrency: number) => {
    const lane = lanes.get(queue)!;
    lane.handler = handler;
    lane.limit = Math.max(1, concurrency);
    pump(queue);
  };

  return {
    kind: 'in-process',
    send: (auditId) => sendTo('process-audit', auditId),
    work: (handler, concurrency) => workOn('process-audit', handler, concurrency),
    sendTo,
    workOn,
    async stop(timeoutMs) {
      stopped = true;
      for (const lane of lanes.values()) lane.waiting.length = 0;
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
