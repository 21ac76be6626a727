/**
 * The security headers of every answer (DESIGN.md section 3: helmet's, with the app's
 * Content-Security-Policy), worked out once at start rather than on every request
 * (docs/decisions/0167). @fastify/helmet builds helmet's middleware for each request, parsing the
 * CSP directives again each time; the app's headers depend only on its configuration (no CSP
 * nonces, no route of its own options), so they are read once from @fastify/helmet itself, with
 * the same options, on a probe request, and set by one synchronous hook.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';

/** Header names Fastify or Node set on every answer, helmet or not: not helmet's. */
const NOT_HELMETS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * The headers @fastify/helmet sets with `options` on an answer (lower-case name to value), read
 * from one request to a throwaway Fastify instance. Options that make the headers differ per
 * request (`enableCSPNonces`) or per route are refused.
 * @throws Error for `enableCSPNonces` or a header helmet sets more than once.
 */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Readonly<Record<string, string>>> {
  if ((options as { enableCSPNonces?: boolean }).enableCSPNonces) throw new Error('CSP nonces differ per request: not computable once');
  const probe = Fastify({ logger: false });
  try {
    await probe.register(helmet, options);
    probe.get('/', (_req, reply) => reply.send(''));
    const res = await probe.inject({ method: 'GET', url: '/' });
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.headers)) {
      if (NOT_HELMETS.has(name) || value === undefined) continue;
      if (typeof value !== 'string') throw new Error(`helmet sets ${name} more than once`);
      headers[name] = value;
    }
    return Object.freeze(headers);
  } finally {
    await probe.close();
  }
}

/**
 * Installs one synchronous onRequest hook that sets `headers` on every answer (API, files, the
 * 404s), on the raw response as helmet does, so that streamed answers (reports' downloads) carry
 * them too. Call where helmet was registered: before every other hook.
 */
export function installSecurityHeaders(app: FastifyInstance, headers: Readonly<Record<string, string>>): void {
  const entries = Object.entries(headers);
  app.addHook('onRequest', (_req, reply, done) => {
    const raw = reply.raw;
    for (let i = 0; i < entries.length; i += 1) raw.setHeader(entries[i]![0], entries[i]![1]);
    done();
  });
}
