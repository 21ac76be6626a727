/**
 * Billing with the payment provider (DESIGN.md sections 3, 4, 10; spec part 2 sections 6-8): the
 * real `stripe` SDK against the local stand-in of the provider's API, on both databases. The tier
 * changes only through a verified webhook (read back from the provider) or the re-read of
 * update-subscription, never because a request body says so.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, stripeEvents } from '../../db/schema.js';
import { DATABASE_KINDS } from '../../test-support/databases.js';
import { startStripeStandIn, type StripeStandIn } from '../../test-support/stripe-stand-in.js';
import { createTestApp, signedInMember, type TestApp, type TestClient } from '../../test-support/test-app.js';

const WEBHOOK_SECRET = 'whsec_test_secret_for_the_stand_in';
const STARTER = 'price_starter_test';
const PRO = 'price_pro_test';

/** A server on free by default, its payment provider the stand-in at `apiBase`. */
const providerEnv = (apiBase: string, more: Record<string, string>) => ({
  NEW_ORGANIZATION_TIER: 'free',
  STRIPE_SECRET_KEY: 'sk_test_billing',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_PRICE_STARTER: STARTER,
  STRIPE_API_BASE: apiBase,
  ...more,
});

describe.each(DATABASE_KINDS)('billing on %s', (kind) => {
  let t: TestApp;
  let standIn: StripeStandIn;
  let owner: TestClient;
  let organizationId: string;

  /** Delivers signed events through app.inject (the stand-in signs them as the provider does). */
  const deliver = (event: { payload: string; signature?: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json', ...(event.signature ? { 'stripe-signature': event.signature } : {}) },
      payload: event.payload,
    });
  const tierOf = async (id: string) =>
    (await t.db.select({ tier: organizations.subscriptionTier }).from(organizations).where(eq(organizations.id, id)))[0]!.tier;
  const customerOf = async (id: string) =>
    (await t.db.select({ c: organizations.stripeCustomerId }).from(organizations).where(eq(organizations.id, id)))[0]!.c!;

  beforeAll(async () => {
    standIn = await startStripeStandIn({ webhookSecret: WEBHOOK_SECRET });
    t = await createTestApp(kind, providerEnv(standIn.url, { STRIPE_PRICE_PRO: PRO, PUBLIC_URL: 'http://app.example' }));
    owner = t.client();
    organizationId = (await owner.signUp()).organizationId;
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  it('lists the plans with their configured prices', async () => {
    const res = await owner.get('/api/billing/plans');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.plans.map((p: { tier: string; priceId: string | null }) => [p.tier, p.priceId])).toEqual([
      ['free', null],
      ['starter', STARTER],
      ['pro', PRO],
    ]);
    expect(body).toMatchObject({ publishableKey: null, portalAvailable: true });
  });

  it('refuses a priceId that is not configured (400) and a missing one, creating nothing', async () => {
    const res = await owner.post('/api/billing/create-subscription', { priceId: 'price_somebody_elses' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'PRICE_NOT_CONFIGURED', message: "priceId: 'price_somebody_elses' is not the price of any plan on this server." });
    const missing = await owner.post('/api/billing/create-subscription', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^priceId: /);
    expect(standIn.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('answers 403 to a member, a viewer and an admin on create-subscription, the portal and update-subscription', async () => {
    for (const role of ['admin', 'member', 'viewer'] as const) {
      const client = await signedInMember(t, organizationId, role);
      for (const url of ['/api/billing/create-subscription', '/api/billing/create-portal-session', '/api/billing/update-subscription']) {
        const res = await client.post(url, { priceId: STARTER, tier: 'pro' });
        expect(res.statusCode, `${role} ${url}`).toBe(403);
      }
      expect((await client.get('/api/billing/subscription-status')).statusCode).toBe(200);
    }
    expect(await tierOf(organizationId)).toBe('free');
    expect((await t.client().post('/api/billing/create-subscription', { priceId: STARTER })).statusCode).toBe(401);
    // Only the webhook is exempt from the CSRF token: the owner's session without it is refused.
    const noToken = await owner.request({ method: 'POST', url: '/api/billing/update-subscription', payload: {}, headers: { 'x-csrf-token': 'stale' } });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().error).toBe('CSRF');
  });

  it('refuses the portal on the free tier (403)', async () => {
    const res = await owner.post('/api/billing/create-portal-session');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('PORTAL_FREE_TIER');
  });

  it('leaves the tier alone when update-subscription names one from a free organisation', async () => {
    const res = await owner.post('/api/billing/update-subscription', { tier: 'pro' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ tier: 'free', limits: { products: 100, audits: 15 } });
    expect(await tierOf(organizationId)).toBe('free');
  });

  it('opens a hosted checkout for the starter price; the tier waits for the payment', async () => {
    const res = await owner.post('/api/billing/create-subscription', { priceId: STARTER });
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(new RegExp(`^${standIn.url}/checkout/cs_`));
    const session = [...standIn.checkoutSessions.values()].at(-1)!;
    expect(session).toMatchObject({
      mode: 'subscription',
      customer: await customerOf(organizationId),
      success_url: 'http://app.example/billing?success=true',
      cancel_url: 'http://app.example/subscribe?tier=starter',
      price: STARTER,
      client_reference_id: organizationId,
    });
    expect(await tierOf(organizationId)).toBe('free');
    // A second checkout reuses the organisation's customer.
    await owner.post('/api/billing/create-subscription', { priceId: STARTER });
    expect(standIn.customers.size).toBe(1);
  });

  it('refuses a webhook with a missing or bad signature (400) and changes nothing', async () => {
    const customer = await customerOf(organizationId);
    const subscription = standIn.subscribe(customer, STARTER);
    const event = standIn.signEvent('customer.subscription.created', subscription);
    const missing = await deliver({ payload: event.payload });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('INVALID_SIGNATURE');
    const wrongSecret = standIn.signEvent('customer.subscription.created', subscription, 'whsec_not_ours');
    expect((await deliver(wrongSecret)).statusCode).toBe(400);
    const tampered = await deliver({ payload: event.payload.replace('"active"', '"trialing"'), signature: event.signature });
    expect(tampered.statusCode).toBe(400);
    expect(await tierOf(organizationId)).toBe('free');
    expect(await t.db.select().from(stripeEvents)).toHaveLength(0);
    standIn.cancel(subscription.id);
  });

  it('refuses a validly signed but malformed event (400 MALFORMED_EVENT) and changes nothing', async () => {
    const customer = await customerOf(organizationId);
    const subscription = standIn.subscribe(customer, STARTER);
    const good = JSON.parse(standIn.signEvent('customer.subscription.created', subscription).payload) as Record<string, unknown>;
    const eventsBefore = (await t.db.select().from(stripeEvents)).length;
    const malformed = [
      '{}',
      'null',
      '[]',
      '"evt_1"',
      '42',
      JSON.stringify({ ...good, data: { object: null } }),
      JSON.stringify({ ...good, data: null }),
      JSON.stringify({ ...good, data: {} }),
      JSON.stringify({ ...good, data: { object: 'sub_1' } }),
      JSON.stringify({ ...good, id: undefined }),
      JSON.stringify({ ...good, id: 42 }),
      JSON.stringify({ ...good, id: '' }),
      JSON.stringify({ ...good, id: 'evt_\u0000' }),
      JSON.stringify({ ...good, type: null }),
      JSON.stringify({ ...good, data: { object: { ...subscription, customer: 42 } } }),
      JSON.stringify({ ...good, data: { object: { ...subscription, customer: { name: 'no id' } } } }),
      JSON.stringify({ ...good, data: { object: { ...subscription, customer: `cus_${'x'.repeat(300)}` } } }),
    ];
    for (const payload of malformed) {
      const res = await deliver(standIn.signPayload(payload));
      expect(res.statusCode, payload.slice(0, 80)).toBe(400);
      expect(res.json().error, payload.slice(0, 80)).toBe('MALFORMED_EVENT');
    }
    expect(await tierOf(organizationId)).toBe('free');
    expect(await t.db.select().from(stripeEvents)).toHaveLength(eventsBefore);
    standIn.cancel(subscription.id);
  });

  it('applies a verified event once: a replay changes nothing', async () => {
    const customer = await customerOf(organizationId);
    const subscription = standIn.subscribe(customer, STARTER);
    const event = standIn.signEvent('customer.subscription.created', subscription);
    const first = await deliver(event);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, outcome: 'applied' });
    expect(await tierOf(organizationId)).toBe('starter');
    expect((await owner.get('/api/billing/subscription-status')).json()).toMatchObject({ tier: 'starter', limits: { products: 5000, audits: -1 } });

    // The operator fixes the tier by hand; the replayed event must not undo it.
    await t.db.update(organizations).set({ subscriptionTier: 'free' }).where(eq(organizations.id, organizationId));
    const replay = await deliver(event);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().outcome).toBe('replayed');
    expect(await tierOf(organizationId)).toBe('free');
    await t.db.update(organizations).set({ subscriptionTier: 'starter' }).where(eq(organizations.id, organizationId));
  });

  it('ends right when events arrive out of order, by reading the subscription back', async () => {
    const customer = await customerOf(organizationId);
    const [live] = [...standIn.subscriptions.values()].filter((s) => s.customer === customer && s.status === 'active');
    const upgraded = standIn.subscribe(customer, PRO);
    const created = standIn.signEvent('customer.subscription.created', upgraded);
    standIn.cancel(live!.id);
    const deleted = standIn.signEvent('customer.subscription.deleted', live!);
    // The deletion of the old plan first, then the creation of the new one, both about the present.
    expect((await deliver(deleted)).statusCode).toBe(200);
    expect(await tierOf(organizationId)).toBe('pro');
    expect((await deliver(created)).statusCode).toBe(200);
    expect(await tierOf(organizationId)).toBe('pro');

    // Cancelled: a late 'created' event of the pro plan, arriving after its deletion, keeps free.
    standIn.cancel(upgraded.id);
    const cancelled = standIn.signEvent('customer.subscription.deleted', upgraded);
    const late = standIn.signEvent('customer.subscription.updated', { ...upgraded, status: 'active' });
    expect((await deliver(cancelled)).statusCode).toBe(200);
    expect((await deliver(late)).statusCode).toBe(200);
    expect(await tierOf(organizationId)).toBe('free');
  });

  it('re-reads the provider on update-subscription after checkout, and opens the portal on a paid plan', async () => {
    const customer = await customerOf(organizationId);
    standIn.subscribe(customer, STARTER);
    const res = await owner.post('/api/billing/update-subscription', { tier: 'pro' });
    expect(res.statusCode).toBe(200);
    expect(res.json().tier).toBe('starter');

    const portal = await owner.post('/api/billing/create-portal-session');
    expect(portal.statusCode, portal.body).toBe(200);
    expect(portal.json().url).toMatch(new RegExp(`^${standIn.url}/portal/bps_`));
    expect([...standIn.portalSessions.values()].at(-1)).toMatchObject({ customer, return_url: 'http://app.example/billing' });

    const again = await owner.post('/api/billing/create-subscription', { priceId: PRO });
    expect(again.statusCode).toBe(409);
  });

  it('ignores verified events of customers it does not know', async () => {
    const stranger = standIn.subscribe('cus_unknown', PRO);
    const res = await deliver(standIn.signEvent('customer.subscription.created', stranger));
    expect(res.statusCode).toBe(200);
    expect(res.json().outcome).toBe('ignored');
  });
});

describe.each(DATABASE_KINDS)('the payment webhook behind the password gate on %s', (kind) => {
  let t: TestApp;
  let standIn: StripeStandIn;
  let baseUrl: string;

  beforeAll(async () => {
    standIn = await startStripeStandIn({ webhookSecret: WEBHOOK_SECRET });
    t = await createTestApp(kind, providerEnv(standIn.url, { APP_ACCESS_PASSWORD: 'open sesame 42' }));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  /** Delivers over HTTP as the provider does: no cookie, no gate grant, no CSRF token. */
  const deliver = (event: { payload: string; signature: string }) =>
    fetch(`${baseUrl}/api/billing/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': event.signature }, body: event.payload });
  const tierOf = async (id: string) =>
    (await t.db.select({ tier: organizations.subscriptionTier }).from(organizations).where(eq(organizations.id, id)))[0]!.tier;

  it('upgrades and cancels through the webhook alone; the rest of the API stays behind the gate', async () => {
    const owner = t.client();
    expect((await owner.post('/api/verify-password', { password: 'open sesame 42' })).statusCode).toBe(200);
    const { organizationId } = await owner.signUp();
    expect((await owner.post('/api/billing/create-subscription', { priceId: STARTER })).statusCode).toBe(200);
    const customer = (await t.db.select({ c: organizations.stripeCustomerId }).from(organizations).where(eq(organizations.id, organizationId)))[0]!.c!;

    const subscription = standIn.subscribe(customer, STARTER);
    const created = await deliver(standIn.signEvent('customer.subscription.created', subscription));
    expect(created.status).toBe(200);
    expect(await created.json()).toEqual({ received: true, outcome: 'applied' });
    expect(await tierOf(organizationId)).toBe('starter');

    standIn.cancel(subscription.id);
    const deleted = await deliver(standIn.signEvent('customer.subscription.deleted', subscription));
    expect(deleted.status).toBe(200);
    expect(await tierOf(organizationId)).toBe('free');

    // Past the gate, the signature still decides; everything else without a grant is refused.
    const unsigned = await fetch(`${baseUrl}/api/billing/webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(unsigned.status).toBe(400);
    const status = await fetch(`${baseUrl}/api/billing/subscription-status`);
    expect(status.status).toBe(401);
    expect((await status.json()).error).toBe('ACCESS_PASSWORD_REQUIRED');
  });
});

describe.each(DATABASE_KINDS)('billing without a configured provider on %s', (kind) => {
  let t: TestApp;
  let owner: TestClient;
  let organizationId: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { NEW_ORGANIZATION_TIER: 'free' });
    owner = t.client();
    organizationId = (await owner.signUp()).organizationId;
  });
  afterAll(async () => t?.close());

  it('shows the plans without prices, and answers the spec\'s messages', async () => {
    const plans = (await owner.get('/api/billing/plans')).json();
    expect(plans.plans.map((p: { priceId: string | null }) => p.priceId)).toEqual([null, null, null]);
    expect(plans.portalAvailable).toBe(false);
    expect((await owner.post('/api/billing/create-subscription', { priceId: 'price_x' })).statusCode).toBe(503);
    expect((await owner.post('/api/billing/webhook', {})).statusCode).toBe(503);
    await t.db.update(organizations).set({ subscriptionTier: 'starter' }).where(eq(organizations.id, organizationId));
    const portal = await owner.post('/api/billing/create-portal-session');
    expect(portal.statusCode).toBe(503);
    expect(portal.json().message).toBe('Customer portal is not configured. Please contact support to manage your billing.');
  });
});

describe.each(DATABASE_KINDS)('billing with the in-page payment form on %s', (kind) => {
  let t: TestApp;
  let standIn: StripeStandIn;
  let owner: TestClient;

  beforeAll(async () => {
    standIn = await startStripeStandIn({ webhookSecret: WEBHOOK_SECRET });
    t = await createTestApp(kind, providerEnv(standIn.url, { STRIPE_PUBLISHABLE_KEY: 'pk_test_billing' }));
    owner = t.client();
    await owner.signUp();
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  it('answers the clientSecret of an incomplete subscription; the tier waits for the payment', async () => {
    expect((await owner.get('/api/billing/plans')).json()).toMatchObject({ publishableKey: 'pk_test_billing' });
    const res = await owner.post('/api/billing/create-subscription', { priceId: STARTER });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ clientSecret: expect.stringMatching(/^pi_\w+_secret_\w+$/) });
    const [subscription] = [...standIn.subscriptions.values()];
    expect(subscription).toMatchObject({ status: 'incomplete', items: { data: [{ price: { id: STARTER } }] } });
    expect((await owner.post('/api/billing/update-subscription', { tier: 'starter' })).json().tier).toBe('free');
    // Paid in the form: the re-read finds the active subscription.
    subscription!.status = 'active';
    expect((await owner.post('/api/billing/update-subscription', {})).json().tier).toBe('starter');
  });
});
