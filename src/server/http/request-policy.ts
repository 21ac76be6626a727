/**
 * The request policy (DESIGN.md section 3: every security decision made once, on the route the
 * router matched; docs/decisions/0027 and 0101): one onRequest hook, the first of all, decides
 * in this order
 * 1. `Cache-Control: no-store` on every API answer;
 * 2. the shared-password gate (when APP_ACCESS_PASSWORD is set);
 * 3. the Origin check and the CSRF token on every mutating call.
 *
 * Each decision reads `requestTarget(req)`: the route Fastify matched (`req.routeOptions.url`,
 * which is the same whatever the URL's spelling: `/%61pi/x` matches `/api/x`), or, when only the
 * SPA's wildcard or nothing matched, the path decoded and normalised (percent-decoding, dot
 * segments, repeated slashes, case, trailing slash, absolute-form targets). Never the raw
 * `req.url`. A mutating call needs the Origin check and the token whatever its path (only the
 * routes in SIGNED_ROUTES are exempt), so a spelling the router does not match answers 403
 * rather than reaching a handler.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import { isSameOriginRequest } from './request-guards.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The wildcard that serves the built SPA's files; not a decision of its own (the path decides). */
const SPA_WILDCARD = '/*';

/**
 * Routes the gate lets through ('METHOD /route', HEAD as GET): what the gate page needs (its own
 * call, the CSRF token, the sign-in options) and the payment provider's webhook, which carries
 * no cookie and is authenticated by its signature (DESIGN.md section 10).
 */
export const GATE_OPEN_ROUTES: ReadonlySet<string> = new Set([
  'POST /api/verify-password',
  'GET /api/auth/csrf',
  'GET /api/auth/options',
  'POST /api/billing/webhook',
]);

/** Mutating routes authenticated by a signature over their body instead of a cookie: no Origin check, no CSRF token. */
export const SIGNED_ROUTES: ReadonlySet<string> = new Set(['POST /api/billing/webhook']);

/** What the policy decides on. */
export interface RequestTarget {
  /** 'METHOD /route' of the matched route (HEAD as GET); undefined when only the SPA wildcard or nothing matched. */
  route: string | undefined;
  /** The path decoded and normalised, lower-case (e.g. `/api/products/import`); used when `route` is undefined. */
  readonly path: string;
  /** True for the API: a matched route under /api/, or a path that reads as /api/... however it is spelled. */
  api: boolean;
}

/**
 * The path of a request-target as a lenient router would read it: the path of an absolute-form
 * target, query and fragment dropped, percent-decoding repeated until stable (at most 3 times),
 * backslashes as slashes, empty and `.` segments dropped, `..` resolved, no trailing slash,
 * lower-case. Only for classifying; never used to route.
 */
export function normalisedPath(requestTarget: string): string {
  let path = requestTarget;
  if (!path.startsWith('/')) {
    try {
      path = new URL(path).pathname;
    } catch {
      path = `/${path}`;
    }
  }
  path = path.split(/[?#]/, 1)[0]!;
  for (let i = 0; i < 3; i++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      break;
    }
    if (decoded === path) break;
    path = decoded;
  }
  const segments: string[] = [];
  for (const segment of path.split(/[/\\]/)) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`.toLowerCase();
}

/** The request's target for the policy (see RequestTarget). */
export function requestTarget(req: FastifyRequest): RequestTarget {
  const url = req.routeOptions.url;
  if (url !== undefined && url !== SPA_WILDCARD) {
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    // The path is worked out only when asked for: a matched route decides by its own URL.
    return {
      route: `${method} ${url}`,
      get path() {
        return normalisedPath(req.url);
      },
      api: url.startsWith('/api/'),
    };
  }
  const path = normalisedPath(req.url);
  return { route: undefined, path, api: path === '/api' || path.startsWith('/api/') };
}

/** Paths the gate lets through without a route of its own: the gate page and static files. */
function isOpenPage(target: RequestTarget): boolean {
  if (target.api) return false;
  if (target.path === '/password' || target.path.startsWith('/assets/')) return true;
  // Static files (favicon.svg, robots.txt); client-side routes have no dot.
  return /\/[^/]+\.[a-z0-9]+$/.test(target.path);
}

/** The gate's part of the policy, given by the gate feature (features/auth/access-gate.ts). */
export interface GatePolicy {
  /** True when the request carries a valid grant. */
  hasGrant(req: FastifyRequest): boolean;
  /** Answers a request without a grant (401 for the API, a redirect to /password for a page). */
  refuse(req: FastifyRequest, reply: FastifyReply, target: RequestTarget): FastifyReply;
}

/**
 * Installs the one policy hook; call before any other hook and route.
 * @param gate the password gate, or undefined when APP_ACCESS_PASSWORD is unset.
 * Errors: 403 CROSS_ORIGIN (foreign Origin), 403 CSRF (token missing or stale, from the error
 * handler), the gate's 401 ACCESS_PASSWORD_REQUIRED.
 */
export function installRequestPolicy(app: FastifyInstance, config: Config, gate: GatePolicy | undefined): void {
  app.addHook('onRequest', async (req, reply) => {
    const target = requestTarget(req);
    // API answers are per user: no browser or proxy may keep them.
    if (target.api) reply.header('cache-control', 'no-store');

    if (gate && !(target.route !== undefined && GATE_OPEN_ROUTES.has(target.route)) && !isOpenPage(target) && !gate.hasGrant(req)) {
      return gate.refuse(req, reply, target);
    }

    if (SAFE_METHODS.has(req.method) || (target.route !== undefined && SIGNED_ROUTES.has(target.route))) return;
    if (!isSameOriginRequest(req, config.publicUrl)) {
      throw new AppError('CROSS_ORIGIN', 'This request came from another site and was refused.', 403);
    }
    // The plugin's check is synchronous: it calls back on success, else sends its 403 itself.
    let tokenValid = false;
    app.csrfProtection(req, reply, () => {
      tokenValid = true;
    });
    if (!tokenValid) return reply;
  });
}
