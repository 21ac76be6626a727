/**
 * `POST /api/billing/create-portal-session` (spec part 2 sections 6, 7; DESIGN.md section 10):
 * the owner of a paid organisation manages payment details, changes or cancels in the provider's
 * billing portal, which returns to /billing.
 */
import type Stripe from 'stripe';
import type { PortalSessionResponse } from '../../../contracts/billing.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { readBillingAccount } from './repo.js';

/** The spec's 'Portal Unavailable' text (part 2 section 8). */
export const PORTAL_UNAVAILABLE = 'Customer portal is not configured. Please contact support to manage your billing.';

/**
 * @throws AppError 403 PORTAL_FREE_TIER on the free tier; 503 PORTAL_UNAVAILABLE when the provider
 *   is not configured or the organisation has no provider customer (a plan set by the operator).
 */
export async function createPortalSession(opts: { db: Db; stripe: Stripe | undefined; organizationId: string; origin: string }): Promise<PortalSessionResponse> {
  const account = (await readBillingAccount(opts.db, opts.organizationId))!;
  if (account.tier === 'free') {
    throw new AppError('PORTAL_FREE_TIER', 'The billing portal is available only on a paid plan. Choose a plan first.', 403);
  }
  if (!opts.stripe || !account.stripeCustomerId) throw new AppError('PORTAL_UNAVAILABLE', PORTAL_UNAVAILABLE, 503);
  const session = await opts.stripe.billingPortal.sessions.create({ customer: account.stripeCustomerId, return_url: `${opts.origin}/billing` });
  return { url: session.url };
}
