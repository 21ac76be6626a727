/**
 * The plan's user limit (DESIGN.md sections 4 and 8): active and pending members count, owner
 * included; inactive and removed members do not.
 */
import { planOf } from '../../../domain/plans.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { countSeats, lockOrganization } from './repo.js';

/**
 * Checks that one more seat fits. Call inside the transaction that takes the seat: it locks the
 * organisation's row, so concurrent invitations are counted one after the other.
 * @returns the organisation's name (for the invitation e-mail).
 * @throws AppError 402 SEAT_LIMIT_REACHED naming the plan and its number of users.
 */
export async function takeSeat(tx: Db, organizationId: string): Promise<{ organizationName: string }> {
  const org = await lockOrganization(tx, organizationId);
  const plan = planOf(org.tier);
  const taken = await countSeats(tx, organizationId);
  if (plan.users !== null && taken >= plan.users) {
    const users = `${plan.users} user${plan.users === 1 ? '' : 's'}`;
    throw new AppError(
      'SEAT_LIMIT_REACHED',
      `Your ${plan.name} plan includes up to ${users}, owner included, and all seats are taken. Remove a member or upgrade your plan to add more.`,
      402,
      { limit: plan.users, used: taken },
    );
  }
  return { organizationName: org.name };
}
