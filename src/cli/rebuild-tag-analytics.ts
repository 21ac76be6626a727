/**
 * `npm run rebuild-tag-analytics -- EMAIL` (the organisation of that account) or `-- --all`: the
 * operator rebuilds the tag analytics aggregates from every result line (DESIGN.md section 11;
 * docs/decisions/0130), e.g. after a migration that changed how they are kept. Each
 * organisation's rebuild is a job on the rebuild queue's interface, run by this process's own
 * in-process worker, its progress printed as it moves (on PostgreSQL; PGlite shows start and
 * end). Uses the same database as the server: DATABASE_URL when set, else PGlite in DATA_DIR
 * (./data; stop a server running on that directory first, PGlite admits one process). The
 * owners see the rebuild on the tag analytics screen as if they had started it. Exit status 0
 * when every rebuild completed, 1 otherwise.
 */
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config.js';
import { openDatabase } from '../server/db/client.js';
import { runCommand } from './run-command.js';
import { AppError } from '../server/errors.js';
import { createInProcessQueue } from '../server/jobs/job-queue.js';
import { readTagRebuild, runTagRebuildJob, startTagRebuild, TAG_REBUILD_QUEUE } from '../server/features/tag-analytics/tag-rebuild-job.js';

const USAGE = 'Usage: npm run rebuild-tag-analytics -- EMAIL   (the organisation of that account), or -- --all';
const POLL_MS = 1000;

async function main(argv: string[]): Promise<number> {
  const [target, ...rest] = argv;
  if (!target || rest.length > 0) {
    console.error(USAGE);
    return 1;
  }
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const { db } = database;
  const jobs = createInProcessQueue();
  try {
    const organizations = (
      (await db.execute(
        target === '--all'
          ? sql`SELECT id::text AS id, name FROM organizations ORDER BY created_at`
          : sql`SELECT o.id::text AS id, o.name FROM organizations AS o JOIN users AS u ON u.organization_id = o.id WHERE lower(u.email) = lower(${target.trim()})`,
      )) as unknown as { rows: Array<{ id: string; name: string }> }
    ).rows;
    if (organizations.length === 0) throw new AppError('NOT_FOUND', `No organisation found for ${target}.`, 404);
    let failures = 0;
    await jobs.workOn(TAG_REBUILD_QUEUE, (id) => runTagRebuildJob(db, id, { heartbeatMs: 2000, onError: (err) => console.error(err) }), 1);
    for (const org of organizations) {
      const started = performance.now();
      const { rebuild, started: isNew } = await startTagRebuild(db, jobs, org.id, null);
      if (!isNew) console.log(`${org.name}: a rebuild is already ${rebuild.status}; following it.`);
      let last = '';
      for (;;) {
        const now = await readTagRebuild(db, org.id, rebuild.id);
        const line = `${org.name}: ${now.status}, ${now.stage}, ${now.progress}%`;
        if (line !== last) console.log(`${line} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
        last = line;
        if (now.status === 'complete' || now.status === 'error') {
          if (now.status === 'error') failures += 1;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    }
    return failures === 0 ? 0 : 1;
  } finally {
    await jobs.stop(1000);
    await database.close();
  }
}

runCommand(main);
