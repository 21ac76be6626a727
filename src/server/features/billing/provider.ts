/**
 * The card-payment provider (DESIGN.md section 10): the official `stripe` SDK, pointed at
 * STRIPE_API_BASE when set (tests and e2e use a local stand-in there), and the mapping between the
 * configured prices (STRIPE_PRICE_STARTER, STRIPE_PRICE_PRO) and the plans' tiers.
 */
import type Stripe from 'stripe';
import { PAID_TIERS, type PaidTier } from '../../../domain/plans.js';
import type { Config } from '../../config.js';

/**
 * The SDK client, or undefined when STRIPE_SECRET_KEY is unset (billing shows plans and usage
 * only). The SDK is loaded only when a key is set: a server without billing does not hold it
 * (idle memory, DESIGN.md section 7).
 */
export async function createPaymentProvider(config: Config): Promise<Stripe | undefined> {
  const { secretKey, apiBase } = config.stripe;
  if (!secretKey) return undefined;
  const { default: StripeSdk } = await import('stripe');
  if (!apiBase) return new StripeSdk(secretKey);
  const base = new URL(apiBase);
  return new StripeSdk(secretKey, {
    host: base.hostname,
    port: base.port || (base.protocol === 'http:' ? 80 : 443),
    protocol: base.protocol === 'http:' ? 'http' : 'https',
    maxNetworkRetries: 1,
  });
}

/** The configured price of a paid tier; undefined when none is configured or the provider is not. */
export function priceOfTier(config: Config, tier: PaidTier): string | undefined {
  return config.stripe.secretKey ? config.stripe.prices[tier] : undefined;
}

/** The paid tier a configured price buys; undefined for any other price id. */
export function tierOfPrice(config: Config, priceId: string): PaidTier | undefined {
  return PAID_TIERS.find((tier) => priceOfTier(config, tier) === priceId);
}
