import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { DATABASE_KINDS } from '../../test-support/databases.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

const PASSWORD = 'open sesame 42';

describe.each(DATABASE_KINDS)('password gate on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { APP_ACCESS_PASSWORD: PASSWORD });
  });
  afterAll(async () => t?.close());

  it('stands in front of the API (401 ACCESS_PASSWORD_REQUIRED) and the pages (to /password)', async () => {
    const c = t.client();
    for (const url of ['/api/auth/user', '/api/audits', '/api/products']) {
      const res = await c.get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ error: 'ACCESS_PASSWORD_REQUIRED', message: 'Access password required' });
    }
    const signUp = await c.post('/api/auth/signup', { email: 'gate@example.com', password: 'long enough', firstName: 'G', organizationName: 'G' });
    expect(signUp.statusCode).toBe(401);
    for (const url of ['/', '/audits/123', '/api/login']) {
      const page = await c.request({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(page.statusCode, url).toBe(302);
      expect(page.headers.location).toBe('/password');
    }
  });

  it('lets through /password, static assets, the CSRF token and the options call', async () => {
    const c = t.client();
    for (const url of ['/password', '/assets/index-abc.js', '/favicon.svg']) {
      expect((await c.request({ method: 'GET', url, headers: { accept: 'text/html' } })).statusCode, url).toBe(404); // no web build in tests
    }
    expect((await c.get('/api/auth/csrf')).statusCode).toBe(200);
    expect((await c.get('/api/auth/options')).json()).toMatchObject({ accessPasswordRequired: true });
  });

  it('refuses a wrong or empty password with the spec message and no cookie', async () => {
    const c = t.client();
    const wrong = await c.post('/api/verify-password', { password: 'open sesame 43' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ success: false, message: 'Invalid password. Please try again.' });
    expect(c.cookie('stocktally_access')).toBeUndefined();
    const empty = await c.post('/api/verify-password', { password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('password: Password is required');
    expect((await c.get('/api/auth/user')).json().error).toBe('ACCESS_PASSWORD_REQUIRED');
  });

  it('opens the app for 30 days with a signed httpOnly cookie on the right password', async () => {
    const c = t.client();
    const res = await c.post('/api/verify-password', { password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const cookie = res.cookies.find((k) => k.name === 'stocktally_access')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', maxAge: 30 * 24 * 60 * 60, path: '/' });
    const me = await c.get('/api/auth/user');
    expect(me.statusCode).toBe(401);
    expect(me.json().error).toBe('UNAUTHORIZED');
    await c.signUp();
    expect((await c.get('/api/auth/user')).statusCode).toBe(200);
  });

  it('refuses a tampered cookie and the cookie of another password', async () => {
    const c = t.client();
    await c.post('/api/verify-password', { password: PASSWORD });
    const value = c.cookie('stocktally_access')!;
    const tampered = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: `stocktally_access=${value.replace(/^\d/, '9')}` } });
    expect(tampered.json().error).toBe('ACCESS_PASSWORD_REQUIRED');

    const changed = await buildApp({ db: t.db, config: loadConfig({ ...envOf(t), APP_ACCESS_PASSWORD: 'a new password' } as NodeJS.ProcessEnv), webDir: '/nonexistent' });
    try {
      const res = await changed.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: `stocktally_access=${value}` } });
      expect(res.json().error).toBe('ACCESS_PASSWORD_REQUIRED');
    } finally {
      await changed.close();
    }
  });

  it('rate limits guesses: the 11th in a minute answers 429', async () => {
    const c = t.client('10.0.0.3');
    for (let i = 0; i < 10; i++) expect((await c.post('/api/verify-password', { password: `guess ${i}` })).statusCode).toBe(401);
    const res = await c.post('/api/verify-password', { password: PASSWORD });
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe('RATE_LIMITED');
  });
});

describe('without APP_ACCESS_PASSWORD', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => t?.close());

  it('has no gate', async () => {
    const c = t.client();
    expect((await c.get('/api/auth/user')).json().error).toBe('UNAUTHORIZED');
    expect((await c.get('/api/auth/options')).json().accessPasswordRequired).toBe(false);
    expect((await c.post('/api/verify-password', { password: 'anything' })).json()).toEqual({ success: true });
  });
});

function envOf(t: TestApp): Record<string, string> {
  return { SESSION_SECRET: t.config.sessionSecret, LOG_LEVEL: 'silent', DATA_DIR: t.config.dataDir };
}
