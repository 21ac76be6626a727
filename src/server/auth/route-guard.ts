/**
 * The one role guard (DESIGN.md section 8): every route Fastify registers gets, before its
 * handler and before its body is read, a check against its declaration in ./route-roles.ts:
 * 'public' passes; otherwise signed out answers 401 and a role not admitted 403. A route with no
 * declaration answers 403 to everyone (fail closed) and is logged at start.
 */
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../errors.js';
import { accessOf, type RouteAccess } from './route-roles.js';

/** One registered route and its declaration (undefined = undeclared). */
export interface RouteDeclaration {
  method: string;
  url: string;
  access: RouteAccess | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered so far with its role declaration, in registration order. */
    routeDeclarations: RouteDeclaration[];
  }
}

function guardFor(method: string, url: string, access: RouteAccess | undefined): onRequestAsyncHookHandler {
  return async (req) => {
    if (access === 'public') return;
    if (access === undefined) {
      throw new AppError('ROUTE_NOT_DECLARED', `${method} ${url} has no role declaration.`, 403);
    }
    const user = req.user;
    if (!user) throw new AppError('UNAUTHORIZED', 'Unauthorized', 401);
    if (!access.includes(user.role)) {
      throw new AppError(
        'FORBIDDEN',
        user.role === 'viewer' ? 'Your role is read-only: ask an admin for access.' : `Your role (${user.role}) cannot do this: ask an admin for access.`,
        403,
      );
    }
  };
}

/** Installs the guard; call before any route is registered. */
export function installRouteGuard(app: FastifyInstance): void {
  const declarations: RouteDeclaration[] = [];
  app.decorate('routeDeclarations', declarations);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const hooks: onRequestAsyncHookHandler[] = [];
    for (const method of methods) {
      const access = accessOf(method, route.url);
      declarations.push({ method, url: route.url, access });
      if (access === undefined) app.log.error(`${method} ${route.url} has no role declaration in src/server/auth/route-roles.ts: it answers 403`);
      hooks.push(guardFor(method, route.url, access));
    }
    const guard: onRequestAsyncHookHandler =
      hooks.length === 1 ? hooks[0]! : async function (req, reply) {
        await hooks[methods.indexOf(req.method)]!.call(this, req, reply);
      };
    const existing = route.onRequest;
    route.onRequest = [guard, ...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing])];
  });
}
