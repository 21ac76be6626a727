/**
 * Inviting a member (spec part 2 "Team Members screen", section 7 `POST /api/team/invite`;
 * DESIGN.md section 8): a pending member with a fresh token, within the plan's seats, then the
 * e-mail (or, without SMTP, the link back to the inviter).
 */
import type { CurrentUser } from '../../../contracts/auth.js';
import type { InvitationSent, InviteMemberBody } from '../../../contracts/team.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Mailer } from '../../mail/mailer.js';
import { newInviteToken } from './invite-token.js';
import { sendInvitation } from './invitation-mail.js';
import { displayNameOf, findMember, organizationOfEmail } from './repo.js';
import { takeSeat } from './seat-limit.js';
import { isUniqueViolation } from '../../db/unique-violation.js';

export interface InviteMemberOptions {
  db: Db;
  mailer: Mailer;
  actor: CurrentUser;
  body: InviteMemberBody;
  /** Origin of the acceptance link (PUBLIC_URL or the request's). */
  baseUrl: string;
}

function emailTaken(sameOrganization: boolean): AppError {
  return sameOrganization
    ? new AppError('ALREADY_MEMBER', 'This email address is already a member of your team.', 409)
    : new AppError('EMAIL_TAKEN', 'This email address already has a StockTally account.', 409);
}

/**
 * @throws AppError 409 ALREADY_MEMBER / EMAIL_TAKEN for an address that has an account,
 *   402 SEAT_LIMIT_REACHED past the plan's users.
 */
export async function inviteMember({ db, mailer, actor, body, baseUrl }: InviteMemberOptions): Promise<InvitationSent> {
  const invite = newInviteToken();
  const { id, organizationName } = await db
    .transaction(async (tx) => {
      const existing = await organizationOfEmail(tx, body.email);
      if (existing) throw emailTaken(existing === actor.organizationId);
      const seat = await takeSeat(tx, actor.organizationId);
      const [row] = await tx
        .insert(users)
        .values({
          organizationId: actor.organizationId,
          email: body.email,
          firstName: body.firstName ?? null,
          lastName: body.lastName ?? null,
          role: body.role,
          status: 'pending',
          inviteTokenHash: invite.hash,
          inviteExpiresAt: invite.expiresAt,
          invitedBy: actor.id,
        })
        .returning({ id: users.id });
      return { id: row!.id, organizationName: seat.organizationName };
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) throw emailTaken(false);
      throw err;
    });
  const member = (await findMember(db, actor.organizationId, id))!;
  return sendInvitation(mailer, member, {
    to: body.email,
    token: invite.token,
    baseUrl,
    organizationName,
    inviterName: await displayNameOf(db, actor.id),
    role: body.role,
    expiresAt: invite.expiresAt,
  });
}
