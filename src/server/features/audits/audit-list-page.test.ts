/**
 * The audit list pages on the server (`GET /api/audits?page=N`, issue 13 point 7): 50 audits a
 * page, newest first, search, status dropdown and tab combined, per-tab counts; without `page`
 * the call keeps the spec's contract (every audit as an array). Organisations never see each
 * other's audits; a viewer reads; a signed-out caller gets 401.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDITS_PAGE_SIZE, type Audit, type AuditPage } from '../../../contracts/audits.js';
import { audits } from '../../db/schema.js';
import { DATABASE_KINDS } from '../../test-support/databases.js';
import { createTestApp, signedInMember, type TestApp, type TestClient } from '../../test-support/test-app.js';

const COUNT = 57;

describe.each(DATABASE_KINDS)('audit list paging on %s', (kind) => {
  let t: TestApp;
  let owner: TestClient;
  let organizationId: string;
  let all: Audit[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = t.client();
    organizationId = (await owner.signUp()).organizationId;
    for (let i = 1; i <= COUNT; i += 1) {
      const res = await owner.post('/api/audits', { name: i % 10 === 0 ? `Weekly count ${i} FREEZER` : `Weekly count ${i}` });
      expect(res.statusCode).toBe(201);
    }
    all = (await owner.get('/api/audits')).json();
    // Three complete and two in error, by hand: the list only reads the status.
    await t.db.update(audits).set({ status: 'complete' }).where(and(eq(audits.organizationId, organizationId), inArray(audits.id, all.slice(0, 3).map((a) => a.id))));
    await t.db.update(audits).set({ status: 'error' }).where(inArray(audits.id, all.slice(3, 5).map((a) => a.id)));
    all = (await owner.get('/api/audits')).json();
  }, 120_000);
  afterAll(async () => t?.close());

  const page = async (c: TestClient, query: string): Promise<AuditPage> => {
    const res = await c.get(`/api/audits?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('without page, answers every audit as an array, newest first (the spec contract)', () => {
    expect(Array.isArray(all)).toBe(true);
    expect(all).toHaveLength(COUNT);
    expect(all[0]!.name).toBe(`Weekly count ${COUNT}`);
  });

  it('pages 50 at a time, newest first, the pages together being the whole list', async () => {
    const first = await page(owner, 'page=1');
    const second = await page(owner, 'page=2');
    expect(first).toMatchObject({ total: COUNT, page: 1, limit: AUDITS_PAGE_SIZE });
    expect(first.audits).toHaveLength(AUDITS_PAGE_SIZE);
    expect(second.audits).toHaveLength(COUNT - AUDITS_PAGE_SIZE);
    expect([...first.audits, ...second.audits].map((a) => a.id)).toEqual(all.map((a) => a.id));
    expect(first.counts).toEqual({ all: COUNT, draft: COUNT - 5, pending: 0, processing: 0, complete: 3, error: 2 });
    expect((await page(owner, 'page=3')).audits).toEqual([]);
  });

  it('combines search (case-insensitive, wildcards literal), status and tab; counts follow search and status', async () => {
    const freezer = await page(owner, 'page=1&search=freezer');
    expect(freezer.total).toBe(5);
    expect(freezer.audits.map((a) => a.name)).toEqual([50, 40, 30, 20, 10].map((i) => `Weekly count ${i} FREEZER`));
    expect(freezer.counts.all).toBe(5);

    expect((await page(owner, 'page=1&search=%25')).total).toBe(0);
    expect((await page(owner, 'page=1&search=_')).total).toBe(0);

    const complete = await page(owner, 'page=1&status=complete');
    expect(complete.total).toBe(3);
    expect(complete.counts).toEqual({ all: 3, draft: 0, pending: 0, processing: 0, complete: 3, error: 0 });

    const errorTab = await page(owner, 'page=1&tab=error');
    expect(errorTab.total).toBe(2);
    expect(errorTab.audits.every((a) => a.status === 'error')).toBe(true);
    expect(errorTab.counts.all).toBe(COUNT);

    const drafts = await page(owner, 'page=2&tab=draft&limit=20');
    expect(drafts).toMatchObject({ total: COUNT - 5, page: 2, limit: 20 });
    expect(drafts.audits.map((a) => a.id)).toEqual(all.filter((a) => a.status === 'draft').slice(20, 40).map((a) => a.id));

    // Status 'draft' is a tab, not a dropdown choice (spec part 1 "Audit list").
    expect((await owner.get('/api/audits?page=1&status=draft')).statusCode).toBe(400);
    expect((await owner.get('/api/audits?page=0')).statusCode).toBe(400);
    expect((await owner.get('/api/audits?page=1&limit=201')).statusCode).toBe(400);
  });

  it("shows a viewer the organisation's list, another organisation nothing, a signed-out caller 401", async () => {
    const viewer = await signedInMember(t, organizationId, 'viewer');
    expect((await page(viewer, 'page=1')).total).toBe(COUNT);

    const stranger = t.client();
    await stranger.signUp();
    const theirs = await page(stranger, 'page=1&search=weekly');
    expect(theirs).toMatchObject({ total: 0, audits: [] });
    expect(theirs.counts.all).toBe(0);

    expect((await t.client().get('/api/audits?page=1')).statusCode).toBe(401);
  });
});
