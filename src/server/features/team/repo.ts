/**
 * Team SQL (DESIGN.md section 8). Every query is scoped to one organisation; a removed member
 * (status 'removed', kept so their audits stay attributed by name) is invisible here.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { organizations, sessions, users } from '../../db/schema.js';
import type { TeamMember } from '../../../contracts/team.js';
import { memberStatusSchema } from '../../../contracts/team.js';
import { roleSchema } from '../../../contracts/auth.js';

/** Status of a member taken off the team (never listed, never signs in). */
export const REMOVED_STATUS = 'removed';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const memberColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  status: users.status,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
  inviteExpiresAt: users.inviteExpiresAt,
};

interface MemberRow {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: string;
  status: string;
  lastLoginAt: Date | null;
  createdAt: Date;
  inviteExpiresAt: Date | null;
}

/** A users row as the API shows it (dates ISO 8601). */
export function toTeamMember(row: MemberRow): TeamMember {
  const status = memberStatusSchema.catch('inactive').parse(row.status);
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: roleSchema.catch('viewer').parse(row.role),
    status,
    lastLoginAt: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    inviteExpiresAt: status === 'pending' && row.inviteExpiresAt ? row.inviteExpiresAt.toISOString() : null,
  };
}

/** The organisation's members: the owner first, then by when they joined or were invited. */
export async function listMembers(db: Db, organizationId: string): Promise<TeamMember[]> {
  const rows = await db
    .select(memberColumns)
    .from(users)
    .where(and(eq(users.organizationId, organizationId), ne(users.status, REMOVED_STATUS)))
    .orderBy(sql`${users.role} = 'owner' desc`, asc(users.createdAt), asc(users.email));
  return rows.map(toTeamMember);
}

/** One member of the organisation, or null (unknown id, not a uuid, another organisation's, removed). */
export async function findMember(db: Db, organizationId: string, id: string): Promise<TeamMember | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db
    .select(memberColumns)
    .from(users)
    .where(and(eq(users.id, id), eq(users.organizationId, organizationId), ne(users.status, REMOVED_STATUS)))
    .limit(1);
  return row ? toTeamMember(row) : null;
}

/**
 * Locks the organisation's row until the transaction ends, so that two invitations at once cannot
 * both take the last seat; answers its tier and name.
 */
export async function lockOrganization(db: Db, organizationId: string): Promise<{ tier: string; name: string }> {
  const [org] = await db
    .select({ tier: organizations.subscriptionTier, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
  return org!;
}

/** Seats taken: active and pending members, owner included (DESIGN.md section 8). */
export async function countSeats(db: Db, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), inArray(users.status, ['active', 'pending'])));
  return row!.n;
}

/** The organisation of the user with this e-mail (any organisation, any status), or null. */
export async function organizationOfEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await db.select({ organizationId: users.organizationId }).from(users).where(eq(users.email, email)).limit(1);
  return row?.organizationId ?? null;
}

/** Signs the user out everywhere (removal, made inactive). */
export async function deleteSessionsOf(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Display name of a user for e-mails ('First Last', else the e-mail). */
export async function displayNameOf(db: Db, userId: string): Promise<string> {
  const [row] = await db.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, userId));
  if (!row) return 'Your team';
  return [row.firstName, row.lastName].filter(Boolean).join(' ') || row.email;
}
