/**
 * Tag analytics over the API on both databases (spec part 2 "Tag analytics"; DESIGN.md section
 * 11). The figures are held to figures.fixture.json, worked out by hand: three cycle counts over
 * six products whose tags change between audits.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../test-support/databases.js';
import { createTestApp, signedInMember, type TestApp, type TestClient } from '../../test-support/test-app.js';
import fixture from './figures.fixture.json' with { type: 'json' };

type Figures = Record<string, number | string | null>;
type Row = Record<string, unknown> & { tagName: string };

const DAY = 24 * 60 * 60 * 1000;
const dateOnly = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);

function csvCell(value: string): string {
  return /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

async function importCatalogue(client: TestClient, rows: Array<{ sku: string; name: string; quantity: number; tags: string[] }>) {
  const csv = ['sku,name,quantity,tags', ...rows.map((r) => [r.sku, r.name, String(r.quantity), r.tags.join(', ')].map(csvCell).join(','))].join('\n');
  const res = await client.upload('/api/products/import', [{ field: 'file', content: csv, fileName: 'catalogue.csv' }], {
    columnMapping: JSON.stringify({ sku: 'sku', name: 'name', quantity: 'currentQuantity', tags: 'tags' }),
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function productIds(client: TestClient): Promise<Record<string, string>> {
  const res = await client.get('/api/products?limit=100');
  return Object.fromEntries(res.json().products.map((p: { sku: string; id: string }) => [p.sku, p.id]));
}

async function setTags(client: TestClient, ids: Record<string, string>, changes: Record<string, string[]>) {
  for (const [sku, tags] of Object.entries(changes)) {
    const res = await client.request({ method: 'PATCH', url: '/api/products/bulk-update', payload: { productIds: [ids[sku]], updates: { tags } } });
    expect(res.statusCode, res.body).toBe(200);
  }
}

async function runCount(client: TestClient, name: string, scans: Record<string, number>): Promise<string> {
  const id = (await client.post('/api/audits', { name })).json().id as string;
  const content = `code,n\n${Object.entries(scans)
    .map(([sku, n]) => `${sku},${n}`)
    .join('\n')}\n`;
  const res = await client.upload(`/api/audits/${id}/upload-multiple`, [{ field: 'scanFiles', content, fileName: `${name}.csv` }], {
    scanColumn_0: 'code',
    quantityColumn_0: 'n',
  });
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

function byTag(rows: Row[]): Record<string, Row> {
  return Object.fromEntries(rows.map((r) => [r.tagName, r]));
}

/** Every figure of `expected` (fields without a why_ prefix) against the API's row. */
function expectFigures(row: Row | undefined, expected: Figures, auditDates: Record<string, string>, label: string) {
  expect(row, label).toBeDefined();
  for (const [key, value] of Object.entries(expected)) {
    if (key.startsWith('why')) continue;
    if (key === 'lastAudit') expect(row!.lastAuditDate, `${label} lastAuditDate`).toBe(auditDates[value as string]);
    else if (key === 'accuracyPercentage') expect(row![key] as number, `${label} ${key}`).toBeCloseTo(value as number, 9);
    else expect(row![key], `${label} ${key}`).toBe(value);
  }
}

describe.each(DATABASE_KINDS)('tag analytics on %s', (kind) => {
  let t: TestApp;
  let owner: TestClient;
  let ids: Record<string, string>;
  const auditIds: Record<string, string> = {};
  const auditDates: Record<string, string> = {};
  const summary = async (query = '') => {
    const res = await owner.get(`/api/tag-analytics/summary${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Row[];
  };
  /** A full rebuild from the lines (the owner's Rebuild action), followed until it completes. */
  const rebuild = async () => {
    const started = await owner.post('/api/tag-rebuilds');
    expect(started.statusCode, started.body).toBe(202);
    for (let i = 0; i < 400; i += 1) {
      const now = (await owner.get(`/api/tag-rebuilds/${started.json().id}`)).json();
      if (now.status !== 'queued' && now.status !== 'running') return expect(now.status).toBe('complete');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the rebuild did not finish');
  };
  const details = async (tag: string, query = '') => {
    const res = await owner.get(`/api/tag-analytics/${encodeURIComponent(tag)}/details${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = t.client();
    await owner.signUp();
    await importCatalogue(owner, fixture.catalogue);
    ids = await productIds(owner);
  });
  afterAll(async () => t?.close());

  it('lists current tags with nothing audited before any audit', async () => {
    const rows = byTag(await summary());
    expect(Object.keys(rows).sort()).toEqual(['clearance', 'fragile', 'high-value', 'seasonal']);
    expect(rows.fragile).toEqual({
      tagName: 'fragile',
      totalProducts: 3,
      productsEverAudited: 0,
      productsAuditedLast30Days: 0,
      accuracyPercentage: null,
      totalQuantityVariance: 0,
      lastAuditDate: null,
    });
  });

  it('adds each audit as it completes, with the tags the products had then', async () => {
    for (const audit of fixture.audits) {
      await setTags(owner, ids, audit.tagsBefore as Record<string, string[]>);
      auditIds[audit.name] = await runCount(owner, audit.name, audit.scans as unknown as Record<string, number>);
    }
    await setTags(owner, ids, fixture.tagsAfter);
    const rows = byTag(await summary());
    for (const [tag, expected] of Object.entries(fixture.expected.allTime)) {
      // Completion times are all 'now' here; lastAudit and last 30 days are checked below.
      const { lastAudit: _last, productsAuditedLast30Days: _recent, ...figures } = expected as Figures;
      expectFigures(rows[tag], figures, auditDates, `${tag} (as completed)`);
    }
  });

  it('reproduces every hand-checked figure after the audits are dated and the figures rebuilt', async () => {
    for (const audit of fixture.audits) {
      const at = new Date(Date.now() - audit.completedDaysAgo * DAY);
      auditDates[audit.name] = at.toISOString();
      await t.db.execute(sql`UPDATE audits SET completed_at = ${at.toISOString()}::timestamptz WHERE id = ${auditIds[audit.name]}::uuid`);
    }
    // Dates changed behind the app's back, as a migration would: the rebuild job recomputes.
    await rebuild();
    const refreshed = await owner.post('/api/tag-analytics/refresh', {});
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json().tagName).toBeNull();

    const rows = byTag(await summary());
    expect(Object.keys(rows).sort()).toEqual(Object.keys(fixture.expected.allTime).sort());
    for (const [tag, expected] of Object.entries(fixture.expected.allTime)) expectFigures(rows[tag], expected as Figures, auditDates, tag);

    const since = byTag(await summary(`?dateRangeStart=${dateOnly(15)}`));
    const until = byTag(await summary(`?dateRangeEnd=${dateOnly(5)}`));
    for (const [tag, expected] of Object.entries(fixture.expected.since15DaysAgo)) {
      if (tag === 'about') continue;
      if (expected === null) expect(since[tag], `${tag} since`).toBeUndefined();
      else expectFigures(since[tag], expected as Figures, auditDates, `${tag} since 15 days ago`);
    }
    for (const [tag, expected] of Object.entries(fixture.expected.until5DaysAgo)) {
      if (tag === 'about') continue;
      expectFigures(until[tag], expected as Figures, auditDates, `${tag} until 5 days ago`);
    }
    // Both ends: only Audit 2.
    const both = byTag(await summary(`?dateRangeStart=${dateOnly(15)}&dateRangeEnd=${dateOnly(5)}`));
    expect(both.fragile!.accuracyPercentage).toBe(100);
    expect(both['high-value']!.totalQuantityVariance).toBe(1);
  });

  it('filters by discrepancy threshold, recent activity and search, and sorts by the spec fields', async () => {
    for (const [threshold, tags] of Object.entries(fixture.expected.thresholds)) {
      if (threshold === 'about') continue;
      const rows = await summary(`?minDiscrepancyThreshold=${threshold}`);
      expect(rows.map((r) => r.tagName), `threshold ${threshold}`).toEqual(tags);
    }
    expect((await summary('?onlyRecentActivity=true')).map((r) => r.tagName)).toEqual(fixture.expected.onlyRecentActivity);
    expect((await summary('?onlyRecentActivity=false')).length).toBe(4);
    expect((await summary('?searchQuery=AL')).map((r) => r.tagName)).toEqual(['high-value', 'seasonal']);
    expect((await summary('?searchQuery=%25')).map((r) => r.tagName)).toEqual([]);
    for (const [sort, tags] of Object.entries(fixture.expected.sorted)) {
      const [sortBy, sortOrder] = sort.split(' ');
      expect((await summary(`?sortBy=${sortBy}&sortOrder=${sortOrder}`)).map((r) => r.tagName), sort).toEqual(tags);
    }
    // Every filter at once.
    const all = await summary(
      `?dateRangeStart=${dateOnly(60)}&dateRangeEnd=${dateOnly(0)}&minDiscrepancyThreshold=40&onlyRecentActivity=true&searchQuery=e&sortBy=accuracy_percentage&sortOrder=desc`,
    );
    expect(all.map((r) => r.tagName)).toEqual(['fragile', 'high-value']);
  });

  it('answers a tag detail with products, running variance and accuracy per audit', async () => {
    for (const tag of ['fragile', 'seasonal', 'high-value'] as const) {
      const detail = await details(tag);
      const expected = fixture.expected.allTime[tag];
      expect(detail.summary.totalProducts).toBe(expected.totalProducts);
      expect(detail.summary.productsEverAudited).toBe(expected.productsEverAudited);
      expect(detail.summary.accuracyPercentage).toBeCloseTo(expected.accuracyPercentage, 9);
      expect(detail.summary.lastAuditDate).toBe(auditDates[expected.lastAudit]);
      const products = detail.products.map((p: Record<string, unknown>) => ({
        sku: p.sku,
        name: p.name,
        totalAudits: p.totalAudits,
        accurateAudits: p.accurateAudits,
        recentAccuracy: p.recentAccuracy,
        runningVariance: p.runningVariance,
      }));
      expect(products, tag).toEqual(fixture.expected.details[tag].map(({ why: _why, ...p }: Record<string, unknown>) => p));
    }
    const fragile = await details('fragile');
    expect(
      fragile.accuracyOverTime.map((p: Record<string, unknown>) => ({
        audit: p.auditName,
        auditedLines: p.auditedLines,
        accurateLines: p.accurateLines,
        accuracyPercentage: p.accuracyPercentage,
        quantityVariance: p.quantityVariance,
      })),
    ).toEqual(fixture.expected.details.fragileAccuracyOverTime);
    expect(fragile.accuracyOverTime.map((p: { completedAt: string }) => p.completedAt)).toEqual(fixture.audits.map((a) => auditDates[a.name]));

    const problematic = await details('fragile', '?showProblematicOnly=true');
    expect(problematic.products.map((p: { sku: string }) => p.sku)).toEqual(fixture.expected.details['fragile showProblematicOnly']);
    expect(problematic.summary.totalProducts).toBe(3);
    const often = await details('seasonal', '?minAuditCount=2');
    expect(often.products.map((p: { sku: string }) => p.sku)).toEqual(fixture.expected.details['seasonal minAuditCount 2']);
    const recent = await details('fragile', `?dateRangeStart=${dateOnly(15)}`);
    expect(recent.accuracyOverTime.map((p: { auditName: string }) => p.auditName)).toEqual(['Audit 2', 'Audit 3']);
    expect(recent.products.find((p: { sku: string }) => p.sku === 'TA-5')).toMatchObject({ totalAudits: 2, accurateAudits: 1, runningVariance: 2 });
    // clearance: no current product, history kept.
    const clearance = await details('clearance');
    expect(clearance.products).toEqual([expect.objectContaining({ sku: 'TA-6', totalAudits: 1, accurateAudits: 1, recentAccuracy: true })]);
  });

  it('refreshes one tag and keeps the same figures', async () => {
    const before = await summary();
    const res = await owner.post('/api/tag-analytics/refresh', { tagName: 'seasonal' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().tagName).toBe('seasonal');
    expect(await summary()).toEqual(before);
  });

  it('refuses bad queries with a message naming the field', async () => {
    const cases: Array<[string, RegExp]> = [
      ['?dateRangeStart=yesterday', /dateRangeStart/],
      ['?dateRangeEnd=2026-13-45', /dateRangeEnd/],
      [`?dateRangeStart=${dateOnly(1)}&dateRangeEnd=${dateOnly(3)}`, /dateRangeStart must not be after dateRangeEnd/],
      ['?minDiscrepancyThreshold=101', /minDiscrepancyThreshold/],
      ['?minDiscrepancyThreshold=abc', /minDiscrepancyThreshold/],
      ['?sortBy=name', /sortBy/],
      ['?sortOrder=up', /sortOrder/],
      ['?onlyRecentActivity=yes', /onlyRecentActivity/],
    ];
    for (const [query, message] of cases) {
      const res = await owner.get(`/api/tag-analytics/summary${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(message);
    }
    const bad = await owner.get('/api/tag-analytics/fragile/details?minAuditCount=-1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/minAuditCount/);
    const long = await owner.get(`/api/tag-analytics/${'x'.repeat(101)}/details`);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/longer than 100/);
    // The longest tag there can be, in letters that URL-encode to 9 characters each, is fine.
    expect((await owner.get(`/api/tag-analytics/${encodeURIComponent('日'.repeat(100))}/details`)).statusCode).toBe(404);
    expect((await owner.post('/api/tag-analytics/refresh', { tagName: 42 })).statusCode).toBe(400);
    expect((await owner.get('/api/tag-analytics/no-such-tag/details')).statusCode).toBe(404);
  });

  it('takes a deleted audit out of the figures', async () => {
    expect((await owner.delete(`/api/audits/${auditIds['Audit 3']}`)).statusCode).toBe(204);
    const rows = byTag(await summary());
    for (const [tag, expected] of Object.entries(fixture.expected.afterDeletingAudit3)) {
      if (tag === 'about') continue;
      expectFigures(rows[tag], expected as Figures, auditDates, `${tag} after deleting Audit 3`);
    }
    // The same after a full rebuild from the lines.
    const before = await summary();
    await rebuild();
    expect(await summary()).toEqual(before);
  });

  it('works with tag names holding spaces, slashes, % and non-Latin letters', async () => {
    const weird = ['summer sale', 'a/b', '50% off', 'Überraschung', '日本製', 'x?y#z'];
    await importCatalogue(owner, [{ sku: 'W-1', name: 'Odd tags', quantity: 1, tags: weird }]);
    await runCount(owner, 'Weird tags', { 'W-1': 1 });
    for (const tag of weird) {
      const detail = await details(tag);
      expect(detail.summary.tagName, tag).toBe(tag);
      expect(detail.summary.totalProducts, tag).toBe(1);
      expect(detail.products.map((p: { sku: string }) => p.sku), tag).toEqual(['W-1']);
      expect(detail.products[0].accurateAudits, tag).toBe(1);
    }
    expect((await owner.post('/api/tag-analytics/refresh', { tagName: '50% off' })).statusCode).toBe(200);
    expect((await summary(`?searchQuery=${encodeURIComponent('50%')}`)).map((r) => r.tagName)).toEqual(['50% off']);
  });

  it('counts the products per tag once per catalogue version, and again when the catalogue changes', async () => {
    const org = (await owner.get('/api/auth/user')).json().organizationId as string;
    const fragile = async () => Number(byTag(await summary()).fragile!.totalProducts);
    const before = await fragile();
    expect(before).toBeGreaterThan(0);
    const dropFragile = sql`UPDATE products SET tags = array_remove(tags, 'fragile')
      WHERE organization_id = ${org}::uuid AND id = (SELECT min(id::text)::uuid FROM products WHERE organization_id = ${org}::uuid AND 'fragile' = ANY(tags))
      RETURNING id::text AS id`;
    // A change the catalogue version's triggers do not see (replication role): the kept count stays,
    // in the list and on the tag's page.
    const dropped = await t.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      return ((await tx.execute(dropFragile)) as unknown as { rows: Array<{ id: string }> }).rows[0]!.id;
    });
    expect(await fragile()).toBe(before);
    expect((await details('fragile')).summary.totalProducts).toBe(before);
    // A write the triggers see: counted afresh.
    await t.db.execute(sql`UPDATE products SET name = name WHERE id = ${dropped}::uuid`);
    expect(await fragile()).toBe(before - 1);
    expect((await details('fragile')).summary.totalProducts).toBe(before - 1);
    await t.db.execute(sql`UPDATE products SET tags = array_append(tags, 'fragile') WHERE id = ${dropped}::uuid`);
    expect(await fragile()).toBe(before);
  });

  it('lets every role read, only writers refresh, and keeps organisations apart', async () => {
    const org = (await owner.get('/api/auth/user')).json().organizationId as string;
    const viewer = await signedInMember(t, org, 'viewer');
    expect((await viewer.get('/api/tag-analytics/summary')).statusCode).toBe(200);
    expect((await viewer.get('/api/tag-analytics/fragile/details')).statusCode).toBe(200);
    const refused = await viewer.post('/api/tag-analytics/refresh', {});
    expect(refused.statusCode).toBe(403);
    const member = await signedInMember(t, org, 'member');
    expect((await member.post('/api/tag-analytics/refresh', { tagName: 'fragile' })).statusCode).toBe(200);

    const stranger = t.client();
    await stranger.signUp({ organizationName: 'Stranger Goods' });
    expect((await stranger.get('/api/tag-analytics/summary')).json()).toEqual([]);
    expect((await stranger.get('/api/tag-analytics/fragile/details')).statusCode).toBe(404);
    expect((await stranger.post('/api/tag-analytics/refresh', {})).statusCode).toBe(200);
    expect(byTag(await summary()).fragile!.productsEverAudited).toBe(3);

    const anon = t.client();
    expect((await anon.get('/api/tag-analytics/summary')).statusCode).toBe(401);
    expect((await anon.get('/api/tag-analytics/fragile/details')).statusCode).toBe(401);
  });
});
