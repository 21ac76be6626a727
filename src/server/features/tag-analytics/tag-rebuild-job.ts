/**
 * The full rebuild of an organisation's tag analytics from its result lines as a background job
 * (DESIGN.md sections 11, 12; docs/decisions/0130): minutes of work at 5 million lines, never
 * done inside a request. `startTagRebuild` writes a `tag_stats_rebuilds` row and queues its id on
 * the `rebuild-tag-stats` queue (pg-boss on PostgreSQL, in-process on PGlite); a worker claims the
 * row, runs `rebuildTagStats` in one transaction, and moves `stage` and `progress` as it goes.
 *
 * Progress is written outside the rebuild's transaction, on another connection of the pool. On
 * PGlite a transaction holds the one connection, so nothing else (progress writes, a reader's
 * query) runs until the rebuild ends: there it shows queued, running, then done.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { runsOnPglite, type Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { TAG_REBUILD_STAGES, type TagRebuild, type TagRebuildStage, type TagRebuildStatus } from '../../../contracts/tag-analytics.js';
import { isUuid } from '../audits/repo.js';
import { rebuildTagStats, TAG_REBUILD_STEPS, type TagRebuildStep } from './stats-repo.js';

export const TAG_REBUILD_QUEUE = 'rebuild-tag-stats' as const;

/** What the owner reads when a rebuild failed (the cause goes to the server's log). */
export const REBUILD_FAILED_MESSAGE = 'The rebuild failed; the figures are as they were before it. Try again, or ask your operator.';

/** Leases a queued rebuild may wait unclaimed before it is sent again (as audit processing does). */
const UNCLAIMED_LEASES = 10;

interface RebuildRow {
  id: string;
  status: TagRebuildStatus;
  progress: number;
  stage: string;
  error: string | null;
  createdAt: string | Date;
  startedAt: string | Date | null;
  finishedAt: string | Date | null;
}

const COLUMNS = sql`id::text AS id, status, progress, stage, error, created_at AS "createdAt", started_at AS "startedAt", finished_at AS "finishedAt"`;

const iso = (at: string | Date | null) => (at === null ? null : new Date(at).toISOString());

function toRebuild(row: RebuildRow): TagRebuild {
  const stage = (TAG_REBUILD_STAGES as readonly string[]).includes(row.stage) ? (row.stage as TagRebuildStage) : 'queued';
  return {
    id: row.id,
    status: row.status,
    progress: Number(row.progress),
    stage,
    error: row.error,
    createdAt: iso(row.createdAt)!,
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
  };
}

async function rows(db: Db, query: ReturnType<typeof sql>): Promise<RebuildRow[]> {
  return ((await db.execute(query)) as unknown as { rows: RebuildRow[] }).rows;
}

/**
 * Starts a rebuild of the organisation's aggregates: a new queued row, its job sent. When one is
 * already queued or running it is answered instead (`started: false`; a queued one's job is sent
 * again, which its claim makes harmless): one at a time per organisation (a unique index on the
 * open rows).
 */
export async function startTagRebuild(
  db: Db,
  jobs: JobQueue,
  organizationId: string,
  requestedBy: string | null,
): Promise<{ rebuild: TagRebuild; started: boolean }> {
  try {
    const [row] = await rows(
      db,
      sql`INSERT INTO tag_stats_rebuilds (organization_id, requested_by) VALUES (${organizationId}::uuid, ${requestedBy}::uuid) RETURNING ${COLUMNS}`,
    );
    await jobs.sendTo(TAG_REBUILD_QUEUE, row!.id);
    return { rebuild: toRebuild(row!), started: true };
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const [open] = await rows(
      db,
      sql`SELECT ${COLUMNS} FROM tag_stats_rebuilds WHERE organization_id = ${organizationId}::uuid AND status IN ('queued', 'running')`,
    );
    // Finished between the insert and this read: start the next one.
    if (!open) return startTagRebuild(db, jobs, organizationId, requestedBy);
    // Still waiting: sent once more (a worker claims it once), in case its job was lost.
    if (open.status === 'queued') await jobs.sendTo(TAG_REBUILD_QUEUE, open.id);
    return { rebuild: toRebuild(open), started: false };
  }
}

/** The organisation's latest rebuild, or null when none was ever started. */
export async function latestTagRebuild(db: Db, organizationId: string): Promise<TagRebuild | null> {
  const [row] = await rows(
    db,
    sql`SELECT ${COLUMNS} FROM tag_stats_rebuilds WHERE organization_id = ${organizationId}::uuid ORDER BY created_at DESC, id DESC LIMIT 1`,
  );
  return row ? toRebuild(row) : null;
}

/** One rebuild of the organisation. @throws AppError 404 for a missing id or another organisation's. */
export async function readTagRebuild(db: Db, organizationId: string, id: string): Promise<TagRebuild> {
  if (!isUuid(id)) throw notFound('Rebuild');
  const [row] = await rows(db, sql`SELECT ${COLUMNS} FROM tag_stats_rebuilds WHERE id = ${id}::uuid AND organization_id = ${organizationId}::uuid`);
  if (!row) throw notFound('Rebuild');
  return toRebuild(row);
}

/**
 * Runs the rebuild job `rebuildId`: claims its row (a job delivered twice, or a rebuild already
 * done, finds nothing to claim), rebuilds every tag of its organisation, and ends the row complete
 * (progress 100) or in error. Progress and a heartbeat every `heartbeatMs` are written on the
 * PostgreSQL server only (see the module note). Never throws for the rebuild's own failure: it
 * is on the row, and the cause is handed to `onError`.
 */
export async function runTagRebuildJob(
  db: Db,
  rebuildId: string,
  opts: { heartbeatMs: number; onError?: (err: unknown) => void },
): Promise<void> {
  const [claimed] = (
    (await db.execute(sql`
      UPDATE tag_stats_rebuilds SET status = 'running', stage = 'numbering', progress = 0, started_at = clock_timestamp(),
        heartbeat_at = clock_timestamp()
      WHERE id = ${rebuildId}::uuid AND status = 'queued'
      RETURNING organization_id::text AS "organizationId", started_at::text AS "token"`)) as unknown as {
      rows: Array<{ organizationId: string; token: string }>;
    }
  ).rows;
  if (!claimed) return;
  // The claim's start time tells this run's writes from those of a later claim of the same row
  // (the row handed back after a lost heartbeat).
  const mine = sql`id = ${rebuildId}::uuid AND started_at = ${claimed.token}::timestamptz`;
  const progressWritten = !runsOnPglite(db);
  const beat = progressWritten
    ? setInterval(() => {
        void db.execute(sql`UPDATE tag_stats_rebuilds SET heartbeat_at = clock_timestamp() WHERE ${mine} AND status = 'running'`).catch(() => {});
      }, opts.heartbeatMs)
    : undefined;
  beat?.unref();
  const onStep = async (step: TagRebuildStep) => {
    if (!progressWritten) return;
    await db.execute(sql`
      UPDATE tag_stats_rebuilds SET stage = ${step}, progress = ${TAG_REBUILD_STEPS[step]}, heartbeat_at = clock_timestamp()
      WHERE ${mine} AND status = 'running'`);
  };
  try {
    await rebuildTagStats(db, claimed.organizationId, null, onStep);
    await db.execute(sql`
      UPDATE tag_stats_rebuilds SET status = 'complete', stage = 'done', progress = 100, finished_at = clock_timestamp()
      WHERE ${mine}`);
  } catch (err) {
    opts.onError?.(err);
    await db.execute(sql`
      UPDATE tag_stats_rebuilds SET status = 'error', error = ${REBUILD_FAILED_MESSAGE}, finished_at = clock_timestamp()
      WHERE ${mine}`);
  } finally {
    if (beat) clearInterval(beat);
  }
}

/**
 * Sends again every rebuild whose worker died: running with a heartbeat older than `leaseMs`
 * (set back to queued), or queued and unclaimed for `UNCLAIMED_LEASES` leases. With `all` (a
 * single-process database at start), every open rebuild. Answers the ids sent.
 */
export async function recoverStalledTagRebuilds(db: Db, jobs: JobQueue, opts: { leaseMs: number; all?: boolean }): Promise<string[]> {
  const lease = sql`make_interval(secs => ${opts.leaseMs / 1000})`;
  const stale = opts.all
    ? sql`status IN ('queued', 'running')`
    : sql`(status = 'running' AND heartbeat_at < now() - ${lease})
        OR (status = 'queued' AND coalesce(heartbeat_at, created_at) < now() - ${lease} * ${UNCLAIMED_LEASES})`;
  const sent = (
    (await db.execute(sql`
      UPDATE tag_stats_rebuilds SET status = 'queued', stage = 'queued', progress = 0, heartbeat_at = now()
      WHERE ${stale} RETURNING id::text AS id`)) as unknown as { rows: Array<{ id: string }> }
  ).rows;
  for (const { id } of sent) await jobs.sendTo(TAG_REBUILD_QUEUE, id);
  return sent.map((r) => r.id);
}

/**
 * This server's rebuild worker (one at a time: a rebuild takes the machine's cores for minutes)
 * and the watch that sends again the rebuilds whose worker died. Stopped with the queue on close
 * (processing-worker.ts stops it).
 */
export async function startTagRebuildWorker(app: FastifyInstance, db: Db, jobs: JobQueue, config: Pick<Config, 'jobLeaseMs'>): Promise<void> {
  const heartbeatMs = Math.max(200, Math.min(2000, config.jobLeaseMs / 5));
  await jobs.workOn(
    TAG_REBUILD_QUEUE,
    (id) => runTagRebuildJob(db, id, { heartbeatMs, onError: (err) => app.log.error({ err, rebuildId: id }, 'tag analytics rebuild failed') }),
    1,
  );
  const recover = (all: boolean) =>
    recoverStalledTagRebuilds(db, jobs, { leaseMs: config.jobLeaseMs, all }).then(
      (ids) => ids.length && app.log.warn({ rebuildIds: ids }, 'tag analytics rebuilds taken up again after their worker stopped'),
      (err: unknown) => app.log.error({ err }, 'looking for stalled tag analytics rebuilds failed'),
    );
  await recover(jobs.kind === 'in-process');
  const watch = setInterval(() => void recover(false), Math.max(1000, config.jobLeaseMs / 2));
  watch.unref();
  app.addHook('onClose', async () => clearInterval(watch));
}
