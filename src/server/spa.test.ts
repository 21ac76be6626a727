import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openTestDatabase } from './test-support/databases.js';
import type { Database } from './db/client.js';

describe('serving the SPA', () => {
  const webDir = mkdtempSync(path.join(os.tmpdir(), 'stocktally-web-'));
  let app: FastifyInstance;
  let database: Database;
  beforeAll(async () => {
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>StockTally</title>');
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'assets', 'main.js'), 'console.log(1)');
    database = await openTestDatabase('pglite');
    const config = loadConfig({ SESSION_SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent', DATA_DIR: '/tmp/stocktally-test-data' } as NodeJS.ProcessEnv);
    app = await buildApp({ db: database.db, config, webDir });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it.each(['/', '/audits/123', '/team-login', '/no/such/page'])('answers %s with the app (client-side routes)', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<title>StockTally</title>');
  });

  it('serves built assets, including ones written after start', async () => {
    expect((await app.inject({ method: 'GET', url: '/assets/main.js' })).statusCode).toBe(200);
    writeFileSync(path.join(webDir, 'assets', 'later.js'), 'console.log(2)');
    const later = await app.inject({ method: 'GET', url: '/assets/later.js' });
    expect(later.statusCode).toBe(200);
    expect(later.headers['content-type']).toContain('javascript');
  });

  it('compresses for browsers that accept it; caches hashed assets for good and index.html never', async () => {
    writeFileSync(path.join(webDir, 'assets', 'big-abc123.js'), `const x = ${JSON.stringify('StockTally '.repeat(2000))};`);
    for (const encoding of ['br', 'gzip']) {
      const res = await app.inject({ method: 'GET', url: '/assets/big-abc123.js', headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.rawPayload.length).toBeLessThan(2000);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    for (const url of ['/', '/audits/123']) {
      expect((await app.inject({ method: 'GET', url })).headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers 404, not the app, for a missing asset or API route', async () => {
    expect((await app.inject({ method: 'GET', url: '/assets/gone.js' })).statusCode).toBe(404);
    const api = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: 'NOT_FOUND' });
  });
});
