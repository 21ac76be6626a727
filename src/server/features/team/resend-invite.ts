/**
 * Resending an invitation (spec part 2 section 4: 'Resend Invite is shown for pending members';
 * the call is ours: `POST /api/team/{id}/resend-invite`, docs/decisions/0020). A new token and a
 * new 7-day expiry replace the old ones, so the earlier link stops working.
 */
import { and, eq } from 'drizzle-orm';
import type { CurrentUser } from '../../../contracts/auth.js';
import type { InvitationSent } from '../../../contracts/team.js';
import type { Db } from '../../db/client.js';
import { organizations, users } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import type { Mailer } from '../../mail/mailer.js';
import { newInviteToken } from './invite-token.js';
import { sendInvitation } from './invitation-mail.js';
import { displayNameOf, findMember } from './repo.js';

/**
 * @throws AppError 404 for an unknown member or another organisation's, 409 NOT_PENDING for a
 *   member who already accepted.
 */
export async function resendInvite(opts: { db: Db; mailer: Mailer; actor: CurrentUser; id: string; baseUrl: string }): Promise<InvitationSent> {
  const { db, actor } = opts;
  const member = await findMember(db, actor.organizationId, opts.id);
  if (!member) throw notFound('Team member');
  if (member.status !== 'pending') {
    throw new AppError('NOT_PENDING', 'This member has already accepted the invitation.', 409);
  }
  const invite = newInviteToken();
  await db
    .update(users)
    .set({ inviteTokenHash: invite.hash, inviteExpiresAt: invite.expiresAt, invitedBy: actor.id })
    .where(and(eq(users.id, member.id), eq(users.organizationId, actor.organizationId)));
  const [org] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, actor.organizationId));
  return sendInvitation(opts.mailer, (await findMember(db, actor.organizationId, member.id))!, {
    to: member.email,
    token: invite.token,
    baseUrl: opts.baseUrl,
    organizationName: org!.name,
    inviterName: await displayNameOf(db, actor.id),
    role: member.role,
    expiresAt: invite.expiresAt,
  });
}
