/**
 * The Fastify application: plugins, the session hook, CSRF protection, the one error handler,
 * the feature routes and the SPA. `buildApp(deps)` is what main.ts serves and what tests drive
 * through `app.inject` (DESIGN.md section 1).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import csrf from '@fastify/csrf-protection';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { ZodError } from 'zod';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { AppError } from './errors.js';
import { SESSION_COOKIE, userForSession } from './auth/sessions.js';
import { authRoutes } from './features/auth/routes.js';
import { productRoutes } from './features/products/routes.js';
import { auditRoutes } from './features/audits/routes.js';
import { billingRoutes } from './features/billing/routes.js';
import { productFilterRoutes } from './features/products/filter-routes.js';
import { dashboardRoutes } from './features/dashboard/routes.js';

export interface AppDeps {
  db: Db;
  config: Config;
  /** Directory of the built SPA (dist/web); absent or missing = API only. */
  webDir?: string;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const defaultWebDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');

/** Builds the app (not listening). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: true,
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: { 'img-src': ["'self'", 'data:', 'blob:'] },
    },
  });
  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(csrf, {
    cookieOpts: { signed: true, httpOnly: true, sameSite: 'lax', path: '/', secure: config.secureCookies },
  });
  await app.register(rateLimit, { global: false });
  await app.register(multipart, {
    limits: { fileSize: config.maxUploadBytes, files: 50, fields: 200, fieldSize: 1024 * 1024 },
  });

  app.decorateRequest('user', null);
  app.addHook('onRequest', async (req) => {
    req.user = await userForSession(deps.db, req.cookies[SESSION_COOKIE]);
  });
  // Every mutating API call carries the CSRF token (x-csrf-token) that GET /api/auth/csrf hands out.
  app.addHook('onRequest', (req, reply, done) => {
    if (SAFE_METHODS.has(req.method) || !req.url.startsWith('/api/')) return done();
    app.csrfProtection(req, reply, done);
  });

  app.setErrorHandler((err: FastifyError | AppError | ZodError, req, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send({ error: err.code, message: err.message, details: err.details });
    }
    if (err instanceof ZodError) {
      const issue = err.issues[0]!;
      const field = issue.path.join('.');
      return reply
        .status(400)
        .send({ error: 'INVALID_REQUEST', message: field ? `${field}: ${issue.message}` : issue.message, details: err.issues });
    }
    const status = (err as FastifyError).statusCode ?? 500;
    if (err.code === 'FST_REQ_FILE_TOO_LARGE') {
      const mb = Math.round(config.maxUploadBytes / 1024 / 1024);
      return reply.status(413).send({ error: 'FILE_TOO_LARGE', message: `File is larger than the upload limit of ${mb} MB.` });
    }
    if (err.code === 'FST_CSRF_INVALID_TOKEN' || err.code === 'FST_CSRF_MISSING_SECRET') {
      return reply.status(403).send({ error: 'CSRF', message: 'Your session form token is missing or stale. Reload the page and try again.' });
    }
    if (status < 500) {
      return reply.status(status).send({ error: err.code ?? 'BAD_REQUEST', message: err.message });
    }
    req.log.error(err);
    return reply.status(500).send({ error: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' });
  });

  await app.register(async (api) => authRoutes(api, deps));
  await app.register(async (api) => productRoutes(api, deps));
  await app.register(async (api) => auditRoutes(api, deps));
  await app.register(async (api) => billingRoutes(api, deps));
  await app.register(async (api) => productFilterRoutes(api, deps));
  await app.register(async (api) => dashboardRoutes(api, deps));

  const webDir = deps.webDir ?? defaultWebDir;
  const haveWeb = existsSync(path.join(webDir, 'index.html'));
  if (haveWeb) {
    // wildcard: files are looked up per request, so a rebuilt SPA is served without a restart.
    await app.register(fastifyStatic, { root: webDir, wildcard: true, index: 'index.html' });
  }
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.url.startsWith('/assets/') || req.method !== 'GET' || !haveWeb) {
      return reply.status(404).send({ error: 'NOT_FOUND', message: 'Not found' });
    }
    // Client-side routes (the SPA decides what /audits/123 shows, including its 404 page).
    return reply.type('text/html').sendFile('index.html');
  });

  return app;
}
