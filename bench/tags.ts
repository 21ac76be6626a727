/**
 * `npm run bench:tags`: tag analytics at size on the PostgreSQL server (DESIGN.md section 7:
 * reads <= 200 ms; Refresh <= 200 ms; the full rebuild, a background job, <= 2x its floor).
 *
 * 1. A fresh database (made and dropped like the test databases) gets, by SQL generate_series:
 *    BENCH_PRODUCTS (50,000) products with 1-3 of BENCH_TAGS (200) tags (skewed: a few tags are
 *    on thousands of products), BENCH_AUDITS (1,000) complete audits over the last year, each of
 *    BENCH_LINES (5,000) audited lines (70% correct, 12% above, 10% below, 8% zero sheet) that
 *    carry their product's tags.
 * 2. The full rebuild as the owner starts it (`POST /api/tag-rebuilds`), a job on pg-boss, timed
 *    from the request until its row reads complete (polled every 50 ms through the API, each
 *    stage's start noted), BENCH_REBUILD_RUNS (3) times, each followed by its floor (5.). Then
 *    Refresh (`POST /api/tag-analytics/refresh`: answers the aggregates' version, rebuilds
 *    nothing) BENCH_RUNS times.
 * 3. Over HTTP (app.inject, session cookie): the summary without and with every filter, with a
 *    date range ending in the past (the bounded path), and the detail of the largest tag without
 *    and with a date range, BENCH_RUNS (9) times each.
 * 4. The cost the aggregates add to completing an audit (`recordAuditTagStats` for a further
 *    audit of BENCH_LINES lines) and to deleting it (`forgetAuditTagStats`), BENCH_COMPLETE_RUNS
 *    (5) times each.
 * 5. References in the same run: the summary's figures computed straight from the result lines by
 *    one plain SQL statement through `pg` (what the aggregates avoid), checked equal to the API's;
 *    and the rebuild's floor (`refreshFloor`): reading the lines' facts and writing the rows it
 *    writes, each by binary COPY through `pg`, printed beside each rebuild with their ratio.
 * Prints median and spread (min-max) of each with the load average at that moment (the machine
 * is shared), and ends with one JSON line. BENCH_KEEP_DB=<name> keeps the seeded database
 * between runs (a kept database's figures are those of the sizes it was seeded with).
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { buildApp } from '../src/server/app.js';
import { createSession, SESSION_COOKIE } from '../src/server/auth/sessions.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase, type Database } from '../src/server/db/client.js';
import { organizations, users } from '../src/server/db/schema.js';
import { openJobQueue } from '../src/server/jobs/job-queue.js';
import { forgetAuditTagStats, recordAuditTagStats } from '../src/server/features/tag-analytics/stats-repo.js';
import type { TagRebuild } from '../src/contracts/tag-analytics.js';
import { spread, type Spread } from './support/stats.js';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 50_000);
const TAGS = Number(process.env.BENCH_TAGS ?? 200);
const AUDITS = Number(process.env.BENCH_AUDITS ?? 1_000);
const LINES = Number(process.env.BENCH_LINES ?? 5_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const REBUILD_RUNS = Number(process.env.BENCH_REBUILD_RUNS ?? 3);
const COMPLETE_RUNS = Number(process.env.BENCH_COMPLETE_RUNS ?? 5);
const SERVER_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

const load = () => os.loadavg().map((l) => Number(l.toFixed(2)));

/**
 * The bench's database: a new one, dropped at the end; or, with BENCH_KEEP_DB=<name>, that
 * database, made and seeded on the first run and kept (later runs skip the seeding).
 */
async function benchDatabase(): Promise<{ database: Database; seeded: boolean }> {
  const kept = process.env.BENCH_KEEP_DB;
  if (kept !== undefined && !/^[a-z_][a-z0-9_]*$/.test(kept)) throw new Error(`BENCH_KEEP_DB: not a plain database name: ${kept}`);
  const name = kept ?? `stocktally_bench_tags_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount! > 0;
  if (!exists) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  const seeded = exists && ((await database.db.execute(sql`SELECT 1 FROM audits LIMIT 1`)) as unknown as { rows: unknown[] }).rows.length > 0;
  if (kept !== undefined) return { database, seeded };
  return {
    seeded,
    database: {
      ...database,
      async close() {
        await database.close();
        const dropper = new pg.Client({ connectionString: SERVER_URL });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await dropper.end();
      },
    },
  };
}

/** Median and spread in ms, rounded to 0.1 ms. */
function spreadMs(values: number[]): Spread {
  const round = (v: number) => Math.round(v * 10) / 10;
  const { median, min, max } = spread(values);
  return { median: round(median), min: round(min), max: round(max) };
}
const show = (s: Spread, unit: string) => `median ${s.median} ${unit} (min ${s.min}, max ${s.max}; load ${load().join(' ')})`;

async function timed(runs: number, work: () => Promise<void>): Promise<Spread> {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return spreadMs(times);
}

async function seed(db: Database['db'], organizationId: string, userId: string): Promise<void> {
  // Tags t000..t199: the first tag is skewed towards low numbers, the others uniform.
  await db.execute(sql`
    INSERT INTO products (organization_id, sku, name, current_quantity, tags)
    SELECT ${organizationId}::uuid, 'SKU-' || lpad(g::text, 6, '0'), 'Product ' || g, 10 + g % 50,
      ARRAY(SELECT DISTINCT x FROM unnest(ARRAY[r.a, r.b, r.c]) AS x WHERE x IS NOT NULL)
    FROM generate_series(0, ${PRODUCTS - 1}) AS g
    -- LATERAL with g: random() drawn per product, not once for the statement.
    CROSS JOIN LATERAL (
      SELECT 't' || lpad(floor(${TAGS} * power(random(), 3) + 0 * g)::int::text, 3, '0') AS a,
        't' || lpad(floor(${TAGS} * random() + 0 * g)::int::text, 3, '0') AS b,
        CASE WHEN random() + 0 * g < 0.4 THEN 't' || lpad(floor(${TAGS} * random())::int::text, 3, '0') END AS c
    ) AS r`);
  await db.execute(sql`
    INSERT INTO audits (organization_id, user_id, name, audit_type, status, progress, created_at, completed_at)
    SELECT ${organizationId}::uuid, ${userId}::uuid, 'Audit ' || a, 'cycle-count', 'complete', 100,
      now() - ((${AUDITS} - a) * interval '365 days' / ${AUDITS}) - interval '1 hour',
      now() - ((${AUDITS} - a) * interval '365 days' / ${AUDITS})
    FROM generate_series(1, ${AUDITS}) AS a`);
  await db.execute(sql`CREATE TEMP TABLE bench_products AS
    SELECT row_number() OVER (ORDER BY sku) - 1 AS rn, id, sku, name, current_quantity, tags FROM products`);
  await db.execute(sql`CREATE INDEX ON bench_products (rn)`);
  await db.execute(sql`CREATE TEMP TABLE bench_audits AS SELECT row_number() OVER (ORDER BY completed_at) - 1 AS an, id FROM audits`);
  // Each audit counts LINES distinct products: a stride through the catalogue from its own start.
  await db.execute(sql`
    INSERT INTO audit_result_lines (organization_id, audit_id, category, position, product_id, sku, product_name,
      expected_quantity, scanned_quantity, difference, tags)
    SELECT ${organizationId}::uuid, a.id, c.category, i, p.id, p.sku, p.name, p.current_quantity,
      p.current_quantity + c.diff, c.diff, p.tags
    FROM bench_audits AS a
    CROSS JOIN generate_series(0, ${LINES - 1}) AS i
    JOIN bench_products AS p ON p.rn = (a.an * 7919 + i * ${Math.max(1, Math.floor(PRODUCTS / LINES))}) % ${PRODUCTS}
    CROSS JOIN LATERAL (
      SELECT CASE WHEN r < 0.70 THEN 'quantityCorrect' WHEN r < 0.82 THEN 'quantityAbove'
                  WHEN r < 0.92 THEN 'quantityBelow' ELSE 'zeroSheetItems' END AS category,
             CASE WHEN r < 0.70 THEN 0 WHEN r < 0.82 THEN 1 + (i % 3) WHEN r < 0.92 THEN -1 - (i % 4)
                  ELSE -p.current_quantity END AS diff
      FROM (SELECT random() + 0 * i AS r) AS x
    ) AS c`);
  await db.execute(sql`ANALYZE`);
}

/**
 * What any rebuild of every tag's aggregates must do at least, timed through `pg` (the refresh's
 * floor, printed beside it): read the audited lines' facts it is computed from (audit number,
 * product, accurate or not, difference, tags) as binary COPY, and write the rows it wrote
 * (`tag_product_stats`, its narrow copies of the audit numbers `tag_product_audit_numbers` and
 * `tag_audit_stats` of the organisation, read out beforehand, untimed)
 * back by binary COPY after deleting them, in a transaction rolled back.
 */
async function refreshFloor(
  url: string,
  organizationId: string,
): Promise<{ readSeconds: number; readMB: number; writeSeconds: number; rows: number; byTable: Record<string, number> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'stocktally-bench-tags-'));
  try {
    await client.query('SET jit = off');
    const org = `'${organizationId}'::uuid`;
    let bytes = 0;
    let started = performance.now();
    await pipeline(
      client.query(
        copyTo(`COPY (
          SELECT n.number, l.product_id, (l.category = 'quantityCorrect')::int, coalesce(l.difference, 0), l.tags
          FROM audit_result_lines AS l JOIN tag_audit_numbers AS n ON n.audit_id = l.audit_id
          WHERE l.organization_id = ${org} AND l.product_id IS NOT NULL AND cardinality(l.tags) > 0
            AND l.category IN ('quantityCorrect', 'quantityAbove', 'quantityBelow', 'crossFileDiscrepancies', 'zeroSheetItems')
        ) TO STDOUT (FORMAT binary)`),
      ),
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          done();
        },
      }),
    );
    const readSeconds = (performance.now() - started) / 1000;
    const tables = ['tag_product_stats', 'tag_product_audit_numbers', 'tag_audit_stats'];
    for (const table of tables) {
      await pipeline(client.query(copyTo(`COPY (SELECT * FROM ${table} WHERE organization_id = ${org}) TO STDOUT (FORMAT binary)`)), createWriteStream(path.join(dir, table)));
    }
    await client.query('BEGIN');
    started = performance.now();
    let rows = 0;
    const byTable: Record<string, number> = {};
    for (const table of tables) {
      const at = performance.now();
      await client.query(`DELETE FROM ${table} WHERE organization_id = ${org}`);
      const copy = client.query(copyFrom(`COPY ${table} FROM STDIN (FORMAT binary)`));
      await pipeline(createReadStream(path.join(dir, table)), copy);
      rows += copy.rowCount ?? 0;
      byTable[table] = Number(((performance.now() - at) / 1000).toFixed(2));
    }
    const writeSeconds = (performance.now() - started) / 1000;
    await client.query('ROLLBACK');
    return { readSeconds, readMB: bytes / 1024 / 1024, writeSeconds, rows, byTable };
  } finally {
    await client.end();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(`tag analytics bench: ${PRODUCTS} products, ${TAGS} tags, ${AUDITS} audits x ${LINES} lines`);
  console.log(`load average at start: ${load().join(' ')} (${os.cpus().length} CPUs)`);
  const { database, seeded } = await benchDatabase();
  const { db } = database;
  try {
    let org: typeof organizations.$inferSelect | undefined;
    let user: typeof users.$inferSelect | undefined;
    let started = performance.now();
    if (seeded) {
      [org] = await db.select().from(organizations).where(eq(organizations.name, 'Bench Stores'));
      [user] = await db.select().from(users).where(eq(users.email, 'bench@example.com'));
      console.log(`kept database ${process.env.BENCH_KEEP_DB}: not seeded again`);
    } else {
      [org] = await db.insert(organizations).values({ name: 'Bench Stores', subscriptionTier: 'pro' }).returning();
      [user] = await db.insert(users).values({ organizationId: org!.id, email: 'bench@example.com', role: 'owner' }).returning();
      await seed(db, org!.id, user!.id);
      console.log(`seeded ${AUDITS * LINES} result lines in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }

    const config = loadConfig({ LOG_LEVEL: 'silent', SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00', DATA_DIR: os.tmpdir() } as NodeJS.ProcessEnv);
    const jobs = await openJobQueue(database);
    const app = await buildApp({ db, config, webDir: '/nonexistent', jobs });
    const cookie = `${SESSION_COOKIE}=${await createSession(db, user!.id)}`;
    const csrf = await app.inject({ method: 'GET', url: '/api/auth/csrf', headers: { cookie } });
    const csrfCookie = csrf.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const csrfToken = (csrf.json() as { token: string }).token;
    const get = async (url: string) => {
      const res = await app.inject({ method: 'GET', url, headers: { cookie } });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      return res.json() as unknown;
    };
    const post = (url: string, payload = '{}') =>
      app.inject({
        method: 'POST',
        url,
        headers: { cookie: `${cookie}; ${csrfCookie}`, 'x-csrf-token': csrfToken, 'content-type': 'application/json' },
        payload,
      });

    // The rebuild as a job, each run followed by its floor (the same work's minimum through pg).
    const rebuildTimes: number[] = [];
    const floorTimes: number[] = [];
    let floor: Awaited<ReturnType<typeof refreshFloor>> = { readSeconds: 0, readMB: 0, writeSeconds: 0, rows: 0, byTable: {} };
    for (let run = 0; run < REBUILD_RUNS; run += 1) {
      const at = performance.now();
      const started = await post('/api/tag-rebuilds');
      if (started.statusCode !== 202) throw new Error(`rebuild: ${started.statusCode} ${started.body}`);
      const id = (started.json() as TagRebuild).id;
      const stages: string[] = [];
      let last = '';
      for (;;) {
        const now = (await get(`/api/tag-rebuilds/${id}`)) as TagRebuild;
        if (now.stage !== last) stages.push(`${now.stage} at ${((performance.now() - at) / 1000).toFixed(1)} s`);
        last = now.stage;
        if (now.status === 'error') throw new Error(`rebuild failed: ${now.error}`);
        if (now.status === 'complete') break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const ms = performance.now() - at;
      rebuildTimes.push(ms);
      console.log(`rebuild of every tag as a job, run ${run + 1}: ${(ms / 1000).toFixed(2)} s (${stages.join(', ')}; load ${load().join(' ')})`);
      floor = await refreshFloor(database.url!, org!.id);
      const floorMs = (floor.readSeconds + floor.writeSeconds) * 1000;
      floorTimes.push(floorMs);
      console.log(
        `  its floor through pg: reading the lines' facts (binary COPY, ${floor.readMB.toFixed(0)} MB) ${floor.readSeconds.toFixed(2)} s; ` +
          `writing its ${floor.rows} rows back (delete, binary COPY) ${floor.writeSeconds.toFixed(2)} s ` +
          `(${Object.entries(floor.byTable).map(([table, seconds]) => `${table} ${seconds} s`).join(', ')}); together ${(floorMs / 1000).toFixed(2)} s; ` +
          `ratio ${(ms / floorMs).toFixed(2)} (load ${load().join(' ')})`,
      );
    }
    const rebuild = spreadMs(rebuildTimes);
    const rebuildFloor = spreadMs(floorTimes);
    console.log(
      `rebuild as a job: ${show(rebuild, 'ms')}; its floor ${show(rebuildFloor, 'ms')}; ratio of medians ${(rebuild.median / rebuildFloor.median).toFixed(2)}`,
    );

    const refresh = await timed(RUNS, async () => {
      const res = await post('/api/tag-analytics/refresh');
      if (res.statusCode !== 200) throw new Error(`refresh: ${res.statusCode} ${res.body}`);
    });
    console.log(`Refresh (answers the aggregates' version, rebuilds nothing): ${show(refresh, 'ms')}`);
    // What autovacuum does after a bulk write: statistics, and the visibility map that lets the
    // list count products from the index alone.
    await db.execute(sql`VACUUM (ANALYZE) tag_audit_stats`);
    await db.execute(sql`VACUUM (ANALYZE) tag_product_stats`);
    await db.execute(sql`VACUUM (ANALYZE) tag_product_audit_numbers`);

    type SummaryRow = { tagName: string; totalProducts: number } & Record<string, unknown>;
    const plain = (await get('/api/tag-analytics/summary')) as SummaryRow[];
    const largest = [...plain].sort((a, b) => b.totalProducts - a.totalProducts)[0]!;
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const everyFilter =
      `/api/tag-analytics/summary?dateRangeStart=${day(180)}&dateRangeEnd=${day(0)}&minDiscrepancyThreshold=10` +
      `&onlyRecentActivity=true&searchQuery=t1&sortBy=accuracy_percentage&sortOrder=desc`;
    const pastRange = `/api/tag-analytics/summary?dateRangeStart=${day(180)}&dateRangeEnd=${day(60)}`;
    const detailPath = `/api/tag-analytics/${encodeURIComponent(largest.tagName)}/details`;
    await get(everyFilter); // warm
    const summaryPlain = await timed(RUNS, () => get('/api/tag-analytics/summary').then(() => undefined));
    console.log(`summary, no filter (${plain.length} tags): ${show(summaryPlain, 'ms')}`);
    const summaryFiltered = await timed(RUNS, () => get(everyFilter).then(() => undefined));
    const filteredRows = ((await get(everyFilter)) as unknown[]).length;
    console.log(`summary, every filter (${filteredRows} tags): ${show(summaryFiltered, 'ms')}`);
    const summaryPast = await timed(RUNS, () => get(pastRange).then(() => undefined));
    console.log(`summary, 180 to 60 days ago (a range ending before the latest audit): ${show(summaryPast, 'ms')}`);
    const detail = await timed(RUNS, () => get(detailPath).then(() => undefined));
    const detailBody = (await get(detailPath)) as { products: unknown[]; accuracyOverTime: unknown[] };
    console.log(
      `detail of the largest tag ${largest.tagName} (${largest.totalProducts} products, ${detailBody.products.length} listed, ${detailBody.accuracyOverTime.length} audits): ${show(detail, 'ms')}`,
    );
    const detailRange = await timed(RUNS, () => get(`${detailPath}?dateRangeStart=${day(90)}&minAuditCount=1`).then(() => undefined));
    console.log(`detail of the largest tag, last 90 days: ${show(detailRange, 'ms')}`);

    // The cost added to completing (and deleting) an audit: a further audit of LINES lines, a copy
    // of the latest one's, completed now; its aggregates recorded, then taken out and the audit
    // deleted, so every run starts from the same state.
    const organizationId = org!.id;
    const completeTimes: number[] = [];
    const deleteTimes: number[] = [];
    for (let i = 0; i < COMPLETE_RUNS; i += 1) {
      const [extra] = (
        (await db.execute(sql`
          INSERT INTO audits (organization_id, user_id, name, audit_type, status, progress, completed_at)
          VALUES (${organizationId}::uuid, ${user!.id}::uuid, 'Bench extra', 'cycle-count', 'complete', 100, now())
          RETURNING id`)) as unknown as { rows: Array<{ id: string }> }
      ).rows;
      await db.execute(sql`
        INSERT INTO audit_result_lines (organization_id, audit_id, category, position, product_id, sku, product_name,
          expected_quantity, scanned_quantity, difference, tags)
        SELECT organization_id, ${extra!.id}::uuid, category, position, product_id, sku, product_name,
          expected_quantity, scanned_quantity, difference, tags
        FROM audit_result_lines WHERE audit_id = (SELECT id FROM audits WHERE organization_id = ${organizationId}::uuid
          AND name <> 'Bench extra' ORDER BY completed_at DESC LIMIT 1)`);
      let at = performance.now();
      await db.transaction(async (tx) => recordAuditTagStats(tx as unknown as typeof db, organizationId, extra!.id));
      completeTimes.push(performance.now() - at);
      at = performance.now();
      await db.transaction(async (tx) => {
        await forgetAuditTagStats(tx as unknown as typeof db, organizationId, extra!.id);
        await tx.execute(sql`DELETE FROM audits WHERE id = ${extra!.id}::uuid`);
      });
      deleteTimes.push(performance.now() - at);
    }
    const complete = spreadMs(completeTimes);
    const remove = spreadMs(deleteTimes);
    console.log(`added to completing an audit of ${LINES} lines: ${show(complete, 'ms')}`);
    console.log(`added to deleting it (with the delete itself): ${show(remove, 'ms')}`);

    // Reference: the list's figures (no filter) by one plain statement over the result lines,
    // through pg, checked against the API's answer.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query('SET jit = off');
    const recentFrom = new Date(Date.now() - 30 * 86_400_000);
    started = performance.now();
    const reference = await client.query(
      `WITH c AS (
         SELECT t.tag, count(DISTINCT p.id)::int AS total_products
         FROM products AS p CROSS JOIN LATERAL unnest(p.tags) AS t(tag)
         WHERE p.organization_id = $1 AND t.tag <> '' GROUP BY t.tag
       ), a AS (
         SELECT t.tag, count(DISTINCT l.product_id)::int AS ever,
           count(DISTINCT l.product_id) FILTER (WHERE a.completed_at >= $2)::int AS recent,
           count(*)::int AS audited, (count(*) FILTER (WHERE l.category = 'quantityCorrect'))::int AS accurate,
           coalesce(sum(l.difference), 0)::int AS variance, max(a.completed_at) AS last_at
         FROM audit_result_lines AS l
         JOIN audits AS a ON a.id = l.audit_id AND a.status = 'complete'
         CROSS JOIN LATERAL unnest(l.tags) AS t(tag)
         WHERE l.organization_id = $1 AND l.product_id IS NOT NULL
           AND l.category IN ('quantityCorrect', 'quantityAbove', 'quantityBelow', 'crossFileDiscrepancies', 'zeroSheetItems')
         GROUP BY t.tag
       )
       SELECT coalesce(c.tag, a.tag) AS "tagName", coalesce(c.total_products, 0) AS "totalProducts",
         coalesce(a.ever, 0) AS "productsEverAudited", coalesce(a.recent, 0) AS "productsAuditedLast30Days",
         CASE WHEN a.audited > 0 THEN a.accurate * 100.0 / a.audited END AS accuracy,
         coalesce(a.variance, 0) AS "totalQuantityVariance", a.last_at
       FROM c FULL JOIN a ON a.tag = c.tag`,
      [organizationId, recentFrom.toISOString()],
    );
    const referenceMs = performance.now() - started;
    const referenceLoad = load();
    await client.end();
    const api = new Map(((await get('/api/tag-analytics/summary')) as SummaryRow[]).map((r) => [r.tagName, r]));
    const mismatches = reference.rows.filter((r: Record<string, unknown>) => {
      const mine = api.get(String(r.tagName));
      return (
        !mine ||
        mine.totalProducts !== r.totalProducts ||
        mine.productsEverAudited !== r.productsEverAudited ||
        mine.productsAuditedLast30Days !== r.productsAuditedLast30Days ||
        mine.totalQuantityVariance !== r.totalQuantityVariance ||
        Math.abs(Number(mine.accuracyPercentage ?? -1) - Number(r.accuracy ?? -1)) > 1e-9 ||
        mine.lastAuditDate !== (r.last_at ? new Date(r.last_at as string).toISOString() : null)
      );
    }).length;
    const referenceMatches = mismatches === 0 && reference.rows.length === api.size;
    console.log(
      `reference: the list's figures straight from the result lines (one statement through pg): ${(referenceMs / 1000).toFixed(2)} s (load ${referenceLoad.join(' ')}); ` +
        `figures equal to the API's: ${referenceMatches ? 'yes' : `no (${mismatches} tags differ)`}`,
    );
    console.log(`  ratio reference / summary without filter: ${(referenceMs / summaryPlain.median).toFixed(0)}x`);
    const loadEnd = load();
    console.log(`load average at end: ${loadEnd.join(' ')}`);
    await app.close(); // stops the job queue too
    console.log(
      JSON.stringify({
        bench: 'tags',
        products: PRODUCTS,
        tags: TAGS,
        audits: AUDITS,
        lines: AUDITS * LINES,
        largestTagProducts: largest.totalProducts,
        summaryMedianMs: summaryPlain.median,
        summaryMaxMs: summaryPlain.max,
        summaryAllFiltersMedianMs: summaryFiltered.median,
        summaryAllFiltersMaxMs: summaryFiltered.max,
        summaryPastRangeMedianMs: summaryPast.median,
        detailLargestTagMedianMs: detail.median,
        detailLargestTagMaxMs: detail.max,
        detailLargestTagRangeMedianMs: detailRange.median,
        refreshMedianMs: refresh.median,
        refreshMaxMs: refresh.max,
        rebuildJobMedianSeconds: Math.round(rebuild.median) / 1000,
        rebuildFloorMedianSeconds: Math.round(rebuildFloor.median) / 1000,
        rebuildToFloorRatio: Number((rebuild.median / rebuildFloor.median).toFixed(2)),
        refreshFloorReadSeconds: Number(floor.readSeconds.toFixed(3)),
        refreshFloorWriteSeconds: Number(floor.writeSeconds.toFixed(3)),
        completeAuditAddedMedianMs: complete.median,
        deleteAuditMedianMs: remove.median,
        referenceFromLinesSeconds: Math.round(referenceMs) / 1000,
        referenceMatches,
        loadAverage: loadEnd,
      }),
    );
  } finally {
    await database.close();
  }
}

await main();
