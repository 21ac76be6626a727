/**
 * The request policy holds whatever the URL's spelling (DESIGN.md section 3; decision 0101): every
 * route Fastify registered is sent over real HTTP (app.inject would normalise the path first) in
 * percent-encoded, double-slash, dot-segment, upper-case, trailing-slash and absolute-form
 * variants. Mutating routes without a token or from a foreign origin: 403 each, nothing changes.
 * With the password gate on, no grant: 401 each. Every GET under /api/: `no-store` each.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import type { RouteDeclaration } from '../auth/route-guard.js';
import { DATABASE_KINDS } from '../test-support/databases.js';
import { createTestApp, TestClient, type TestApp } from '../test-support/test-app.js';
import { GATE_OPEN_ROUTES, SIGNED_ROUTES, normalisedPath } from './request-policy.js';

const SAFE = new Set(['GET', 'HEAD']);

/** The route's URL with its parameters filled in. */
function concrete(url: string): string {
  return url.replace(/:(\w+)/g, (_m, name: string) => (name === 'token' ? 'A'.repeat(43) : name === 'tagName' ? 'tag' : '00000000-0000-4000-8000-000000000000'));
}

/** The spellings of one path a lenient reader takes for the same thing (`/api/products/import`). */
function variants(pathname: string, origin: string): string[] {
  const [, first, ...rest] = pathname.split('/');
  const tail = rest.join('/');
  const encodeFirst = (segment: string) => `%${segment.charCodeAt(0).toString(16)}${segment.slice(1)}`;
  const last = rest[rest.length - 1]!;
  return [
    pathname,
    `/${encodeFirst(first!)}/${tail}`,
    `/${first}/${rest.slice(0, -1).concat(encodeFirst(last)).join('/')}`,
    `/%2561pi/${tail}`,
    `/${first}%2F${tail.replaceAll('/', '%2F')}`,
    `/${pathname}`,
    `/${first}//${tail}`,
    `/${first}/./${tail}`,
    `/${first}/x/../${tail}`,
    `/x/../${first}/${tail}`,
    `/${first}/%2e%2e/${first}/${tail}`,
    pathname.toUpperCase(),
    `/${first!.toUpperCase()}/${tail}`,
    `${pathname}/`,
    `${origin}${pathname}`,
  ];
}

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request with the request-target sent exactly as given. */
function raw(port: number, method: string, target: string, headers: Record<string, string>, body?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: target, headers: { ...headers, ...(body ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } : {}) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as { port: number }).port;
}

describe('normalisedPath', () => {
  it('reads every spelling of a path as the router could', () => {
    for (const target of variants('/api/products/import', 'http://127.0.0.1:1')) {
      expect(normalisedPath(target), target).toBe('/api/products/import');
    }
    expect(normalisedPath('/api/products?x=/../y#z')).toBe('/api/products');
    expect(normalisedPath('/a\\..\\api\\x')).toBe('/api/x');
    expect(normalisedPath('/%E0%A4%A')).toBe('/%e0%a4%a');
    expect(normalisedPath('/../../etc')).toBe('/etc');
  });
});

describe.each(DATABASE_KINDS)('request policy over real HTTP on %s', (kind) => {
  let t: TestApp;
  let port: number;
  let routes: RouteDeclaration[];
  let cookie: string;
  let token: string;
  const origin = () => `http://127.0.0.1:${port}`;

  beforeAll(async () => {
    t = await createTestApp(kind);
    port = await listen(t.app);
    routes = t.app.routeDeclarations.filter((r) => r.method !== 'HEAD' && r.url !== '/*');
    const owner = new TestClient(origin());
    await owner.signUp();
    // The token is only sent where the check under test is the Origin.
    token = (await owner.get('/api/auth/csrf')).json().token;
    cookie = ['stocktally_session', '_csrf'].map((name) => `${name}=${owner.cookie(name)}`).join('; ');
  });
  afterAll(async () => t?.close());

  it('refuses every mutating route in every spelling: without the token 403, from another site 403', async () => {
    const mutating = routes.filter((r) => !SAFE.has(r.method) && !SIGNED_ROUTES.has(`${r.method} ${r.url}`));
    expect(mutating.length).toBeGreaterThan(30);
    const failures: string[] = [];
    let sent = 0;
    for (const route of mutating) {
      for (const target of variants(concrete(route.url), origin())) {
        const noToken = await raw(port, route.method, target, { cookie, origin: origin() }, '{}');
        const foreign = await raw(port, route.method, target, { cookie, 'x-csrf-token': token, origin: 'https://evil.example', 'sec-fetch-site': 'same-site' }, '{}');
        sent += 2;
        if (noToken.status !== 403 || JSON.parse(noToken.body).error !== 'CSRF') failures.push(`no token ${route.method} ${target}: ${noToken.status} ${noToken.body.slice(0, 80)}`);
        if (foreign.status !== 403 || JSON.parse(foreign.body).error !== 'CROSS_ORIGIN') failures.push(`foreign ${route.method} ${target}: ${foreign.status} ${foreign.body.slice(0, 80)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(900);
    // Nothing happened: no product imported or created, still signed in.
    const me = await raw(port, 'GET', '/api/auth/user', { cookie });
    expect(me.status).toBe(200);
    const products = await raw(port, 'GET', '/api/products', { cookie });
    expect(JSON.parse(products.body).total).toBe(0);
  });

  it('lets the signed webhook through in any spelling the router matches, and only to its signature check', async () => {
    for (const route of routes.filter((r) => SIGNED_ROUTES.has(`${r.method} ${r.url}`))) {
      for (const target of variants(route.url, origin())) {
        const res = await raw(port, route.method, target, { origin: 'https://evil.example' }, '{}');
        // Matched: the handler refuses it (no provider configured here); not matched: 403.
        expect([403, 503], `${route.method} ${target}`).toContain(res.status);
      }
    }
  });

  it('marks the answer of every GET under /api/ in every spelling no-store (or private), the SPA beside it served', async () => {
    const webDir = mkdtempSync(path.join(os.tmpdir(), 'stocktally-policy-web-'));
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>StockTally</title>');
    writeFileSync(path.join(webDir, 'assets', 'app-1.js'), 'console.log(1)');
    const withWeb = await buildApp({ db: t.db, config: t.config, webDir });
    const webPort = await listen(withWeb);
    try {
      const failures: string[] = [];
      for (const route of routes.filter((r) => r.method === 'GET')) {
        for (const target of variants(concrete(route.url), `http://127.0.0.1:${webPort}`)) {
          const res = await raw(webPort, 'GET', target, { cookie });
          // The filter options say `private, max-age=300` themselves (spec part 1 section 9): the browser's own cache only.
          const cache = res.headers['cache-control'];
          if (cache !== 'no-store' && !(route.url === '/api/products/filter-options' && cache === 'private, max-age=300')) failures.push(`${target}: ${res.status} ${res.headers['cache-control']}`);
          if (res.body.includes('<title>StockTally')) failures.push(`${target}: answered with the SPA`);
        }
      }
      expect(failures).toEqual([]);
      expect((await raw(webPort, 'GET', '/audits/1', {})).headers['cache-control']).toBe('no-cache');
      expect((await raw(webPort, 'GET', '/assets/app-1.js', {})).headers['cache-control']).toContain('immutable');
    } finally {
      await withWeb.close();
    }
  });

  it('with the password gate on, answers 401 on every route in every spelling but the open ones', async () => {
    const gated = await createTestApp(kind, { APP_ACCESS_PASSWORD: 'open sesame 42' });
    const gatedPort = await listen(gated.app);
    try {
      const failures: string[] = [];
      let sent = 0;
      for (const route of routes.filter((r) => !GATE_OPEN_ROUTES.has(`${r.method} ${r.url}`))) {
        for (const target of variants(concrete(route.url), `http://127.0.0.1:${gatedPort}`)) {
          const res = await raw(gatedPort, route.method, target, { accept: 'application/json' }, SAFE.has(route.method) ? undefined : '{}');
          sent++;
          if (res.status !== 401 || JSON.parse(res.body).error !== 'ACCESS_PASSWORD_REQUIRED') failures.push(`${route.method} ${target}: ${res.status} ${res.body.slice(0, 80)}`);
        }
      }
      expect(failures).toEqual([]);
      expect(sent).toBeGreaterThan(800);
      // The open routes are open in their own spelling.
      expect((await raw(gatedPort, 'GET', '/api/auth/options', {})).status).toBe(200);
      expect((await raw(gatedPort, 'POST', '/api/billing/webhook', {}, '{}')).status).toBe(503);
    } finally {
      await gated.close();
    }
  });
});
