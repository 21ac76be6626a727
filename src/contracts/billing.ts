/**
 * Billing calls (spec part 2 sections 3 "Subscription status", 7 "Billing"; DESIGN.md section 4).
 */
import { z } from 'zod';
import { subscriptionTierSchema } from './auth.js';

/** A limit; -1 means unlimited (spec part 2 section 3). */
export const UNLIMITED = -1;

/**
 * `GET /api/billing/subscription-status`: the plan's tier, what the organisation uses (products in
 * the catalogue; audits created this calendar month, UTC) and the plan's limits.
 */
export const subscriptionStatusSchema = z.object({
  tier: subscriptionTierSchema,
  usage: z.object({ products: z.number().int(), audits: z.number().int() }),
  limits: z.object({ products: z.number().int(), audits: z.number().int() }),
});
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** `POST /api/billing/create-subscription`: the price of the plan to buy (one of the configured STRIPE_PRICE_*). */
export const createSubscriptionBodySchema = z.object({
  priceId: z.string().trim().min(1, 'priceId is required').max(200),
});
export type CreateSubscriptionBody = z.infer<typeof createSubscriptionBodySchema>;

/**
 * Its answer: `url` of the provider's hosted checkout (the browser goes there), or `clientSecret`
 * for the in-page payment form when STRIPE_PUBLISHABLE_KEY is set (DESIGN.md section 10).
 */
export const createSubscriptionResponseSchema = z.union([z.object({ url: z.string() }), z.object({ clientSecret: z.string() })]);
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponseSchema>;

/** `POST /api/billing/create-portal-session`: the provider's billing portal for this organisation. */
export const portalSessionResponseSchema = z.object({ url: z.string() });
export type PortalSessionResponse = z.infer<typeof portalSessionResponseSchema>;

/** A plan as /billing and /subscribe show it; `priceId` null = not purchasable on this server. */
export const billingPlanSchema = z.object({
  tier: subscriptionTierSchema,
  name: z.string(),
  /** Whole US dollars a month. */
  priceMonthly: z.number(),
  /** -1 unlimited. */
  limits: z.object({ products: z.number().int(), audits: z.number().int(), users: z.number().int() }),
  features: z.array(z.string()),
  priceId: z.string().nullable(),
});
export type BillingPlan = z.infer<typeof billingPlanSchema>;

/**
 * `GET /api/billing/plans`: the plans on offer and how this server takes payment.
 * `publishableKey` set = the in-page form (@stripe/stripe-js); null = hosted checkout.
 * `portalAvailable` false = the provider is not configured ('Portal Unavailable').
 */
export const billingPlansSchema = z.object({
  plans: z.array(billingPlanSchema),
  publishableKey: z.string().nullable(),
  portalAvailable: z.boolean(),
});
export type BillingPlans = z.infer<typeof billingPlansSchema>;

/** A provider id or event type: printable ASCII, as the provider makes them (`evt_1Nq…`, `customer.subscription.updated`). */
const providerId = z.string().regex(/^[\x21-\x7e]{1,255}$/, 'must be 1-255 printable ASCII characters');

/**
 * What the webhook reads of a verified provider event (DESIGN.md section 10): its id and type, and
 * the customer its object names (`customer` as an id or an expanded customer, or the object itself
 * for customer events). A signed body of another shape answers 400 MALFORMED_EVENT.
 */
export const providerEventSchema = z.object({
  id: providerId,
  type: providerId,
  data: z.object({
    object: z.looseObject({
      object: z.string().optional(),
      id: providerId.optional(),
      customer: z.union([providerId, z.looseObject({ id: providerId }), z.null()]).optional(),
    }),
  }),
});
export type ProviderEvent = z.infer<typeof providerEventSchema>;
