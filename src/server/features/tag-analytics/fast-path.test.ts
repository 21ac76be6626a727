/**
 * The aggregates against the definition, on random data and both databases (DESIGN.md section
 * 11; docs/decisions/0041). Random catalogues and audits (out-of-order completions, deletions,
 * deleted products, lines of unfinished audits, repeated and odd tag names) go through the same
 * calls the app makes: `recordAuditTagStats` when an audit completes, `forgetAuditTagStats` before
 * one is deleted, `replaceAuditTagStats` when a complete audit's lines are replaced (recompute,
 * apply), `rebuildTagStats` in the rebuild job. The list and every tag's detail must then equal a
 * straightforward computation over the same lines, for windows that exercise both ways the list
 * counts products (open-ended and bounded) and the exact edges of the window.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { auditResultLines, audits, organizations, products, users } from '../../db/schema.js';
import { openTestDatabase, DATABASE_KINDS } from '../../test-support/databases.js';
import { RESULT_CATEGORIES, type ResultCategory } from '../../../contracts/results.js';
import { tagDetailQuerySchema, tagSummaryQuerySchema, type TagProduct, type TagSummaryRow } from '../../../contracts/tag-analytics.js';
import { ACCURATE_CATEGORY, AUDITED_CATEGORIES, accuracyPercentage, completionWindow, type CompletionWindow } from '../../../domain/tag-analytics.js';
import { seededRandom } from '../../../domain/test-support/seeded-random.js';
import { forgetAuditTagStats, rebuildTagStats, recordAuditTagStats, replaceAuditTagStats } from './stats-repo.js';
import { listTagSummaries, readTagDetails } from './tag-summaries.js';

const DAY = 24 * 60 * 60 * 1000;
const TAGS = ['fragile', 'seasonal', 'high value', 'a/b%c', 'Ünïcode', 'x'];

interface Line {
  auditId: string;
  productId: string | null;
  sku: string;
  name: string;
  category: ResultCategory;
  difference: number | null;
  tags: string[];
}
interface World {
  organizationId: string;
  now: Date;
  /** Current products and their tags as stored (repeats and blanks included). */
  catalogue: Array<{ id: string; sku: string; name: string; tags: string[] }>;
  /** Complete, not deleted audits and when they completed. */
  completed: Map<string, Date>;
  lines: Line[];
}

async function buildWorld(db: Database['db'], seed: number): Promise<World> {
  const rnd = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;
  const someTags = () => [...new Set(TAGS.filter(() => rnd() < 0.3))];
  const now = new Date();
  const [org] = await db.insert(organizations).values({ name: `Random ${seed}` }).returning();
  const [user] = await db.insert(users).values({ organizationId: org!.id, email: `r${seed}@example.com`, role: 'owner' }).returning();
  const organizationId = org!.id;

  // 30 products; a few carry a tag twice or a blank tag, as an import can leave them.
  const stored = await db
    .insert(products)
    .values(
      Array.from({ length: 30 }, (_, i) => {
        const tags = someTags();
        if (tags.length > 0 && rnd() < 0.15) tags.push(tags[0]!);
        if (rnd() < 0.1) tags.push('');
        return { organizationId, sku: `SKU-${seed}-${i}`, name: `Product ${i}`, currentQuantity: 5, tags };
      }),
    )
    .returning();
  const catalogue = stored.map((p) => ({ id: p.id, sku: p.sku, name: p.name ?? '', tags: p.tags }));
  // Two products that were deleted since their audits: history only.
  const gone = [0, 1].map((i) => ({ id: crypto.randomUUID(), sku: `GONE-${seed}-${i}`, name: `Gone ${i}`, tags: someTags() }));

  // 14 audits with distinct completion times over the last 90 days, completed in random order.
  const auditRows = await db
    .insert(audits)
    .values(Array.from({ length: 14 }, (_, i) => ({ organizationId, userId: user!.id, name: `A${i}`, auditType: 'cycle-count', status: 'processing' })))
    .returning();
  const times = auditRows.map((_, i) => new Date(now.getTime() - Math.floor(rnd() * 90 * DAY) - i));
  const lines: Line[] = [];
  // Half the products keep their tags through every audit (the refresh's common case); the
  // others' lines carry other tags now and then, so a product's tags differ between its lines.
  const changing = new Set([...catalogue, ...gone].filter(() => rnd() < 0.5).map((p) => p.id));
  for (const audit of auditRows) {
    const counted = [...catalogue, ...gone].filter(() => rnd() < 0.5);
    let position = 0;
    const rows = counted.map((p) => {
      const category = pick(RESULT_CATEGORIES);
      const inScope = category !== 'notFound';
      const line: Line = {
        auditId: audit.id,
        productId: inScope ? p.id : null,
        sku: p.sku,
        name: p.name,
        category,
        difference: category === 'crossFileDiscrepancies' ? null : category === ACCURATE_CATEGORY ? 0 : Math.floor(rnd() * 11) - 5,
        // The tags the product had when the audit ran: often its current ones, sometimes others.
        tags: !changing.has(p.id) || rnd() < 0.6 ? [...new Set(p.tags.filter((t) => t !== ''))] : someTags(),
      };
      lines.push(line);
      return {
        organizationId,
        auditId: audit.id,
        category,
        position: position++,
        productId: line.productId,
        sku: p.sku,
        productName: p.name,
        expectedQuantity: 5,
        scannedQuantity: 5 + (line.difference ?? 0),
        difference: line.difference,
        tags: line.tags,
      };
    });
    if (rows.length > 0) await db.insert(auditResultLines).values(rows);
  }

  const completed = new Map<string, Date>();
  const order = auditRows.map((a, i) => ({ a, i, key: rnd() })).sort((x, y) => x.key - y.key);
  // The last audit in that order never completes: its lines must not count.
  for (const { a, i } of order.slice(0, -1)) {
    await db.execute(sql`UPDATE audits SET status = 'complete', completed_at = ${times[i]!.toISOString()}::timestamptz WHERE id = ${a.id}::uuid`);
    await recordAuditTagStats(db, organizationId, a.id);
    // A second call for the same audit changes nothing.
    if (i % 4 === 0) await recordAuditTagStats(db, organizationId, a.id);
    completed.set(a.id, times[i]!);
  }
  // Delete three complete audits, whatever their place in time.
  const world: World = { organizationId, now, catalogue, completed, lines: lines.filter((l) => completed.has(l.auditId)) };
  for (const { a } of order.slice(0, 3)) await deleteAudit(db, world, a.id);
  return world;
}

/** Deletes a complete audit as the app does: its aggregates first, then the audit. */
async function deleteAudit(db: Database['db'], world: World, auditId: string): Promise<void> {
  await forgetAuditTagStats(db, world.organizationId, auditId);
  await db.execute(sql`DELETE FROM audits WHERE id = ${auditId}::uuid`);
  world.completed.delete(auditId);
  world.lines = world.lines.filter((l) => l.auditId !== auditId);
}

/**
 * Replaces a complete audit's result lines as a recompute would, through `replaceAuditTagStats`:
 * every other line of the audit dropped, the rest with another result, the audit's completion
 * moved to between the two latest audits (or just after the latest).
 */
async function replaceAudit(db: Database['db'], world: World, auditId: string, seed: number): Promise<void> {
  const rnd = seededRandom(seed * 31);
  const old = world.lines.filter((l) => l.auditId === auditId);
  const next: Line[] = old
    .filter((_, i) => i % 2 === 0)
    .map((l) => {
      const category = l.category === ACCURATE_CATEGORY ? 'quantityBelow' : ACCURATE_CATEGORY;
      return { ...l, category, difference: category === ACCURATE_CATEGORY ? 0 : -1 - Math.floor(rnd() * 4) };
    });
  const times = [...world.completed.values()].map((d) => d.getTime()).sort((a, b) => a - b);
  const movedTo = new Date(times.length > 1 ? Math.floor((times.at(-1)! + times.at(-2)!) / 2) : times.at(-1)! + 1);
  await replaceAuditTagStats(db, world.organizationId, auditId, async () => {
    await db.execute(sql`DELETE FROM audit_result_lines WHERE audit_id = ${auditId}::uuid`);
    if (next.length > 0) {
      await db.insert(auditResultLines).values(
        next.map((l, position) => ({
          organizationId: world.organizationId,
          auditId,
          category: l.category,
          position,
          productId: l.productId,
          sku: l.sku,
          productName: l.name,
          expectedQuantity: 5,
          scannedQuantity: 5 + (l.difference ?? 0),
          difference: l.difference,
          tags: l.tags,
        })),
      );
    }
    await db.execute(sql`UPDATE audits SET completed_at = ${movedTo.toISOString()}::timestamptz WHERE id = ${auditId}::uuid`);
  });
  world.completed.set(auditId, movedTo);
  world.lines = [...world.lines.filter((l) => l.auditId !== auditId), ...next];
}

/**
 * The aggregate tables of the organisation as text, in key order: what completion and deletion
 * kept must equal what a refresh computes, array element by array element. Audit numbers differ
 * (a refresh numbers afresh, without the gaps deletions leave), so each array element is shown as
 * its audit's id and completion time; and the numbers must follow completion order. Each row's
 * narrow copy of its audit numbers must equal its own.
 */
async function aggregateRows(db: Database['db'], organizationId: string): Promise<unknown[]> {
  const rows = async (query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: unknown[] }).rows;
  const byNumber = await rows(sql`
    SELECT audit_id::text FROM tag_audit_numbers WHERE organization_id = ${organizationId}::uuid ORDER BY number`);
  const byCompletion = await rows(sql`
    SELECT n.audit_id::text FROM tag_audit_numbers AS n JOIN audits AS a ON a.id = n.audit_id
    WHERE n.organization_id = ${organizationId}::uuid ORDER BY a.completed_at, a.id`);
  expect(byNumber, 'audit numbers in completion order').toEqual(byCompletion);
  const complete = await rows(sql`
    SELECT id::text AS audit_id FROM audits WHERE organization_id = ${organizationId}::uuid AND status = 'complete' ORDER BY completed_at, id`);
  expect(byNumber, 'every complete audit numbered').toEqual(complete);
  // Every (tag, product) row's narrow copy holds its audit numbers, and no other narrow row exists
  // (docs/decisions/0156).
  const copies = sql`SELECT tag, product_id::text, audit_numbers::text FROM`;
  const order = sql`WHERE organization_id = ${organizationId}::uuid ORDER BY tag, product_id`;
  expect(await rows(sql`${copies} tag_product_audit_numbers ${order}`), 'narrow copies of the audit numbers').toEqual(
    await rows(sql`${copies} tag_product_stats ${order}`),
  );
  const elements = (column: string) => sql`ARRAY(
    SELECT n.${sql.raw(column)} FROM unnest(s.audit_numbers) WITH ORDINALITY AS u(x, i)
    JOIN tag_audit_numbers AS n ON n.organization_id = s.organization_id AND n.number = u.x ORDER BY u.i)::text`;
  return [
    ...(await rows(sql`
      SELECT tag, audit_id::text, completed_at::text, audited_lines, accurate_lines, quantity_variance, latest_products
      FROM tag_audit_stats WHERE organization_id = ${organizationId}::uuid ORDER BY audit_id, tag`)),
    ...(await rows(sql`
      SELECT s.tag, s.product_id::text, s.sku, s.product_name, ${elements('audit_id')} AS audit_ids, ${elements('completed_at')} AS completed_ats,
        cardinality(s.audit_numbers) AS audits, s.last_completed_at::text, s.accurate_counts::text, s.variance_sums::text
      FROM tag_product_stats AS s WHERE s.organization_id = ${organizationId}::uuid ORDER BY s.tag, s.product_id`)),
  ];
}

interface Expected {
  summary: TagSummaryRow[];
  products: Record<string, TagProduct[]>;
}

/** The figures straight from DESIGN.md section 11's definitions, over the lines in memory. */
function expectedFigures(world: World, window: CompletionWindow): Expected {
  const inWindow = (at: Date) => (!window.from || at >= window.from) && (!window.to || at < window.to);
  const audited = world.lines
    .filter((l) => l.productId !== null && AUDITED_CATEGORIES.includes(l.category) && inWindow(world.completed.get(l.auditId)!))
    .sort((x, y) => world.completed.get(x.auditId)!.getTime() - world.completed.get(y.auditId)!.getTime());
  const tags = new Set([...world.catalogue.flatMap((p) => p.tags.filter((t) => t !== '')), ...audited.flatMap((l) => l.tags)]);
  const summary: TagSummaryRow[] = [];
  const productsByTag: Record<string, TagProduct[]> = {};
  for (const tag of tags) {
    const current = world.catalogue.filter((p) => p.tags.includes(tag));
    const mine = audited.filter((l) => l.tags.includes(tag));
    const accurate = mine.filter((l) => l.category === ACCURATE_CATEGORY).length;
    const last = mine.at(-1);
    summary.push({
      tagName: tag,
      totalProducts: current.length,
      productsEverAudited: new Set(mine.map((l) => l.productId)).size,
      productsAuditedLast30Days: new Set(mine.filter((l) => world.completed.get(l.auditId)! >= window.recentFrom).map((l) => l.productId)).size,
      accuracyPercentage: accuracyPercentage(accurate, mine.length),
      totalQuantityVariance: mine.reduce((sum, l) => sum + (l.difference ?? 0), 0),
      lastAuditDate: last ? world.completed.get(last.auditId)!.toISOString() : null,
    });
    const ids = new Set([...current.map((p) => p.id), ...mine.map((l) => l.productId!)]);
    productsByTag[tag] = [...ids]
      .map((id) => {
        const own = mine.filter((l) => l.productId === id);
        const product = current.find((p) => p.id === id);
        const latest = own.at(-1);
        return {
          productId: id,
          name: product?.name ?? latest!.name,
          sku: product?.sku ?? latest!.sku,
          totalAudits: own.length,
          accurateAudits: own.filter((l) => l.category === ACCURATE_CATEGORY).length,
          recentAccuracy: latest?.category === ACCURATE_CATEGORY,
          runningVariance: own.reduce((sum, l) => sum + (l.difference ?? 0), 0),
          lastAuditDate: latest ? world.completed.get(latest.auditId)!.toISOString() : null,
        };
      })
      .sort((x, y) => x.productId.localeCompare(y.productId));
  }
  summary.sort((x, y) => x.tagName.localeCompare(y.tagName));
  return { summary, products: productsByTag };
}

/** Query windows: none, open-ended, bounded in the past, both ends, edges exactly on completions. */
function windows(world: World): Array<{ dateRangeStart?: string; dateRangeEnd?: string }> {
  const day = (daysAgo: number) => new Date(world.now.getTime() - daysAgo * DAY).toISOString().slice(0, 10);
  const times = [...world.completed.values()].sort((a, b) => a.getTime() - b.getTime());
  const middle = times[Math.floor(times.length / 2)]!.toISOString();
  const early = times[1]!.toISOString();
  return [
    {},
    { dateRangeStart: day(40) },
    { dateRangeEnd: day(20) },
    { dateRangeStart: day(60), dateRangeEnd: day(10) },
    { dateRangeEnd: day(0) },
    { dateRangeStart: middle },
    { dateRangeEnd: middle },
    { dateRangeStart: early, dateRangeEnd: middle },
  ];
}

async function expectSameFigures(db: Database['db'], world: World, label: string): Promise<void> {
  const { organizationId, now } = world;
  for (const range of windows(world)) {
    const expected = expectedFigures(world, completionWindow({ ...range, now }));
    const at = `${label} ${JSON.stringify(range)}`;
    const summary = await listTagSummaries({ db, organizationId, now, query: tagSummaryQuerySchema.parse(range) });
    expect([...summary].sort((x, y) => x.tagName.localeCompare(y.tagName)), at).toEqual(expected.summary);

    const filtered = await listTagSummaries({
      db,
      organizationId,
      now,
      query: tagSummaryQuerySchema.parse({ ...range, minDiscrepancyThreshold: '10', onlyRecentActivity: 'true' }),
    });
    const recentFrom = completionWindow({ ...range, now }).recentFrom.getTime();
    const kept = expected.summary.filter(
      (r) => r.accuracyPercentage !== null && 100 - r.accuracyPercentage >= 10 && r.lastAuditDate !== null && Date.parse(r.lastAuditDate) >= recentFrom,
    );
    expect(filtered.map((r) => r.tagName).sort(), `${at} filtered`).toEqual(kept.map((r) => r.tagName).sort());

    for (const row of expected.summary) {
      const detail = await readTagDetails({ db, organizationId, now, tagName: row.tagName, query: tagDetailQuerySchema.parse(range) });
      expect(detail.summary, `${at} ${row.tagName} summary`).toEqual(row);
      const listed = [...detail.products].sort((x, y) => x.productId.localeCompare(y.productId));
      expect(listed, `${at} ${row.tagName} products`).toEqual(expected.products[row.tagName]);
    }
  }
}

describe.each(DATABASE_KINDS)('tag analytics aggregates against the definition on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => database?.close());

  it.each([1, 2, 3])('random data, seed %i: as kept on completion and deletion, then after refresh', async (seed) => {
    const { db } = database;
    const world = await buildWorld(db, seed);
    const { organizationId } = world;
    await expectSameFigures(db, world, `seed ${seed} kept`);
    const kept = await aggregateRows(db, organizationId);
    expect(kept.length).toBeGreaterThan(0);
    for (const tag of [TAGS[0]!, TAGS[3]!]) {
      await rebuildTagStats(db, organizationId, tag);
      expect(await aggregateRows(db, organizationId), `seed ${seed} ${tag} rebuilt`).toEqual(kept);
    }
    await expectSameFigures(db, world, `seed ${seed} tags rebuilt`);
    await rebuildTagStats(db, organizationId, null);
    expect(await aggregateRows(db, organizationId), `seed ${seed} rebuilt`).toEqual(kept);
    await expectSameFigures(db, world, `seed ${seed} rebuilt`);
    // The rebuilt arrays keep working: deleting the audit in the middle of time takes it out at
    // its place (found by the rebuilt audit ids), and a refresh then agrees.
    const times = [...world.completed].sort((x, y) => x[1].getTime() - y[1].getTime());
    await deleteAudit(db, world, times[Math.floor(times.length / 2)]![0]);
    await expectSameFigures(db, world, `seed ${seed} rebuilt, then one deleted`);
    const afterDelete = await aggregateRows(db, organizationId);
    await rebuildTagStats(db, organizationId, null);
    expect(await aggregateRows(db, organizationId), `seed ${seed} deleted then rebuilt`).toEqual(afterDelete);

    // A complete audit's lines replaced (a recompute after an alias mapping, an apply): half its
    // lines go, the others change result, and it moves in time past later audits.
    const replaced = [...world.completed].sort((x, y) => x[1].getTime() - y[1].getTime())[1]![0];
    await replaceAudit(db, world, replaced, seed);
    await expectSameFigures(db, world, `seed ${seed} one audit's lines replaced`);
    const afterReplace = await aggregateRows(db, organizationId);
    await rebuildTagStats(db, organizationId, null);
    expect(await aggregateRows(db, organizationId), `seed ${seed} replaced then rebuilt`).toEqual(afterReplace);
  });
});
