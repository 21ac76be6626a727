/**
 * A real app on a real test database, driven through `app.inject`, with a cookie jar and the
 * CSRF token handled like the browser's fetch wrapper does (src/web/lib/api.ts).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import type { Db } from '../db/client.js';
import { openTestDatabase, type DatabaseKind } from './databases.js';
import { openJobQueue } from '../jobs/job-queue.js';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** The session lookups' handle (a pool of its own on PostgreSQL, `db` on PGlite; decision 0173). */
  sessionDb: Db;
  config: Config;
  kind: DatabaseKind;
  /** A client with its own cookie jar (a browser of its own), from `remoteAddress` (default 127.0.0.1). */
  client(remoteAddress?: string): TestClient;
  close(): Promise<void>;
}

/**
 * @param env environment variables on top of the test defaults.
 * @param beforeReady runs on the built app before `ready()`, e.g. to register an extra route.
 */
export async function createTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  beforeReady?: (app: FastifyInstance) => void,
): Promise<TestApp> {
  const database = await openTestDatabase(kind);
  const config = loadConfig({
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/stocktally-test-data',
    // Fixture catalogues exceed the free plan's 100 products; limit tests pass 'free'.
    NEW_ORGANIZATION_TIER: 'starter',
    ...env,
  } as NodeJS.ProcessEnv);
  const jobs = await openJobQueue(database);
  const app = await buildApp({ db: database.db, sessionDb: database.sessionDb, config, webDir: '/nonexistent', jobs });
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    db: database.db,
    sessionDb: database.sessionDb,
    config,
    kind,
    client: (remoteAddress?: string) => new TestClient(app, remoteAddress),
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export interface UploadFile {
  field: string;
  /** A path on disk, or the file's content. */
  path?: string;
  content?: string | Buffer;
  fileName?: string;
  type?: string;
}

export class TestClient {
  private cookies = new Map<string, string>();
  private csrf: string | undefined;
  /** `target`: the app (requests through `app.inject`) or a running server's base URL (real HTTP). */
  constructor(
    private target: FastifyInstance | string,
    /** The client's address as the app sees it (inject only; default 127.0.0.1). */
    private readonly remoteAddress?: string,
  ) {}

  /** Sends the next requests to another running server, with the same cookies (one session). */
  useServer(url: string): void {
    this.target = url;
  }

  /** A second client of the same session (cookies copied) on another running server. */
  sameSessionOn(url: string): TestClient {
    const other = new TestClient(url);
    other.cookies = new Map(this.cookies);
    return other;
  }

  private send(opts: { method: string; url: string; payload?: unknown; headers: Record<string, string> }): Promise<LightMyRequestResponse> {
    if (typeof this.target !== 'string') {
      return this.target.inject({
        method: opts.method as 'GET',
        url: opts.url,
        payload: opts.payload as string,
        headers: opts.headers,
        remoteAddress: this.remoteAddress,
      });
    }
    const body = opts.payload === undefined ? undefined : Buffer.isBuffer(opts.payload) ? opts.payload : JSON.stringify(opts.payload);
    const headers = { ...opts.headers, ...(body !== undefined && !Buffer.isBuffer(opts.payload) ? { 'content-type': 'application/json' } : {}) };
    return httpRequest(`${this.target}${opts.url}`, { method: opts.method, headers, body });
  }

  /** The value of a cookie this client holds. */
  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private remember(res: LightMyRequestResponse): void {
    for (const c of res.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      if (c.value === '' || c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now())) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
      // A new CSRF secret (sign-in renews it) makes the token in hand stale, as in the web client.
      if (c.name === '_csrf') this.csrf = undefined;
    }
  }

  async request(opts: { method: string; url: string; payload?: unknown; headers?: Record<string, string> }): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.method !== 'GET' && opts.method !== 'HEAD') {
      if (!this.csrf) {
        const res = await this.send({ method: 'GET', url: '/api/auth/csrf', headers: { cookie: this.cookieHeader() } });
        this.remember(res);
        this.csrf = res.json().token;
      }
      headers['x-csrf-token'] ??= this.csrf!;
    }
    headers.cookie = this.cookieHeader();
    const res = await this.send({ method: opts.method, url: opts.url, payload: opts.payload, headers });
    this.remember(res);
    return res;
  }

  get(url: string) {
    return this.request({ method: 'GET', url });
  }
  post(url: string, body?: unknown) {
    return this.request({ method: 'POST', url, payload: body ?? {} });
  }
  patch(url: string, body?: unknown) {
    return this.request({ method: 'PATCH', url, payload: body ?? {} });
  }
  delete(url: string) {
    return this.request({ method: 'DELETE', url });
  }

  /** Sends a multipart/form-data POST built the way a browser builds it. */
  async upload(url: string, files: UploadFile[], fields: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    for (const f of files) {
      const bytes = f.path ? await readFile(f.path) : Buffer.from(f.content ?? '');
      form.append(f.field, new Blob([bytes], { type: f.type ?? 'application/octet-stream' }), f.fileName ?? path.basename(f.path ?? 'file'));
    }
    const encoded = new Request('http://localhost/', { method: 'POST', body: form });
    const payload = Buffer.from(await encoded.arrayBuffer());
    return this.request({ method: 'POST', url, payload, headers: { 'content-type': encoded.headers.get('content-type')! } });
  }

  /** Signs up a new organisation with its owner; answers the current user. */
  async signUp(overrides: Partial<{ email: string; password: string; firstName: string; lastName: string; organizationName: string }> = {}) {
    const body = {
      email: `owner-${Math.random().toString(36).slice(2)}@example.com`,
      password: 'correct horse battery',
      firstName: 'Olive',
      lastName: 'Owner',
      organizationName: 'Acme Stores',
      ...overrides,
    };
    const res = await this.post('/api/auth/signup', body);
    if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
    return { ...res.json(), password: body.password };
  }
}

/**
 * Adds a user with `role` to an organisation directly in the database (invitations are their own
 * feature) and answers a client signed in as that user.
 */
export async function signedInMember(t: TestApp, organizationId: string, role: 'admin' | 'member' | 'viewer'): Promise<TestClient> {
  const { hashPassword } = await import('../auth/passwords.js');
  const { users } = await import('../db/schema.js');
  const email = `${role}-${Math.random().toString(36).slice(2)}@example.com`;
  await t.db.insert(users).values({ organizationId, email, passwordHash: await hashPassword('member password'), firstName: role, role, status: 'active' });
  const client = t.client();
  const res = await client.post('/api/auth/team-login', { email, password: 'member password' });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  return client;
}

/**
 * One real HTTP request with fetch, answered in the shape of `app.inject`'s response (status,
 * body, rawPayload, headers, cookies, json()), so TestClient drives a running server the same way.
 */
async function httpRequest(url: string, init: { method: string; headers: Record<string, string>; body?: string | Buffer }): Promise<LightMyRequestResponse> {
  const payload = typeof init.body === 'string' || init.body === undefined ? init.body : new Uint8Array(init.body);
  const res = await fetch(url, { method: init.method, headers: init.headers, body: payload, redirect: 'manual' });
  const rawPayload = Buffer.from(await res.arrayBuffer());
  const body = rawPayload.toString('utf8');
  const cookies = res.headers.getSetCookie().map((line) => {
    const [pair, ...attributes] = line.split(';');
    const eq = pair!.indexOf('=');
    const maxAge = attributes.find((a) => a.trim().toLowerCase().startsWith('max-age='));
    return { name: pair!.slice(0, eq).trim(), value: pair!.slice(eq + 1).trim(), maxAge: maxAge ? Number(maxAge.split('=')[1]) : undefined };
  });
  return {
    statusCode: res.status,
    body,
    rawPayload,
    headers: Object.fromEntries(res.headers),
    cookies,
    json: () => JSON.parse(body) as unknown,
  } as unknown as LightMyRequestResponse;
}
