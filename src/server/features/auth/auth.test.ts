import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../test-support/databases.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

describe.each(DATABASE_KINDS)('auth on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('answers 401 for the current user when signed out', async () => {
    const res = await t.client().get('/api/auth/user');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'UNAUTHORIZED', message: 'Unauthorized' });
  });

  it('signs up a new organisation whose owner is then signed in', async () => {
    const c = t.client();
    const user = await c.signUp({ email: 'Olive@Example.com', organizationName: 'Olive Goods' });
    expect(user).toMatchObject({ email: 'olive@example.com', role: 'owner', organizationName: 'Olive Goods', subscriptionTier: 'starter' });
    const me = await c.get('/api/auth/user');
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);
    expect(c.cookie('stocktally_session')).toBeTruthy();
  });

  it('starts new organisations on the free tier by default', async () => {
    const free = await createTestApp(kind, { NEW_ORGANIZATION_TIER: '' });
    try {
      const user = await free.client().signUp();
      expect(user.subscriptionTier).toBe('free');
    } finally {
      await free.close();
    }
  });

  it('sets an httpOnly, SameSite=Lax session cookie', async () => {
    const c = t.client();
    const res = await c.post('/api/auth/signup', {
      email: 'cookie@example.com',
      password: 'long enough pw',
      firstName: 'C',
      organizationName: 'Cookie Co',
    });
    const cookie = res.cookies.find((k) => k.name === 'stocktally_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
  });

  it('refuses a second account with the same e-mail', async () => {
    await t.client().signUp({ email: 'twice@example.com' });
    const res = await t.client().post('/api/auth/signup', {
      email: 'TWICE@example.com',
      password: 'another password',
      firstName: 'T',
      organizationName: 'Other',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('EMAIL_TAKEN');
  });

  it('validates sign-up fields with the spec messages', async () => {
    const res = await t.client().post('/api/auth/signup', { email: 'nope', password: 'short', firstName: '', organizationName: 'X' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Please enter a valid email address');
  });

  it('signs in by email and password at team-login, and refuses a wrong password alike for unknown e-mails', async () => {
    const owner = await t.client().signUp({ email: 'login@example.com', password: 'my secret pass' });
    const c = t.client();
    const wrong = await c.post('/api/auth/team-login', { email: 'login@example.com', password: 'not it at all' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Invalid credentials');
    const unknown = await c.post('/api/auth/team-login', { email: 'ghost@example.com', password: 'not it at all' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe('Invalid credentials');
    const ok = await c.post('/api/auth/team-login', { email: 'LOGIN@example.com', password: 'my secret pass' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().id).toBe(owner.id);
    expect((await c.get('/api/auth/user')).statusCode).toBe(200);
  });

  it('logs out: the session is deleted, not only the cookie', async () => {
    const c = t.client();
    await c.signUp();
    const before = await c.get('/api/auth/user');
    expect(before.statusCode).toBe(200);
    const sessionCookie = c.cookie('stocktally_session')!;
    // The spec's navigation from the app's own page (GET signs out only same-origin: decision 0027).
    const out = await c.request({ method: 'GET', url: '/api/logout', headers: { 'sec-fetch-site': 'same-origin' } });
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toBe('/');
    // Replaying the old cookie no longer works.
    const replay = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: `stocktally_session=${sessionCookie}` } });
    expect(replay.statusCode).toBe(401);
  });

  it('sends /api/login to /team-login when no OIDC provider is configured', async () => {
    const res = await t.client().get('/api/login');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/team-login');
  });

  it('refuses a mutating call without the CSRF token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/team-login',
      payload: { email: 'login@example.com', password: 'my secret pass' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('CSRF');
  });
});
