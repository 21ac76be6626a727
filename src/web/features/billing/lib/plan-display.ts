/**
 * How billing screens show plans and limits (spec part 2 sections 3, 9; DESIGN.md section 4):
 * a limit of -1 is 'Unlimited'; without a status the free tier's defaults apply.
 */
import type { BillingPlan, SubscriptionStatus } from '../../../../contracts/billing';
import { limitForApi, planOf } from '../../../../domain/plans';

/** The free tier's defaults, used when the subscription status is missing (spec part 2 section 9). */
export const FREE_STATUS: SubscriptionStatus = { tier: 'free', usage: { products: 0, audits: 0 }, limits: { products: 100, audits: 15 } };

/** '5,000', or 'Unlimited' for -1. */
export function formatLimit(limit: number): string {
  return limit === -1 ? 'Unlimited' : limit.toLocaleString('en-US');
}

/** The plan of the status' tier; enterprise (never offered for sale) comes from the plan table. */
export function planOfStatus(status: SubscriptionStatus, plans: BillingPlan[]): BillingPlan {
  const offered = plans.find((p) => p.tier === status.tier);
  if (offered) return offered;
  const plan = planOf(status.tier);
  return {
    tier: plan.tier,
    name: plan.name,
    priceMonthly: plan.priceMonthly,
    limits: { products: limitForApi(plan.products), audits: limitForApi(plan.auditsPerMonth), users: limitForApi(plan.users) },
    features: plan.features,
    priceId: null,
  };
}
