/**
 * `POST /api/billing/update-subscription` (spec part 2 section 7; DESIGN.md sections 4, 10): the
 * browser's "I am back from checkout". It re-reads the organisation's subscription from the
 * provider and applies that; whatever tier the body names is ignored.
 */
import type Stripe from 'stripe';
import type { SubscriptionStatus } from '../../../contracts/billing.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { applyProviderState, readProviderState } from './provider-state.js';
import { readBillingAccount } from './repo.js';
import { subscriptionStatus } from './subscription-status.js';

/** @returns the subscription status after the re-read (unchanged without a provider customer). */
export async function updateSubscription(opts: { db: Db; config: Config; stripe: Stripe | undefined; organizationId: string }): Promise<SubscriptionStatus> {
  const account = (await readBillingAccount(opts.db, opts.organizationId))!;
  if (opts.stripe && account.stripeCustomerId) {
    await applyProviderState(opts.db, account, await readProviderState(opts.stripe, opts.config, account.stripeCustomerId));
  }
  return subscriptionStatus(opts.db, { organizationId: opts.organizationId });
}
