/**
 * The cookies a sign-in and a sign-out set (DESIGN.md section 3; docs/decisions/0001, 0027):
 * the session cookie (httpOnly, SameSite=Lax, Secure behind HTTPS, 30 days) and a fresh CSRF
 * secret, so a CSRF token handed out before sign-in is worthless after it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { SESSION_COOKIE, SESSION_MAX_AGE_SECONDS } from '../../auth/sessions.js';

/** @fastify/csrf-protection's secret cookie (its default `cookieKey`). */
const CSRF_SECRET_COOKIE = '_csrf';

/** Replaces the CSRF secret: tokens made from the old one stop working. */
export function renewCsrfSecret(req: FastifyRequest, reply: FastifyReply): void {
  delete req.cookies[CSRF_SECRET_COOKIE];
  reply.generateCsrf();
}

/** Sets the session cookie of `token` and renews the CSRF secret. */
export function setSignedIn(req: FastifyRequest, reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
  renewCsrfSecret(req, reply);
}

/** Clears the session cookie and renews the CSRF secret. */
export function setSignedOut(req: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  renewCsrfSecret(req, reply);
}
