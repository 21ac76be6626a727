/**
 * Dashboard figures (spec part 1 sections 2 "Dashboard", 3 "User stats", "Results summary"):
 * `GET /api/user/stats` and `GET /api/results-summaries` after a few audits, per organisation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixture } from '../../../domain/test-support/fixtures.js';
import { DATABASE_KINDS } from '../../test-support/databases.js';
import { createTestApp, type TestApp, type TestClient } from '../../test-support/test-app.js';
import { importFixtureCatalogue, manifestUpload } from '../audits/test-support/fixture-audits.js';

const fixture = loadFixture('cycle-count-basic');
const counts = fixture.expected.counts as Record<string, number>;

describe.each(DATABASE_KINDS)('dashboard on %s', (kind) => {
  let t: TestApp;
  let owner: TestClient;
  const ids: Record<'full' | 'small' | 'draft', string> = { full: '', small: '', draft: '' };

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = t.client();
    await owner.signUp();
    await importFixtureCatalogue(owner, fixture);
  });
  afterAll(async () => t?.close());

  it('answers zeros before any audit', async () => {
    expect((await owner.get('/api/user/stats')).json()).toEqual({ totalAudits: 0, activeAudits: 0, completedAudits: 0, avgAccuracy: 0 });
    expect((await owner.get('/api/results-summaries')).json()).toEqual([]);
  });

  it('counts audits and averages the accuracy of complete ones', async () => {
    ids.full = (await owner.post('/api/audits', { name: 'Full count', section: 'Store' })).json().id;
    const { files, fields } = manifestUpload(fixture);
    expect((await owner.upload(`/api/audits/${ids.full}/upload-multiple`, files, fields)).statusCode).toBe(200);

    // One product counted right, one counted high, one unknown code: accuracy 1/2.
    const [right, high] = fixture.catalogueRows.filter((r) => r.currentQuantity > 0);
    ids.small = (await owner.post('/api/audits', { name: 'Spot check' })).json().id;
    const content = `code,n\n${right!.sku},${right!.currentQuantity}\n${high!.sku},${high!.currentQuantity + 3}\nNOPE-1,2\n`;
    const res = await owner.upload(`/api/audits/${ids.small}/upload-multiple`, [{ field: 'scanFiles', content, fileName: 'spot.csv' }], {
      scanColumn_0: 'code',
      quantityColumn_0: 'n',
    });
    expect(res.statusCode, res.body).toBe(200);

    // A bare draft is not active (docs/decisions/0118); one with a task is.
    ids.draft = (await owner.post('/api/audits', { name: 'Later' })).json().id;
    expect((await owner.get('/api/user/stats')).json().activeAudits).toBe(0);
    expect((await owner.post('/api/audit-tasks', { auditId: ids.draft, title: 'Count later' })).statusCode).toBe(201);

    const fullAccuracy = counts.quantityCorrect! / (counts.quantityCorrect! + counts.quantityAbove! + counts.quantityBelow!);
    const stats = (await owner.get('/api/user/stats')).json();
    expect(stats).toEqual({
      totalAudits: 3,
      activeAudits: 1,
      completedAudits: 2,
      avgAccuracy: Math.round(((fullAccuracy + 0.5) / 2) * 1000) / 10,
    });
    expect(stats.avgAccuracy).toBeGreaterThan(0);
    expect(stats.avgAccuracy).toBeLessThanOrEqual(100);
  });

  it('lists the results summaries of complete audits', async () => {
    const summaries = (await owner.get('/api/results-summaries')).json();
    expect(summaries).toHaveLength(2);
    const byId = Object.fromEntries(summaries.map((s: { auditId: string }) => [s.auditId, s]));
    expect(byId[ids.full]).toEqual({
      auditId: ids.full,
      itemsScanned: fixture.expected.totalScanned,
      quantityDiscrepancies: counts.quantityAbove! + counts.quantityBelow!,
      missingItems: counts.zeroSheetItems,
      unrecognizedItems: counts.notFound,
      section: 'Store',
    });
    const [right, high] = fixture.catalogueRows.filter((r) => r.currentQuantity > 0);
    expect(byId[ids.small]).toEqual({
      auditId: ids.small,
      itemsScanned: right!.currentQuantity + high!.currentQuantity + 3 + 2,
      quantityDiscrepancies: 1,
      missingItems: fixture.catalogueRows.filter((r) => r.currentQuantity !== 0).length - 2,
      unrecognizedItems: 1,
      section: null,
    });
    expect(byId[ids.draft]).toBeUndefined();
  });

  it('is scoped to the organisation and needs a signed-in user', async () => {
    const stranger = t.client();
    await stranger.signUp({ organizationName: 'Stranger Goods' });
    expect((await stranger.get('/api/user/stats')).json()).toEqual({ totalAudits: 0, activeAudits: 0, completedAudits: 0, avgAccuracy: 0 });
    expect((await stranger.get('/api/results-summaries')).json()).toEqual([]);
    const anon = t.client();
    expect((await anon.get('/api/user/stats')).statusCode).toBe(401);
    expect((await anon.get('/api/results-summaries')).statusCode).toBe(401);
  });
});
