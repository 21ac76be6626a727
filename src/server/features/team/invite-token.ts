/**
 * Invitation tokens (DESIGN.md sections 3 and 8): 32 random bytes in base64url, e-mailed once;
 * the database keeps only their SHA-256 (hex) in `users.invite_token_hash`, beside
 * `users.invite_expires_at` (7 days). A token is single use: acceptance clears the hash, and a
 * resend replaces it, so the old link stops working.
 *
 * Both ways of accepting (password here, external sign-in in the auth feature) look a pending
 * member up through `findPendingInvitation`, so an unknown, used, resent or expired token is
 * the same "not found" everywhere.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';

/** How long an invitation link stays valid (DESIGN.md section 8). */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface NewInviteToken {
  /** The secret for the link (43 base64url characters); never stored. */
  token: string;
  /** SHA-256 of `token`, hex: what `users.invite_token_hash` holds. */
  hash: string;
  /** When the link stops working: now + 7 days. */
  expiresAt: Date;
}

/** A fresh invitation token with its stored hash and expiry. */
export function newInviteToken(now: Date = new Date()): NewInviteToken {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashInviteToken(token), expiresAt: new Date(now.getTime() + INVITE_TTL_MS) };
}

/** SHA-256 (hex) of an invitation token, as stored in `users.invite_token_hash`. */
export function hashInviteToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A member waiting on an invitation, as `findPendingInvitation` answers it. */
export interface PendingInvitation {
  id: string;
  organizationId: string;
  email: string;
  role: string;
  firstName: string | null;
  lastName: string | null;
  inviteExpiresAt: Date;
}

/**
 * The pending member whose invitation `token` names, or null when the token is unknown, already
 * used, replaced by a resend, or expired (callers answer 404 alike for each).
 */
export async function findPendingInvitation(db: Db, token: string): Promise<PendingInvitation | null> {
  // A token is 43 base64url characters; anything else cannot match and is not worth a query.
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [row] = await db
    .select({
      id: users.id,
      organizationId: users.organizationId,
      email: users.email,
      role: users.role,
      firstName: users.firstName,
      lastName: users.lastName,
      inviteExpiresAt: users.inviteExpiresAt,
    })
    .from(users)
    .where(and(eq(users.inviteTokenHash, hashInviteToken(token)), eq(users.status, 'pending'), gt(users.inviteExpiresAt, new Date())))
    .limit(1);
  if (!row || !row.inviteExpiresAt) return null;
  return { ...row, inviteExpiresAt: row.inviteExpiresAt };
}
