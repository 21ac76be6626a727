import Fastify, { type FastifyInstance } from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import { describe, expect, it } from 'vitest';
import { helmetHeaders, installSecurityHeaders } from './security-headers.js';

const OPTION_SETS: FastifyHelmetOptions[] = [
  {},
  {
    contentSecurityPolicy: {
      directives: { 'img-src': ["'self'", 'data:', 'blob:'], 'script-src': ["'self'", "'wasm-unsafe-eval'"], 'upgrade-insecure-requests': null },
    },
  },
  { contentSecurityPolicy: { directives: { 'frame-src': ["'self'", 'https://js.stripe.com'], 'upgrade-insecure-requests': [] } }, frameguard: { action: 'deny' } },
];

/** An app with three kinds of answer: a route's, a stream written on the raw response, a 404. */
function withRoutes(app: FastifyInstance): FastifyInstance {
  app.get('/json', async () => ({ ok: true }));
  app.get('/raw', (_req, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/csv' });
    reply.raw.end('a,b\n');
  });
  return app;
}

/** The answer's headers but those that differ per answer or per kind of answer. */
function securityPart(headers: Record<string, unknown>) {
  const { date: _date, 'content-length': _length, 'content-type': _type, connection: _connection, 'keep-alive': _keepAlive, ...rest } = headers;
  return rest;
}

describe('security headers worked out once (decision 0167)', () => {
  it.each(OPTION_SETS.map((options, i) => [i, options] as const))('are the headers @fastify/helmet sets, on every kind of answer (options %i)', async (_i, options) => {
    const helmeted = Fastify();
    await helmeted.register(helmet, options);
    withRoutes(helmeted);
    const once = Fastify();
    installSecurityHeaders(once, await helmetHeaders(options));
    withRoutes(once);
    const headers = await helmetHeaders(options);
    expect(headers['content-security-policy']).toBeDefined();
    expect(headers['x-content-type-options']).toBe('nosniff');
    for (const url of ['/json', '/raw', '/nothing-here']) {
      const expected = securityPart((await helmeted.inject({ method: 'GET', url })).headers);
      const got = securityPart((await once.inject({ method: 'GET', url })).headers);
      expect(got).toEqual(expected);
      expect(got).toMatchObject(headers);
    }
    await helmeted.close();
    await once.close();
  });

  it('refuses options that make the headers differ per request', async () => {
    await expect(helmetHeaders({ enableCSPNonces: true })).rejects.toThrow(/nonces/);
  });
});
