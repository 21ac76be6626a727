/**
 * The shared-password gate (spec part 2 "Password gate screen", sections 5, 7, 8; DESIGN.md
 * section 8), active only when APP_ACCESS_PASSWORD is set. It stands in front of everything but
 * `/password`, `POST /api/verify-password`, the public `GET /api/auth/csrf` and
 * `GET /api/auth/options`, the signed payment webhook and static files (the request policy,
 * src/server/http/request-policy.ts, decides which on the matched route): a page navigation goes
 * to `/password`, an API call answers 401 `ACCESS_PASSWORD_REQUIRED`.
 *
 * The right password sets a signed, httpOnly cookie for 30 days whose value is the issue time
 * and an HMAC of it under the session secret and the password: changing the password (or the
 * secret) locks every browser out again. The comparison is constant-time and rate limited.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { verifyPasswordBodySchema } from '../../../contracts/auth.js';
import type { Config } from '../../config.js';
import type { GatePolicy, RequestTarget } from '../../http/request-policy.js';

export const ACCESS_COOKIE = 'stocktally_access';
export const ACCESS_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

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

function wantsPage(req: FastifyRequest): boolean {
  return req.method === 'GET' && (req.headers['sec-fetch-mode'] === 'navigate' || /text\/html/.test(req.headers.accept ?? ''));
}

/**
 * The gate's part of the request policy (src/server/http/request-policy.ts, which decides which
 * routes and paths stand in front of it), or undefined without APP_ACCESS_PASSWORD.
 */
export function accessGatePolicy(config: Config): GatePolicy | undefined {
  if (!config.appAccessPassword) return undefined;
  return {
    hasGrant: (req) => hasGrant(req, config),
    refuse(req: FastifyRequest, reply: FastifyReply, target: RequestTarget) {
      if (!target.api || wantsPage(req)) return reply.redirect('/password');
      return reply.status(401).send({ error: 'ACCESS_PASSWORD_REQUIRED', message: 'Access password required' });
    },
  };
}

/**
 * Declares `POST /api/verify-password`; it answers `success: true` to anything without
 * APP_ACCESS_PASSWORD.
 */
export async function accessGateRoutes(app: FastifyInstance, config: Config): Promise<void> {
  const password = config.appAccessPassword;
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
