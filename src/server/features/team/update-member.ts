/**
 * Editing a member (spec part 2 "Edit Team Member dialog", section 7 `PATCH /api/team/{id}`;
 * DESIGN.md section 8). Names, role and active/inactive. The owner is protected: nobody demotes
 * or deactivates them, and only the owner edits the owner. Making a member inactive signs them
 * out at once; making them active again needs a free seat.
 */
import { and, eq } from 'drizzle-orm';
import type { CurrentUser } from '../../../contracts/auth.js';
import type { TeamMember, UpdateMemberBody } from '../../../contracts/team.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { deleteSessionsOf, findMember } from './repo.js';
import { takeSeat } from './seat-limit.js';

function ownerProtected(message: string): AppError {
  return new AppError('OWNER_PROTECTED', message, 403);
}

/** Refuses what nobody may do to the owner (DESIGN.md section 8). */
function checkOwnerEdit(actor: CurrentUser, body: UpdateMemberBody): void {
  if (actor.role !== 'owner') throw ownerProtected("Only the account owner can change the owner's details.");
  if (body.role !== undefined) throw ownerProtected('The account owner cannot be given another role.');
  if (body.status === 'inactive') throw ownerProtected('The account owner cannot be made inactive.');
}

/**
 * @returns the member as it now is.
 * @throws AppError 404 (unknown or another organisation's member), 403 OWNER_PROTECTED,
 *   409 MEMBER_PENDING (status of a member who has not accepted yet), 402 SEAT_LIMIT_REACHED
 *   (reactivating past the plan's users).
 */
export async function updateMember(opts: { db: Db; actor: CurrentUser; id: string; body: UpdateMemberBody }): Promise<TeamMember> {
  const { db, actor, body } = opts;
  const member = await findMember(db, actor.organizationId, opts.id);
  if (!member) throw notFound('Team member');
  if (member.role === 'owner') checkOwnerEdit(actor, body);
  if (member.status === 'pending' && body.status !== undefined) {
    throw new AppError('MEMBER_PENDING', 'This member has not accepted the invitation yet, so their status cannot change. Resend or remove the invitation instead.', 409);
  }
  const changes = {
    ...(body.firstName !== undefined ? { firstName: body.firstName } : {}),
    ...(body.lastName !== undefined ? { lastName: body.lastName } : {}),
    ...(body.role !== undefined && member.role !== 'owner' ? { role: body.role } : {}),
    ...(body.status !== undefined && member.role !== 'owner' ? { status: body.status } : {}),
  };
  await db.transaction(async (tx) => {
    if (member.status === 'inactive' && body.status === 'active') await takeSeat(tx, actor.organizationId);
    if (Object.keys(changes).length > 0) {
      await tx.update(users).set(changes).where(and(eq(users.id, member.id), eq(users.organizationId, actor.organizationId)));
    }
    if (body.status === 'inactive') await deleteSessionsOf(tx, member.id);
  });
  return (await findMember(db, actor.organizationId, member.id))!;
}
