/**
 * Route guards (DESIGN.md section 3). Every route but sign-in/up calls one of these first:
 * `requireUser` answers 401 for a signed-out request; `requireWriter` also answers 403 for a
 * viewer (read-only role). Organisation scoping uses `user.organizationId` from the session,
 * never an id sent by the client.
 */
import type { FastifyRequest } from 'fastify';
import type { CurrentUser, Role } from '../../contracts/auth.js';
import { AppError } from '../errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the session hook in app.ts when the request carries a valid session. */
    user: CurrentUser | null;
    /**
     * The organisation's catalogue version, read with the session by one statement on routes
     * whose config has `catalogueVersion: true` (CatalogueVersionRouteConfig,
     * docs/decisions/0154); null on other routes and when signed out.
     */
    catalogueVersion: number | null;
  }
}

/** Route config asking the session hook to read the catalogue version with the session. */
export interface CatalogueVersionRouteConfig {
  catalogueVersion?: boolean;
}

/** @throws AppError 401 UNAUTHORIZED when signed out. */
export function requireUser(req: FastifyRequest): CurrentUser {
  if (!req.user) throw new AppError('UNAUTHORIZED', 'Unauthorized', 401);
  return req.user;
}

const WRITER_ROLES: ReadonlySet<Role> = new Set(['owner', 'admin', 'member']);

/** @throws AppError 401 when signed out, 403 FORBIDDEN for a viewer. */
export function requireWriter(req: FastifyRequest): CurrentUser {
  const user = requireUser(req);
  if (!WRITER_ROLES.has(user.role)) {
    throw new AppError('FORBIDDEN', 'Your role is read-only: ask an admin for access.', 403);
  }
  return user;
}
