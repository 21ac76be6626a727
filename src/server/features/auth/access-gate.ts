/**
 * The shared-password gate (spec part 2 "Password gate screen", sections 5, 7, 8; DESIGN.md
 * section 8), active only when APP_ACCESS_PASSWORD is set. It stands in front of everything but
 * `/password`, `POST /api/verify-password`, the public `GET /api/auth/csrf` and
 * `GET /api/auth/options`, and static files: a page navigation goes to `/password`, an API call
 * answers 401 `ACCESS_PASSWORD_REQUIRED`.
 *
 * The right password sets a signed, httpOnly cookie for 30 days whose value is the issue time
 * and an HMAC of it under the session secret and the password: changing the password (or the
 * secret) locks every browser out again. The comparison is constant-time and rate limited.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { verifyPasswordBodySchema } from '../../../contracts/auth.js';
import type { Config } from '../../config.js';

export const ACCESS_COOKIE = 'stocktally_access';
export const ACCESS_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

const OPEN_API_PATHS = new Set(['/api/verify-password', '/api/auth/csrf', '/api/auth/options']);

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Constant-time: both sides are hashed to 32 bytes first, so lengths leak nothing either. */
function passwordMatches(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

function grantMac(config: Config, issuedAt: number): string {
  return createHmac('sha256', config.sessionSecret).update(`${issuedAt}:${config.appAccessPassword ?? ''}`).digest('base64url');
}

function grantValue(config: Config, issuedAt: number): string {
  return `${issuedAt}.${grantMac(config, issuedAt)}`;
}

/** True when the request carries a valid, unexpired grant cookie. */
function hasGrant(req: FastifyRequest, config: Config): boolean {
  const signed = req.unsignCookie(req.cookies[ACCESS_COOKIE] ?? '');
  if (!signed.valid || !signed.value) return false;
  const [issued, mac] = signed.value.split('.');
  const issuedAt = Number(issued);
  if (!Number.isSafeInteger(issuedAt) || !mac) return false;
  if (Date.now() / 1000 - issuedAt > ACCESS_MAX_AGE_SECONDS) return false;
  const expected = Buffer.from(grantMac(config, issuedAt));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Paths the gate lets through: the gate page itself and static files (the SPA's code, icons). */
function isOpenPath(req: FastifyRequest): boolean {
  const path = req.url.split('?')[0]!;
  if (path.startsWith('/api/')) return OPEN_API_PATHS.has(path);
  if (path === '/password' || path.startsWith('/assets/')) return true;
  // Static files at the root (favicon.svg, robots.txt); client-side routes have no dot.
  return /\/[^/]+\.[a-z0-9]+$/i.test(path);
}

function wantsPage(req: FastifyRequest): boolean {
  return req.method === 'GET' && (req.headers['sec-fetch-mode'] === 'navigate' || /text\/html/.test(req.headers.accept ?? ''));
}

/**
 * Installs the gate hook (on the root instance, so it covers every route) and
 * `POST /api/verify-password`. Does nothing but answer `success: true` without APP_ACCESS_PASSWORD.
 */
export async function accessGate(app: FastifyInstance, config: Config): Promise<void> {
  const password = config.appAccessPassword;
  if (password) {
    app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
      if (isOpenPath(req) || hasGrant(req, config)) return;
      if (!req.url.startsWith('/api/') || wantsPage(req)) return reply.redirect('/password');
      return reply.status(401).send({ error: 'ACCESS_PASSWORD_REQUIRED', message: 'Access password required' });
    });
  }

  app.post('/api/verify-password', { config: { rateLimit: { max: config.signInAttemptsPerMinute, timeWindow: '1 minute' } } }, async (req, reply) => {
    const body = verifyPasswordBodySchema.parse(req.body);
    if (!password) return { success: true };
    if (!passwordMatches(body.password, password)) {
      return reply.status(401).send({ success: false, error: 'INVALID_ACCESS_PASSWORD', message: 'Invalid password. Please try again.' });
    }
    reply.setCookie(ACCESS_COOKIE, grantValue(config, Math.floor(Date.now() / 1000)), {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.secureCookies,
      signed: true,
      maxAge: ACCESS_MAX_AGE_SECONDS,
    });
    return { success: true };
  });
}
