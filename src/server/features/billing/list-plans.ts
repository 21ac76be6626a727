/**
 * `GET /api/billing/plans`: the plans /billing and /subscribe offer, with the configured price of
 * each (null = 'Configuration Error: Price ID not configured for {plan}', spec part 2 sections 8,
 * 9) and how this server takes payment.
 */
import type { BillingPlans } from '../../../contracts/billing.js';
import { limitForApi, PLANS } from '../../../domain/plans.js';
import type { Config } from '../../config.js';
import { priceOfTier } from './provider.js';

export function listPlans(config: Config): BillingPlans {
  const offered = [PLANS.free, PLANS.starter, PLANS.pro];
  return {
    plans: offered.map((plan) => ({
      tier: plan.tier,
      name: plan.name,
      priceMonthly: plan.priceMonthly,
      limits: { products: limitForApi(plan.products), audits: limitForApi(plan.auditsPerMonth), users: limitForApi(plan.users) },
      features: plan.features,
      priceId: plan.tier === 'starter' || plan.tier === 'pro' ? (priceOfTier(config, plan.tier) ?? null) : null,
    })),
    paymentsAvailable: config.stripe.secretKey !== undefined,
    publishableKey: config.stripe.secretKey ? (config.stripe.publishableKey ?? null) : null,
    portalAvailable: config.stripe.secretKey !== undefined,
  };
}
