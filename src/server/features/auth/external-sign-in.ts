/**
 * Which StockTally account an external (OpenID Connect) identity signs in as
 * (DESIGN.md section 8; the rule is docs/decisions/0025-external-sign-in-accounts.md):
 *
 * 1. With an invitation (`/api/login?invite={token}`): the pending member of that token is bound
 *    to the identity, activated and signed in (the token is spent).
 * 2. An account already bound to (issuer, subject) signs in, when active.
 * 3. Else, only when the provider marks the e-mail verified: an active account with that e-mail
 *    and no external identity yet is bound to it; an unknown e-mail starts a new organisation
 *    with this person as owner (like sign-up). An e-mail the provider does not vouch for is
 *    never used to find or create an account.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { OidcIdentity } from '../../auth/oidc.js';
import type { SubscriptionTier } from '../../../contracts/auth.js';
import { findPendingInvitation } from '../team/invite-token.js';
import { createOrganizationWithOwner } from './service.js';

/** The answer for an unknown, used or expired invitation (spec part 2 section 8 "Team"). */
export const INVALID_INVITATION_MESSAGE =
  'This invitation is invalid or has expired. Please contact the person who invited you for a new invitation.';

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', 'Invalid credentials', 401);

/**
 * Resolves (and where the rule says so, binds or creates) the account of `identity`.
 * @returns the id of the active user to sign in.
 * @throws AppError 404 INVITATION_NOT_FOUND (bad invitation), 409 OIDC_ACCOUNT_IN_USE (identity
 *   bound to someone else while accepting), 401 INVALID_CREDENTIALS (inactive account),
 *   403 OIDC_EMAIL_UNVERIFIED (no account and no verified e-mail to start one with),
 *   409 INVITATION_PENDING (the e-mail's account is an invitation not yet accepted).
 */
export async function resolveExternalAccount(
  db: Db,
  identity: OidcIdentity,
  options: { inviteToken?: string; tier: SubscriptionTier; providerName: string },
): Promise<string> {
  return db.transaction(async (tx) => {
    const [bound] = await tx
      .select({ id: users.id, status: users.status })
      .from(users)
      .where(and(eq(users.oidcIssuer, identity.issuer), eq(users.oidcSubject, identity.subject)))
      .limit(1);

    if (options.inviteToken !== undefined) {
      const member = await findPendingInvitation(tx, options.inviteToken);
      if (!member) throw new AppError('INVITATION_NOT_FOUND', INVALID_INVITATION_MESSAGE, 404);
      if (bound) {
        throw new AppError('OIDC_ACCOUNT_IN_USE', `This ${options.providerName} account already belongs to another StockTally user.`, 409);
      }
      await tx
        .update(users)
        .set({
          status: 'active',
          inviteTokenHash: null,
          inviteExpiresAt: null,
          oidcIssuer: identity.issuer,
          oidcSubject: identity.subject,
          firstName: member.firstName ?? identity.firstName ?? null,
          lastName: member.lastName ?? identity.lastName ?? null,
          lastLoginAt: new Date(),
        })
        .where(eq(users.id, member.id));
      return member.id;
    }

    if (bound) {
      if (bound.status !== 'active') throw invalidCredentials();
      await tx.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, bound.id));
      return bound.id;
    }

    if (!identity.email || !identity.emailVerified) {
      throw new AppError(
        'OIDC_EMAIL_UNVERIFIED',
        `Your ${options.providerName} account has no verified e-mail address, so no StockTally account can be found or created for it.`,
        403,
      );
    }

    const [byEmail] = await tx
      .select({ id: users.id, status: users.status, oidcSubject: users.oidcSubject })
      .from(users)
      .where(eq(users.email, identity.email))
      .limit(1);
    if (byEmail) {
      if (byEmail.status === 'pending') {
        throw new AppError('INVITATION_PENDING', 'You have a pending invitation: open the link in the invitation e-mail to join.', 409);
      }
      if (byEmail.status !== 'active' || byEmail.oidcSubject !== null) throw invalidCredentials();
      await tx
        .update(users)
        .set({ oidcIssuer: identity.issuer, oidcSubject: identity.subject, lastLoginAt: new Date() })
        .where(eq(users.id, byEmail.id));
      return byEmail.id;
    }

    const displayName = identity.firstName ?? identity.email.split('@')[0]!;
    return createOrganizationWithOwner(tx, {
      organizationName: `${displayName}'s Organisation`,
      tier: options.tier,
      email: identity.email,
      passwordHash: null,
      firstName: identity.firstName ?? null,
      lastName: identity.lastName ?? null,
      oidcIssuer: identity.issuer,
      oidcSubject: identity.subject,
    });
  });
}
