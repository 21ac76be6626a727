/**
 * The Fastify application: plugins, the session hook, CSRF protection, the one error handler,
 * the feature routes and the SPA. `buildApp(deps)` is what main.ts serves and what tests drive
 * through `app.inject` (DESIGN.md section 1).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import csrf from '@fastify/csrf-protection';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import compress from '@fastify/compress';
import { ZodError } from 'zod';
import { PROJECT_ROOT } from './project-root.js';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { AppError } from './errors.js';
import { SESSION_COOKIE, userAndCatalogueVersionForSession, userForSession } from './auth/sessions.js';
import type { CatalogueVersionRouteConfig } from './auth/guard.js';
import { authRoutes } from './features/auth/routes.js';
import { productRoutes } from './features/products/routes.js';
import { auditRoutes } from './features/audits/routes.js';
import { billingRoutes } from './features/billing/routes.js';
import { productFilterRoutes } from './features/products/filter-routes.js';
import { dashboardRoutes } from './features/dashboard/routes.js';
import { taskRoutes } from './features/tasks/routes.js';
import { countRoutes } from './features/counts/routes.js';
import { teamRoutes } from './features/team/routes.js';
import { installRouteGuard } from './auth/route-guard.js';
import { tagAnalyticsRoutes } from './features/tag-analytics/routes.js';
import { stockRoutes } from './features/stock/routes.js';
import { startTagRebuildWorker } from './features/tag-analytics/tag-rebuild-job.js';
import { startRecomputeWorker } from './features/audits/recompute-job.js';
import { unknownBarcodeRoutes } from './features/unknown-barcodes/routes.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { createInProcessQueue, type JobQueue } from './jobs/job-queue.js';
import { startProcessingWorker } from './features/audits/processing-worker.js';
import { databaseRateLimitStore } from './http/rate-limit-store.js';
import { controlCharacterField, controlCharacterMessage, type ScanValueRouteConfig } from './http/request-guards.js';
import { installJsonBodyParser } from './http/json-body.js';
import { helmetHeaders, installSecurityHeaders } from './http/security-headers.js';
import { installRequestPolicy, normalisedPath, requestTarget } from './http/request-policy.js';
import { accessGatePolicy, accessGateRoutes } from './features/auth/access-gate.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Outgoing e-mail (invitations, task assignments); log-only without SMTP_URL. */
    mailer: Mailer;
  }
}

export interface AppDeps {
  db: Db;
  /** The session lookup's handle (Database.sessionDb, docs/decisions/0173); default `db`. */
  sessionDb?: Db;
  config: Config;
  /** Directory of the built SPA (dist/web); absent or missing = API only. */
  webDir?: string;
  /** Outgoing e-mail; default: `createMailer(config)` over SMTP_URL. */
  mailer?: Mailer;
  /** The job queue (jobs/job-queue.ts): audit processing, tag analytics rebuilds; default: in-process (one server, PGlite). */
  jobs?: JobQueue;
}

const defaultWebDir = path.join(PROJECT_ROOT, 'dist/web');

/** Builds the app (not listening). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: 2 * 1024 * 1024,
    // X-Forwarded-For is believed only from the configured proxies (rate limits key on req.ip).
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // A 100-character tag name in the path is up to 1,200 characters URL-encoded (tag analytics).
    routerOptions: { maxParamLength: 2048 },
  });

  const mailer = deps.mailer ?? createMailer(config, app.log);
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());

  // helmet's headers with the app's Content-Security-Policy, worked out once (decision 0167).
  installSecurityHeaders(
    app,
    await helmetHeaders({
      contentSecurityPolicy: {
        directives: {
          'img-src': ["'self'", 'data:', 'blob:'],
          // The camera's barcode decoder is WebAssembly served by the app itself (DESIGN.md section 14):
          // compiling it needs 'wasm-unsafe-eval', which allows no eval of JavaScript.
          'script-src': ["'self'", "'wasm-unsafe-eval'"],
          // The in-page payment form (/subscribe with STRIPE_PUBLISHABLE_KEY) runs the provider's script and frames.
          ...(config.stripe.publishableKey
            ? {
                'script-src': ["'self'", "'wasm-unsafe-eval'", 'https://js.stripe.com'],
                'frame-src': ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
                'connect-src': ["'self'", 'https://api.stripe.com'],
              }
            : {}),
          // Over plain HTTP on a LAN address the upgrade would break every asset (nothing listens on https).
          'upgrade-insecure-requests': config.publicUrl?.startsWith('https://') ? [] : null,
        },
      },
    }),
  );
  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(csrf, {
    cookieOpts: { signed: true, httpOnly: true, sameSite: 'lax', path: '/', secure: config.secureCookies },
  });
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(deps.db),
    errorResponseBuilder: (_req, ctx) =>
      new AppError('RATE_LIMITED', `Too many attempts from your address. Please wait ${ctx.after} and try again.`, 429),
  });
  await app.register(multipart, {
    limits: { fileSize: config.maxUploadBytes, files: 50, fields: 200, fieldSize: 1024 * 1024 },
  });
  // Answers of 1 KB and more compressed when the client accepts it, API answers and the app's
  // files alike: registered before every route, since it attaches itself to the routes declared
  // after it (docs/decisions/0100). Brotli at a quality that costs milliseconds, not the slow
  // default 11. Request bodies are never decompressed: a small compressed upload must not expand
  // into work the limits did not see. The reports' hijacked streams (audit CSV and Excel exports)
  // bypass it, as before.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    globalDecompression: false,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  });

  // JSON bodies nested past MAX_JSON_DEPTH are refused before they are parsed (decision 0102).
  installJsonBodyParser(app);
  // Before any route: every route gets its role check from src/server/auth/route-roles.ts.
  installRouteGuard(app);
  // No-store, the password gate, the Origin check and the CSRF token: decided once, on the route
  // the router matched (docs/decisions/0101).
  installRequestPolicy(app, config, accessGatePolicy(config));
  await accessGateRoutes(app, config);

  app.decorateRequest('user', null);
  app.decorateRequest('catalogueVersion', null);
  // One statement: the session, with the catalogue version on the routes that ask for it (decision 0154).
  // Through the session lookups' own pool (decision 0173).
  const sessionDb = deps.sessionDb ?? deps.db;
  app.addHook('onRequest', async (req) => {
    const token = req.cookies[SESSION_COOKIE];
    if ((req.routeOptions.config as CatalogueVersionRouteConfig | undefined)?.catalogueVersion === true) {
      const read = await userAndCatalogueVersionForSession(sessionDb, token);
      req.user = read?.user ?? null;
      req.catalogueVersion = read?.catalogueVersion ?? null;
    } else {
      req.user = await userForSession(sessionDb, token);
    }
  });
  // Text with NUL or control characters is refused before any route (PostgreSQL refuses NUL in text).
  app.addHook('preValidation', async (req) => {
    const scanValues = (req.routeOptions.config as ScanValueRouteConfig | undefined)?.scanValues === true;
    const field =
      controlCharacterField(req.query, 'query') ??
      controlCharacterField(req.params, 'params') ??
      controlCharacterField(req.body, 'body', { allowGroupSeparator: scanValues });
    if (field) throw new AppError('INVALID_CHARACTERS', controlCharacterMessage(field), 400);
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
  const jobs = deps.jobs ?? createInProcessQueue();
  await startProcessingWorker(app, deps.db, jobs, config);
  await app.register(async (api) => auditRoutes(api, { ...deps, jobs }));
  await app.register(async (api) => billingRoutes(api, deps));
  await app.register(async (api) => productFilterRoutes(api, deps));
  await app.register(async (api) => dashboardRoutes(api, deps));
  await app.register(async (api) => taskRoutes(api, deps));
  await app.register(async (api) => countRoutes(api, deps));
  await app.register(async (api) => teamRoutes(api, deps));
  await startTagRebuildWorker(app, deps.db, jobs, config);
  await startRecomputeWorker(app, deps.db, jobs, config);
  await app.register(async (api) => unknownBarcodeRoutes(api, { ...deps, jobs }));
  await app.register(async (api) => tagAnalyticsRoutes(api, { ...deps, jobs }));
  await app.register(async (api) => stockRoutes(api, deps));

  const webDir = deps.webDir ?? defaultWebDir;
  const haveWeb = existsSync(path.join(webDir, 'index.html'));
  if (haveWeb) {
    // wildcard: files are looked up per request, so a rebuilt SPA is served without a restart.
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: true,
      index: 'index.html',
      // Assets are content-hashed: cached for good. index.html names them: checked on every visit.
      setHeaders: (res, filePath) => {
        const hashed = filePath.startsWith(path.join(webDir, 'assets') + path.sep);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    if (requestTarget(req).api || normalisedPath(req.url).startsWith('/assets/') || req.method !== 'GET' || !haveWeb) {
      return reply.status(404).send({ error: 'NOT_FOUND', message: 'Not found' });
    }
    // Client-side routes (the SPA decides what /audits/123 shows, including its 404 page).
    return reply.type('text/html').sendFile('index.html');
  });

  return app;
}
