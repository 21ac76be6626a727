/**
 * The operator's tier change (DESIGN.md sections 4, 10; `npm run set-tier -- EMAIL TIER`): the
 * only way to the enterprise tier, and a way to correct any organisation's plan by hand. A later
 * verified webhook of the organisation's provider customer re-applies the paid state, except on
 * enterprise, which the webhook leaves alone.
 */
import { subscriptionTierSchema, type SubscriptionTier } from '../../../contracts/auth.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { organizationOfEmail, saveTierOnly } from './repo.js';

/**
 * Sets the tier of the organisation of the account with `email`.
 * @returns the organisation and its tier before and after.
 * @throws AppError 400 UNKNOWN_TIER naming the tiers; 404 NOT_FOUND for an e-mail of no account.
 */
export async function setTier(db: Db, email: string, tier: string): Promise<{ organizationId: string; from: string; to: SubscriptionTier }> {
  const to = parseTier(tier);
  const org = await organizationOfEmail(db, email);
  if (!org) throw new AppError('NOT_FOUND', `No account with the e-mail '${email.trim()}'.`, 404);
  await saveTierOnly(db, org.organizationId, to);
  return { organizationId: org.organizationId, from: org.tier, to };
}

/** @throws AppError 400 UNKNOWN_TIER naming the tiers. */
export function parseTier(tier: string): SubscriptionTier {
  const parsed = subscriptionTierSchema.safeParse(tier.trim().toLowerCase());
  if (!parsed.success) {
    throw new AppError('UNKNOWN_TIER', `Unknown tier '${tier}': use one of ${subscriptionTierSchema.options.join(', ')}.`, 400);
  }
  return parsed.data;
}
