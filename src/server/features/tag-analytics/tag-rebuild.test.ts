/**
 * Refresh without a rebuild, and the full rebuild as a background job (DESIGN.md section 11;
 * docs/decisions/0129, 0130), on both databases: Refresh answers the aggregates' version and
 * leaves them as they are; the version moves with every completion and deletion; the rebuild job
 * puts the figures back from the lines and shows its steps; one rebuild at a time; the owner
 * alone starts and follows one; a rebuild whose worker died is sent again.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { auditResultLines, audits, products } from '../../db/schema.js';
import { createInProcessQueue } from '../../jobs/job-queue.js';
import { DATABASE_KINDS } from '../../test-support/databases.js';
import { createTestApp, signedInMember, type TestApp, type TestClient } from '../../test-support/test-app.js';
import type { TagRebuild } from '../../../contracts/tag-analytics.js';
import { forgetAuditTagStats, recordAuditTagStats } from './stats-repo.js';
import { recoverStalledTagRebuilds, startTagRebuild, TAG_REBUILD_QUEUE } from './tag-rebuild-job.js';

const TAGS = [['fragile'], ['fragile', 'seasonal'], ['seasonal']];

/** A complete audit of every product (one accurate line in three), its aggregates recorded as on completion. */
async function completeAudit(db: Db, organizationId: string, userId: string, name: string): Promise<string> {
  const catalogue = await db.select().from(products).where(sql`${products.organizationId} = ${organizationId}::uuid`);
  const [audit] = await db.insert(audits).values({ organizationId, userId, name, auditType: 'cycle-count', status: 'complete', completedAt: new Date() }).returning();
  await db.insert(auditResultLines).values(
    catalogue.map((p, i) => ({
      organizationId,
      auditId: audit!.id,
      category: i % 3 === 0 ? 'quantityCorrect' : 'quantityAbove',
      position: i,
      productId: p.id,
      sku: p.sku,
      productName: p.name,
      expectedQuantity: 5,
      scannedQuantity: i % 3 === 0 ? 5 : 7,
      difference: i % 3 === 0 ? 0 : 2,
      tags: p.tags,
    })),
  );
  await db.transaction(async (tx) => recordAuditTagStats(tx as unknown as Db, organizationId, audit!.id));
  return audit!.id;
}

/** The organisation's audited lines as the aggregates hold them, and as the lines say. */
async function auditedLines(db: Db, organizationId: string): Promise<{ kept: number; fromLines: number }> {
  const [row] = (
    (await db.execute(sql`
      SELECT (SELECT coalesce(sum(audited_lines), 0)::int FROM tag_audit_stats WHERE organization_id = ${organizationId}::uuid) AS kept,
        (SELECT count(*)::int FROM audit_result_lines AS l CROSS JOIN LATERAL unnest(l.tags) AS t(tag)
          JOIN audits AS a ON a.id = l.audit_id AND a.status = 'complete'
          WHERE l.organization_id = ${organizationId}::uuid) AS "fromLines"`)) as unknown as { rows: Array<{ kept: number; fromLines: number }> }
  ).rows;
  return row!;
}

async function until(rebuild: TagRebuild, client: TestClient): Promise<TagRebuild> {
  for (let i = 0; i < 400; i += 1) {
    const res = await client.get(`/api/tag-rebuilds/${rebuild.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const now = res.json() as TagRebuild;
    if (now.status === 'complete' || now.status === 'error') return now;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the rebuild did not finish');
}

describe.each(DATABASE_KINDS)('tag analytics refresh and rebuild job on %s', (kind) => {
  let t: TestApp;
  let owner: TestClient;
  let organizationId: string;
  let userId: string;
  const refresh = async () => {
    const res = await owner.post('/api/tag-analytics/refresh', {});
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { version: number; tagName: string | null };
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = t.client();
    await owner.signUp();
    const me = (await owner.get('/api/auth/user')).json() as { id: string; organizationId: string };
    organizationId = me.organizationId;
    userId = me.id;
    await t.db.insert(products).values(
      Array.from({ length: 9 }, (_, i) => ({ organizationId, sku: `RB-${i}`, name: `Product ${i}`, currentQuantity: 5, tags: TAGS[i % 3]! })),
    );
    await completeAudit(t.db, organizationId, userId, 'First');
  });
  afterAll(async () => t?.close());

  it('Refresh answers the aggregates version and rebuilds nothing; completion and deletion move the version', async () => {
    const before = await refresh();
    expect(before.tagName).toBeNull();
    expect(before.version).toBeGreaterThan(0);
    // Figures changed behind the app's back (as a migration might): Refresh leaves them so.
    await t.db.execute(sql`UPDATE tag_audit_stats SET audited_lines = audited_lines + 1000 WHERE organization_id = ${organizationId}::uuid`);
    const wrong = await auditedLines(t.db, organizationId);
    expect(wrong.kept).not.toBe(wrong.fromLines);
    expect((await refresh()).version).toBe(before.version);
    expect(await auditedLines(t.db, organizationId)).toEqual(wrong);
    expect((await owner.post('/api/tag-analytics/refresh', { tagName: 'fragile' })).json()).toMatchObject({ tagName: 'fragile', version: before.version });
    expect(await auditedLines(t.db, organizationId)).toEqual(wrong);

    const second = await completeAudit(t.db, organizationId, userId, 'Second');
    expect((await refresh()).version).toBe(before.version + 1);
    await t.db.transaction(async (tx) => {
      await forgetAuditTagStats(tx as unknown as Db, organizationId, second);
      await tx.execute(sql`DELETE FROM audits WHERE id = ${second}::uuid`);
    });
    expect((await refresh()).version).toBe(before.version + 2);
  });

  it('the rebuild job puts the figures back from the lines and reports its steps as it goes', async () => {
    // Every change of the rebuild's row, as other connections see it.
    await t.db.execute(sql`CREATE TABLE rebuild_log (n serial PRIMARY KEY, status text, stage text, progress int)`);
    await t.db.execute(sql.raw(`CREATE FUNCTION log_rebuild() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO rebuild_log (status, stage, progress) VALUES (NEW.status, NEW.stage, NEW.progress); RETURN NEW; END $$`));
    await t.db.execute(sql`CREATE TRIGGER rebuild_logged AFTER UPDATE ON tag_stats_rebuilds FOR EACH ROW EXECUTE FUNCTION log_rebuild()`);
    await t.db.execute(sql`UPDATE tag_audit_stats SET audited_lines = audited_lines + 7 WHERE organization_id = ${organizationId}::uuid`);
    const version = (await refresh()).version;

    const started = await owner.post('/api/tag-rebuilds');
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toMatchObject({ status: 'queued', stage: 'queued', progress: 0, error: null, finishedAt: null });
    const done = await until(started.json(), owner);
    expect(done).toMatchObject({ id: started.json().id, status: 'complete', stage: 'done', progress: 100, error: null });
    expect(done.startedAt).not.toBeNull();
    expect(Date.parse(done.finishedAt!)).toBeGreaterThanOrEqual(Date.parse(done.startedAt!));

    const fixed = await auditedLines(t.db, organizationId);
    expect(fixed.kept).toBe(fixed.fromLines);
    expect((await refresh()).version).toBe(version + 1);
    expect((await owner.get('/api/tag-rebuilds/latest')).json()).toEqual({ rebuild: done });

    const log = ((await t.db.execute(sql`SELECT status, stage, progress FROM rebuild_log ORDER BY n`)) as unknown as {
      rows: Array<{ status: string; stage: string; progress: number }>;
    }).rows.filter((row, i, all) => i === 0 || row.stage !== all[i - 1]!.stage);
    // On PostgreSQL each step is written as it starts, from outside the rebuild's transaction;
    // PGlite has one connection, held by that transaction: claimed, then done.
    const steps = kind === 'postgres' ? ['numbering', 'products', 'audits', 'done'] : ['numbering', 'done'];
    expect(log.map((r) => r.stage)).toEqual(steps);
    expect(log.at(-1)).toEqual({ status: 'complete', stage: 'done', progress: 100 });
    expect(log.slice(0, -1).every((r) => r.status === 'running')).toBe(true);
    const progress = log.map((r) => r.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('runs one rebuild at a time per organisation, and sends again one whose worker died', async () => {
    const idle = createInProcessQueue(); // no worker: the rebuild stays queued
    const first = await startTagRebuild(t.db, idle, organizationId, userId);
    const again = await startTagRebuild(t.db, idle, organizationId, null);
    expect(first.started).toBe(true);
    expect(again).toEqual({ started: false, rebuild: first.rebuild });

    // Claimed by a worker that stopped beating: sent again once its lease has run out.
    await t.db.execute(sql`UPDATE tag_stats_rebuilds SET status = 'running', heartbeat_at = now() - interval '1 minute' WHERE id = ${first.rebuild.id}::uuid`);
    const sent: string[] = [];
    const watching = createInProcessQueue();
    await watching.workOn(TAG_REBUILD_QUEUE, async (id) => void sent.push(id), 1);
    expect(await recoverStalledTagRebuilds(t.db, watching, { leaseMs: 120_000 })).toEqual([]);
    expect(await recoverStalledTagRebuilds(t.db, watching, { leaseMs: 30_000 })).toEqual([first.rebuild.id]);
    expect(sent).toEqual([first.rebuild.id]);
    // Asking again sends the waiting one once more: the app's own worker finishes it.
    const asked = await owner.post('/api/tag-rebuilds');
    expect(asked.statusCode).toBe(200);
    expect(asked.json().id).toBe(first.rebuild.id);
    const done = await until(first.rebuild, owner);
    expect(done.status).toBe('complete');
  });

  it('lets the owner alone start and follow a rebuild, and keeps organisations apart', async () => {
    const mine = (await owner.get('/api/tag-rebuilds/latest')).json().rebuild as TagRebuild;
    for (const role of ['admin', 'member', 'viewer'] as const) {
      const other = await signedInMember(t, organizationId, role);
      expect((await other.post('/api/tag-rebuilds')).statusCode, role).toBe(403);
      expect((await other.get('/api/tag-rebuilds/latest')).statusCode, role).toBe(403);
      expect((await other.get(`/api/tag-rebuilds/${mine.id}`)).statusCode, role).toBe(403);
    }
    const stranger = t.client();
    await stranger.signUp({ organizationName: 'Stranger Goods' });
    expect((await stranger.get(`/api/tag-rebuilds/${mine.id}`)).statusCode).toBe(404);
    expect((await stranger.get('/api/tag-rebuilds/latest')).json()).toEqual({ rebuild: null });
    expect((await owner.get('/api/tag-rebuilds/not-a-uuid')).statusCode).toBe(404);
    const anon = t.client();
    expect((await anon.post('/api/tag-rebuilds')).statusCode).toBe(401);
  });
});
