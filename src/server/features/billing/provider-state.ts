/**
 * The tier an organisation has paid for, read back from the provider (DESIGN.md sections 4, 10):
 * the webhook and `update-subscription` both apply the subscription's current state, never the
 * content of an event or a request body, so events may arrive in any order or twice.
 */
import type Stripe from 'stripe';
import { PAID_TIERS, type PaidTier } from '../../../domain/plans.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { saveTier, type BillingAccount } from './repo.js';

/** Subscription states that keep the plan (payment retries included); the others mean free. */
const LIVE_STATUSES: ReadonlySet<Stripe.Subscription.Status> = new Set(['active', 'trialing', 'past_due']);

export interface ProviderState {
  tier: 'free' | PaidTier;
  /** The live subscription the tier comes from; null on free. */
  subscriptionId: string | null;
}

/**
 * Reads the customer's subscriptions and answers the highest tier a live one pays for (prices
 * not configured on this server buy nothing).
 */
export async function readProviderState(stripe: Stripe, config: Config, customerId: string): Promise<ProviderState> {
  const { data } = await stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 });
  let best: ProviderState = { tier: 'free', subscriptionId: null };
  for (const subscription of data) {
    if (!LIVE_STATUSES.has(subscription.status)) continue;
    for (const item of subscription.items.data) {
      const tier = PAID_TIERS.find((t) => config.stripe.prices[t] === item.price.id);
      if (tier && (best.tier === 'free' || PAID_TIERS.indexOf(tier) > PAID_TIERS.indexOf(best.tier))) {
        best = { tier, subscriptionId: subscription.id };
      }
    }
  }
  return best;
}

/**
 * Applies the provider's state to the organisation. An enterprise organisation was set by the
 * operator (`npm run set-tier`) and is left alone.
 * @returns the tier the organisation has afterwards.
 */
export async function applyProviderState(db: Db, account: BillingAccount, state: ProviderState): Promise<string> {
  if (account.tier === 'enterprise') return account.tier;
  await saveTier(db, account.id, state.tier, state.subscriptionId);
  return state.tier;
}
