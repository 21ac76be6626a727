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
