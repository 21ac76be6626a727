/**
 * Database sessions (DESIGN.md sections 2-3): the cookie carries a random 32-byte token, the
 * sessions table its SHA-256, so sessions can be revoked and a database leak exposes none.
 * Cookie: httpOnly, SameSite=Lax, Secure behind HTTPS, 30 days.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/client.js';
import { catalogueVersions, organizations, sessions, users } from '../db/schema.js';
import type { CurrentUser } from '../../contracts/auth.js';
import { roleSchema, subscriptionTierSchema } from '../../contracts/auth.js';

export const SESSION_COOKIE = 'stocktally_session';
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

function tokenId(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Creates a session row for `userId`; returns the token for the cookie. */
export async function createSession(db: Db, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    id: tokenId(token),
    userId,
    expiresAt: new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000),
  });
  // Opportunistic clean-up of this user's expired sessions.
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, new Date())));
  return token;
}

/** The columns of the session lookup: the user and their organisation's name and tier. */
const sessionColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  status: users.status,
  organizationId: users.organizationId,
  organizationName: organizations.name,
  subscriptionTier: organizations.subscriptionTier,
};

/**
 * The session lookup of every request, built once per database and prepared under one name: on
 * the PostgreSQL server each pooled connection parses and plans it once, not per request
 * (docs/decisions/0087). Keyed by the Db object; PGlite runs it as a plain statement.
 */
const sessionLookups = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>();

function prepareSessionLookup(db: Db) {
  return db
    .select(sessionColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('stocktally_user_for_session');
}

/**
 * The same lookup with the organisation's catalogue version (docs/decisions/0131, 0154): the
 * product list's one statement per request. Prepared like the session lookup.
 */
const sessionAndVersionLookups = new WeakMap<Db, ReturnType<typeof prepareSessionAndVersionLookup>>();

function prepareSessionAndVersionLookup(db: Db) {
  return db
    .select({ ...sessionColumns, catalogueVersion: catalogueVersions.version })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .leftJoin(catalogueVersions, eq(catalogueVersions.organizationId, users.organizationId))
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('stocktally_user_for_session_with_catalogue_version');
}

type SessionRow = Awaited<ReturnType<ReturnType<typeof prepareSessionLookup>['execute']>>[number];

/** A stored role or tier this code does not know reads as the least (made once: `.catch` builds a schema). */
const roleOrViewer = roleSchema.catch('viewer');
const tierOrFree = subscriptionTierSchema.catch('free');

/** The active user of a looked-up session row, or null (none, or user not active). */
function activeUser(row: SessionRow | undefined): CurrentUser | null {
  if (!row || row.status !== 'active') return null;
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: roleOrViewer.parse(row.role),
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    // An unknown tier is treated as free (spec part 1 section 6).
    subscriptionTier: tierOrFree.parse(row.subscriptionTier),
  };
}

/** The active user of a session token, or null (unknown, expired, or user not active). */
export async function userForSession(db: Db, token: string | undefined): Promise<CurrentUser | null> {
  if (!token) return null;
  let lookup = sessionLookups.get(db);
  if (!lookup) sessionLookups.set(db, (lookup = prepareSessionLookup(db)));
  const rows = await lookup.execute({ id: tokenId(token), now: new Date().toISOString() });
  return activeUser(rows[0]);
}

/**
 * The active user of a session token (as `userForSession`) and their organisation's catalogue
 * version (0 before its first product; docs/decisions/0131), read by one statement
 * (docs/decisions/0154). Null when there is no active user.
 */
export async function userAndCatalogueVersionForSession(
  db: Db,
  token: string | undefined,
): Promise<{ user: CurrentUser; catalogueVersion: number } | null> {
  if (!token) return null;
  let lookup = sessionAndVersionLookups.get(db);
  if (!lookup) sessionAndVersionLookups.set(db, (lookup = prepareSessionAndVersionLookup(db)));
  const rows = await lookup.execute({ id: tokenId(token), now: new Date().toISOString() });
  const user = activeUser(rows[0]);
  return user ? { user, catalogueVersion: Number(rows[0]!.catalogueVersion ?? 0) } : null;
}

/** Deletes the session of `token` (sign-out). */
export async function deleteSession(db: Db, token: string | undefined): Promise<void> {
  if (!token) return;
  await db.delete(sessions).where(eq(sessions.id, tokenId(token)));
}

/** Sets the session cookie: httpOnly, SameSite=Lax, Secure behind HTTPS, 30 days (DESIGN.md section 3). */
export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: SESSION_MAX_AGE_SECONDS });
}
