/**
 * Removing a member (spec part 2 row menu 'Remove', section 7 `DELETE /api/team/{id}`;
 * DESIGN.md section 8). Their sessions end at once. A pending invitation is simply deleted; a
 * member who joined keeps a row with status 'removed' (no e-mail, password or external account,
 * so the address can be invited again), because their audits and tasks stay attributed by name
 * (docs/decisions/0021). The owner cannot be removed.
 */
import { and, eq } from 'drizzle-orm';
import type { CurrentUser } from '../../../contracts/auth.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { REMOVED_STATUS, deleteSessionsOf, findMember } from './repo.js';

/** The e-mail a removed member's row keeps: unique, undeliverable, never a sign-in. */
export function removedEmail(id: string): string {
  return `removed-${id}@removed.invalid`;
}

/** @throws AppError 404 (unknown or another organisation's member), 403 OWNER_PROTECTED. */
export async function removeMember(opts: { db: Db; actor: CurrentUser; id: string }): Promise<void> {
  const { db, actor } = opts;
  const member = await findMember(db, actor.organizationId, opts.id);
  if (!member) throw notFound('Team member');
  if (member.role === 'owner') throw new AppError('OWNER_PROTECTED', 'The account owner cannot be removed.', 403);
  const mine = and(eq(users.id, member.id), eq(users.organizationId, actor.organizationId));
  await db.transaction(async (tx) => {
    await deleteSessionsOf(tx, member.id);
    if (member.status === 'pending') {
      await tx.delete(users).where(mine);
      return;
    }
    await tx
      .update(users)
      .set({
        status: REMOVED_STATUS,
        email: removedEmail(member.id),
        passwordHash: null,
        oidcIssuer: null,
        oidcSubject: null,
        inviteTokenHash: null,
        inviteExpiresAt: null,
      })
      .where(mine);
  });
}
