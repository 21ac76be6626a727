import { mkdirSync, mkdtempSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { DATABASE_KINDS } from '../test-support/databases.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { removeStaleUploadDirs } from './multipart.js';

describe.each(DATABASE_KINDS)('network hardening on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  describe('headers', () => {
    it('marks every API answer Cache-Control: no-store', async () => {
      for (const url of ['/api/auth/user', '/api/auth/csrf', '/api/nothing-here']) {
        expect((await t.client().get(url)).headers['cache-control']).toBe('no-store');
      }
    });

    it('asks for upgrade-insecure-requests only when PUBLIC_URL is https', async () => {
      const csp = (await t.client().get('/api/auth/csrf')).headers['content-security-policy'] as string;
      expect(csp).not.toContain('upgrade-insecure-requests');
      const https = await createTestApp('pglite', { PUBLIC_URL: 'https://stock.example.com' });
      try {
        expect((await https.client().get('/api/auth/csrf')).headers['content-security-policy']).toContain('upgrade-insecure-requests');
      } finally {
        await https.close();
      }
    });
  });

  describe('Origin of mutating calls', () => {
    it('refuses another site, a null origin and a cross-site fetch without Origin; changes nothing', async () => {
      const refused: Array<Record<string, string>> = [{ origin: 'https://evil.example' }, { origin: 'null' }, { 'sec-fetch-site': 'cross-site' }];
      for (const headers of refused) {
        const c = t.client();
        const res = await c.request({ method: 'POST', url: '/api/auth/signup', headers, payload: signUpBody('cross@example.com') });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ error: 'CROSS_ORIGIN', message: 'This request came from another site and was refused.' });
      }
      const login = await t.client().post('/api/auth/team-login', { email: 'cross@example.com', password: 'long enough pw' });
      expect(login.statusCode).toBe(401);
    });

    it('admits its own origin, same-origin fetches and clients that send neither header', async () => {
      const own = await t.client().request({ method: 'POST', url: '/api/auth/signup', headers: { origin: 'http://localhost:80' }, payload: signUpBody('own@example.com') });
      expect(own.statusCode).toBe(200);
      const sameOrigin = await t.client().request({ method: 'POST', url: '/api/auth/signup', headers: { 'sec-fetch-site': 'same-origin' }, payload: signUpBody('same@example.com') });
      expect(sameOrigin.statusCode).toBe(200);
      const script = await t.client().post('/api/auth/signup', signUpBody('script@example.com'));
      expect(script.statusCode).toBe(200);
    });
  });

  describe('sign-out and the CSRF token', () => {
    it('signs out with POST /api/logout (CSRF token required)', async () => {
      const c = t.client();
      await c.signUp();
      const noToken = await c.request({ method: 'POST', url: '/api/logout', headers: { 'x-csrf-token': 'forged' } });
      expect(noToken.statusCode).toBe(403);
      expect((await c.get('/api/auth/user')).statusCode).toBe(200);
      const res = await c.post('/api/logout');
      expect(res.statusCode).toBe(204);
      expect((await c.get('/api/auth/user')).statusCode).toBe(401);
    });

    it('GET /api/logout signs out only a navigation from the app itself or the address bar', async () => {
      const c = t.client();
      await c.signUp();
      const foreign: Array<Record<string, string>> = [{}, { 'sec-fetch-site': 'cross-site' }, { referer: 'https://evil.example/page' }];
      for (const headers of foreign) {
        const res = await c.request({ method: 'GET', url: '/api/logout', headers });
        expect(res.statusCode).toBe(302);
        expect((await c.get('/api/auth/user')).statusCode).toBe(200);
      }
      await c.request({ method: 'GET', url: '/api/logout', headers: { 'sec-fetch-site': 'same-origin' } });
      expect((await c.get('/api/auth/user')).statusCode).toBe(401);

      const typed = t.client();
      await typed.signUp();
      await typed.request({ method: 'GET', url: '/api/logout', headers: { 'sec-fetch-site': 'none' } });
      expect((await typed.get('/api/auth/user')).statusCode).toBe(401);
    });

    it('renews the CSRF secret at sign-in: a token from before is refused after', async () => {
      const owner = await t.client().signUp();
      const c = t.client();
      const before = (await c.get('/api/auth/csrf')).json().token as string;
      const secretBefore = c.cookie('_csrf');
      const login = await c.request({ method: 'POST', url: '/api/auth/team-login', headers: { 'x-csrf-token': before }, payload: { email: owner.email, password: owner.password } });
      expect(login.statusCode).toBe(200);
      expect(c.cookie('_csrf')).not.toBe(secretBefore);
      const stale = await c.request({ method: 'POST', url: '/api/logout', headers: { 'x-csrf-token': before } });
      expect(stale.statusCode).toBe(403);
      expect(stale.json().error).toBe('CSRF');
    });
  });

  describe('control characters and malformed uploads: 400 naming the field, never 500', () => {
    it('refuses NUL and control characters in body, query and path', async () => {
      const c = t.client();
      await c.signUp();
      const cases: Array<[() => ReturnType<typeof c.get>, string]> = [
        [() => c.post('/api/audits', { name: 'Shelf\u0000A', auditType: 'cycle-count' }), 'body.name'],
        [() => c.post('/api/auth/team-login', { email: 'a@example.com', password: 'x\u0007y' }), 'body.password'],
        [() => c.get('/api/products?search=a%00b'), 'query.search'],
        [() => c.get('/api/audits/abc%00def'), 'params.id'],
        [() => c.post('/api/products/filter-preview', { filter: { logic: 'AND', conditions: [{ field: 'category', operator: 'equals', value: '\u001b' }] } }), 'body.filter.conditions.0.value'],
      ];
      for (const [send, field] of cases) {
        const res = await send();
        expect(res.statusCode, field).toBe(400);
        expect(res.json()).toMatchObject({ error: 'INVALID_CHARACTERS' });
        expect(res.json().message).toContain(field);
      }
      // Tabs and line breaks are text, not control characters.
      const ok = await c.post('/api/audits', { name: 'Shelf\tA', description: 'line 1\r\nline 2', auditType: 'cycle-count' });
      expect(ok.statusCode).toBeLessThan(400);
    });

    it('refuses multipart without a boundary, a truncated one, an over-long file name', async () => {
      const c = t.client();
      await c.signUp();
      const noBoundary = await c.request({ method: 'POST', url: '/api/products/preview', headers: { 'content-type': 'multipart/form-data' }, payload: 'sku\n1\n' });
      expect(noBoundary.statusCode).toBe(400);
      expect(noBoundary.json().message).toMatch(/upload could not be read/i);

      const truncated = await c.request({
        method: 'POST',
        url: '/api/products/preview',
        headers: { 'content-type': 'multipart/form-data; boundary=XyZ' },
        payload: '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\nsku,name\r\n1,a',
      });
      expect(truncated.statusCode).toBe(400);
      expect(truncated.json().error).toBe('MALFORMED_UPLOAD');

      const longName = await c.upload('/api/products/preview', [{ field: 'file', content: 'sku,name\n1,a\n', fileName: `${'x'.repeat(1000)}.csv` }]);
      expect(longName.statusCode).toBe(400);
      expect(longName.json()).toMatchObject({ error: 'FILE_NAME_TOO_LONG' });
      expect(longName.json().message).toMatch(/^file: /);

      const nulField = await c.upload('/api/products/import', [{ field: 'file', content: 'sku,name\n1,a\n', fileName: 'a.csv' }], { columnMapping: '{"sku\u0000":"sku"}' });
      expect(nulField.statusCode).toBe(400);
      expect(nulField.json().message).toMatch(/^columnMapping: /);

      const deepField = await c.upload('/api/products/import', [{ field: 'file', content: 'sku,name\n1,a\n', fileName: 'a.csv' }], { columnMapping: '{"a":'.repeat(5000) + '1' + '}'.repeat(5000) });
      expect(deepField.statusCode).toBe(400);
      expect(deepField.json()).toMatchObject({ error: 'BODY_TOO_DEEP' });
      expect(deepField.json().message).toMatch(/^columnMapping: nested more than 32 levels deep/);
    });
  });

  describe('rate limits kept in the database, keyed by the real client', () => {
    const wrong = (email: string) => ({ email, password: 'wrong password' });

    it('locks an address out with 429 and a clear message; a restarted server still counts', async () => {
      const email = `locked-${kind}@example.com`;
      const c = t.client('10.0.0.1');
      for (let i = 0; i < 10; i++) expect((await c.post('/api/auth/team-login', wrong(email))).statusCode).toBe(401);
      const locked = await c.post('/api/auth/team-login', wrong(email));
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toMatchObject({ error: 'RATE_LIMITED' });
      expect(locked.json().message).toMatch(/^Too many attempts from your address\. Please wait \d+ (seconds?|minutes?) and try again\.$/);

      // A second server on the same database (or this one restarted) shares the counter.
      const second = await buildApp({ db: t.db, config: t.config, webDir: '/nonexistent' });
      try {
        const csrf = await second.inject({ method: 'GET', url: '/api/auth/csrf' });
        const res = await second.inject({
          method: 'POST',
          url: '/api/auth/team-login',
          payload: wrong(email),
          headers: { 'x-csrf-token': csrf.json().token, cookie: csrf.cookies.map((k) => `${k.name}=${k.value}`).join('; ') },
          remoteAddress: '10.0.0.1',
        });
        expect(res.statusCode).toBe(429);
      } finally {
        await second.close();
      }
    });

    it('ignores X-Forwarded-For unless TRUST_PROXY names the proxy', async () => {
      const spoofing = t.client('10.0.0.2');
      let refused = 0;
      for (let i = 0; i < 15; i++) {
        const res = await spoofing.request({ method: 'POST', url: '/api/auth/team-login', payload: wrong('x@example.com'), headers: { 'x-forwarded-for': `203.0.113.${i}` } });
        if (res.statusCode === 429) refused++;
      }
      expect(refused).toBe(5);

      const proxied = await createTestApp(kind, { TRUST_PROXY: '127.0.0.1' });
      try {
        const c = proxied.client();
        for (let i = 0; i < 11; i++) {
          const res = await c.request({ method: 'POST', url: '/api/auth/team-login', payload: wrong('y@example.com'), headers: { 'x-forwarded-for': `198.51.100.${i}` } });
          expect(res.statusCode).toBe(401);
        }
        for (let i = 0; i < 10; i++) {
          await c.request({ method: 'POST', url: '/api/auth/team-login', payload: wrong('y@example.com'), headers: { 'x-forwarded-for': '198.51.100.200' } });
        }
        const res = await c.request({ method: 'POST', url: '/api/auth/team-login', payload: wrong('y@example.com'), headers: { 'x-forwarded-for': '198.51.100.200' } });
        expect(res.statusCode).toBe(429);
      } finally {
        await proxied.close();
      }
    });
  });
});

describe('upload folders left by a crash', () => {
  it('are removed at start; a running server\u2019s folders are kept', async () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'stocktally-tmp-sweep-'));
    const dead = path.join(tmp, 'stocktally-upload-2147483646-abc');
    const live = path.join(tmp, `stocktally-upload-${process.ppid}-def`);
    const other = path.join(tmp, 'something-else');
    for (const dir of [dead, live, other]) mkdirSync(path.join(dir, 'inner'), { recursive: true });
    expect(await removeStaleUploadDirs(tmp)).toBe(1);
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(live)).toBe(true);
    expect(existsSync(other)).toBe(true);
  });
});

function signUpBody(email: string) {
  return { email, password: 'long enough pw', firstName: 'O', organizationName: 'Origin Co' };
}
