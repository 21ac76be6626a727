/**
 * GET /api/billing/subscription-status (spec part 2 section 3; DESIGN.md section 4): tier, usage
 * (products; audits this calendar month, UTC) and limits (-1 unlimited), per organisation.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audits, organizations, users } from '../../db/schema.js';
import { DATABASE_KINDS } from '../../test-support/databases.js';
import { createTestApp, signedInMember, type TestApp, type TestClient } from '../../test-support/test-app.js';
import { subscriptionStatus } from './subscription-status.js';

describe.each(DATABASE_KINDS)('subscription status on %s', (kind) => {
  let t: TestApp;
  let owner: TestClient;
  let organizationId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = t.client();
    organizationId = (await owner.signUp()).organizationId;
  });
  afterAll(async () => t?.close());

  it('answers the tier, usage and limits of the organisation', async () => {
    const res = await owner.get('/api/billing/subscription-status');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ tier: 'starter', usage: { products: 0, audits: 0 }, limits: { products: 5000, audits: -1 } });
  });

  it('counts products and this month\'s audits, not other organisations\' or last month\'s', async () => {
    const imported = await owner.upload('/api/products/import', [{ field: 'file', content: 'SKU\nA\nB\nC\n', fileName: 'c.csv' }], {
      columnMapping: JSON.stringify({ SKU: 'sku' }),
    });
    expect(imported.statusCode).toBe(200);
    // Audits count when they have run (docs/decisions/0118): 'Draft' never ran.
    for (const name of ['One', 'Two', 'Draft']) expect((await owner.post('/api/audits', { name })).statusCode).toBe(201);
    const other = t.client();
    await other.signUp({ organizationName: 'Other' });
    expect((await other.post('/api/audits', { name: 'Theirs' })).statusCode).toBe(201);
    await t.db.update(audits).set({ status: 'complete', completedAt: new Date() }).where(sql`${audits.name} <> 'Draft'`);
    const [user] = await t.db.select({ id: users.id }).from(users).where(sql`${users.organizationId} = ${organizationId}`);
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 1);
    await t.db
      .insert(audits)
      .values({ organizationId, userId: user!.id, name: 'Old', auditType: 'cycle-count', status: 'complete', createdAt: lastMonth, completedAt: lastMonth });
    expect((await owner.get('/api/billing/subscription-status')).json().usage).toEqual({ products: 3, audits: 2 });
    expect((await other.get('/api/billing/subscription-status')).json().usage).toEqual({ products: 0, audits: 1 });
  });

  it('counts the calendar month in UTC', async () => {
    // 00:30 on the 1st in UTC is still the month before in America.
    const now = new Date();
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    expect((await subscriptionStatus(t.db, { organizationId, now: new Date(start.getTime() - 1) })).usage.audits).toBe(3);
    expect((await subscriptionStatus(t.db, { organizationId, now: new Date(start.getTime() + 30 * 60_000) })).usage.audits).toBe(2);
  });

  it('follows the tier stored for the organisation; an unknown tier reads as free', async () => {
    await t.db.update(organizations).set({ subscriptionTier: 'pro' }).where(sql`${organizations.id} = ${organizationId}`);
    expect((await owner.get('/api/billing/subscription-status')).json()).toMatchObject({ tier: 'pro', limits: { products: 50000, audits: -1 } });
    await t.db.update(organizations).set({ subscriptionTier: 'platinum' }).where(sql`${organizations.id} = ${organizationId}`);
    expect((await owner.get('/api/billing/subscription-status')).json()).toMatchObject({ tier: 'free', limits: { products: 100, audits: 15 } });
  });

  it('is readable by a viewer and refused when signed out', async () => {
    const viewer = await signedInMember(t, organizationId, 'viewer');
    expect((await viewer.get('/api/billing/subscription-status')).statusCode).toBe(200);
    expect((await t.client().get('/api/billing/subscription-status')).statusCode).toBe(401);
  });
});
