/**
 * Invitation acceptance (spec part 2 "Invitation acceptance screen", sections 5 and 7;
 * DESIGN.md section 8): `GET /api/team/invite/{token}` shows what the invitation offers and
 * `POST /api/team/accept-invite/{token}` takes the names and either a password (the member
 * becomes active and is signed in) or the external account (names kept, then
 * `/api/login?invite={token}` binds the provider's account). An unknown, used, resent or expired
 * token is 404 alike.
 */
import { and, eq } from 'drizzle-orm';
import type { AcceptInviteBody, InvitationLookup } from '../../../contracts/team.js';
import { roleSchema } from '../../../contracts/auth.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { organizations, users } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { hashPassword } from '../../auth/passwords.js';
import { createSession } from '../../auth/sessions.js';
import { findPendingInvitation, hashInviteToken } from './invite-token.js';

const invitationNotFound = () => notFound('Invitation');

/** @throws AppError 404 NOT_FOUND for an unknown, used, resent or expired token. */
export async function lookupInvitation(db: Db, config: Pick<Config, 'oidc'>, token: string): Promise<InvitationLookup> {
  const invitation = await findPendingInvitation(db, token);
  if (!invitation) throw invitationNotFound();
  const [org] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, invitation.organizationId));
  return {
    email: invitation.email,
    role: roleSchema.catch('viewer').parse(invitation.role),
    inviteExpiresAt: invitation.inviteExpiresAt.toISOString(),
    organizationName: org!.name,
    firstName: invitation.firstName,
    lastName: invitation.lastName,
    externalSignIn: config.oidc ? { providerName: config.oidc.providerName } : null,
  };
}

export type AcceptInviteOutcome =
  /** Password method: the member is active; `sessionToken` goes in the session cookie. */
  | { kind: 'signed-in'; sessionToken: string }
  /** External method: send the browser to `redirectTo`. */
  | { kind: 'redirect'; redirectTo: string };

/**
 * @throws AppError 404 for an unknown, used, resent or expired token; 400
 *   EXTERNAL_SIGN_IN_UNAVAILABLE for the external method when no provider is configured.
 */
export async function acceptInvite(opts: { db: Db; config: Pick<Config, 'oidc'>; token: string; body: AcceptInviteBody }): Promise<AcceptInviteOutcome> {
  const { db, token, body } = opts;
  const invitation = await findPendingInvitation(db, token);
  if (!invitation) throw invitationNotFound();
  // Guarded by the token hash and status, so two acceptances at once cannot both succeed.
  const stillPending = and(eq(users.id, invitation.id), eq(users.inviteTokenHash, hashInviteToken(token)), eq(users.status, 'pending'));

  if (body.authMethod === 'replit') {
    if (!opts.config.oidc) {
      throw new AppError('EXTERNAL_SIGN_IN_UNAVAILABLE', 'External sign-in is not configured here. Choose a password instead.', 400);
    }
    await db.update(users).set({ firstName: body.firstName, lastName: body.lastName }).where(stillPending);
    return { kind: 'redirect', redirectTo: `/api/login?invite=${encodeURIComponent(token)}` };
  }

  const passwordHash = await hashPassword(body.password!);
  const accepted = await db
    .update(users)
    .set({
      firstName: body.firstName,
      lastName: body.lastName,
      passwordHash,
      status: 'active',
      inviteTokenHash: null,
      inviteExpiresAt: null,
      lastLoginAt: new Date(),
    })
    .where(stillPending)
    .returning({ id: users.id });
  if (accepted.length === 0) throw invitationNotFound();
  return { kind: 'signed-in', sessionToken: await createSession(db, invitation.id) };
}
