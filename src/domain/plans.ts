/**
 * Plans and their limits (DESIGN.md section 4, which settles the spec's contradictions).
 * `null` means unlimited (the API shows it as -1, spec part 2 section 3).
 */
import type { SubscriptionTier } from '../contracts/auth.js';

export interface Plan {
  tier: SubscriptionTier;
  name: string;
  /** Monthly price in whole US dollars. */
  priceMonthly: number;
  /** Users in the organisation, owner included, or null for unlimited. */
  users: number | null;
  /** Audits created per calendar month (UTC), or null for unlimited. */
  auditsPerMonth: number | null;
  /** Products (SKUs) in the catalogue, or null for unlimited. */
  products: number | null;
  features: string[];
}

export const PLANS: Record<SubscriptionTier, Plan> = {
  free: {
    tier: 'free',
    name: 'Free Trial',
    priceMonthly: 0,
    users: 1,
    auditsPerMonth: 15,
    products: 100,
    features: ['Core reconciliation', 'Basic export'],
  },
  starter: {
    tier: 'starter',
    name: 'Starter',
    priceMonthly: 29,
    users: 1,
    auditsPerMonth: null,
    products: 5_000,
    features: ['All core features', 'Email support', 'Advanced export'],
  },
  pro: {
    tier: 'pro',
    name: 'Pro',
    priceMonthly: 79,
    users: 5,
    auditsPerMonth: null,
    products: 50_000,
    features: ['Everything in Starter', 'Team management', 'Historical analytics', 'Priority support'],
  },
  enterprise: {
    tier: 'enterprise',
    name: 'Enterprise',
    // On request: set only by the operator command (`npm run set-tier`), never sold by checkout.
    priceMonthly: 0,
    users: null,
    auditsPerMonth: null,
    products: null,
    features: ['Everything in Pro', 'Unlimited users', 'Unlimited products', 'Dedicated support'],
  },
};

/** Tiers a customer can buy through checkout (DESIGN.md section 10), in the order they are offered. */
export const PAID_TIERS = ['starter', 'pro'] as const;
export type PaidTier = (typeof PAID_TIERS)[number];

/** The plan of a tier; an unknown tier is treated as free (spec part 1 section 6). */
export function planOf(tier: string | null | undefined): Plan {
  return PLANS[(tier ?? 'free') as SubscriptionTier] ?? PLANS.free;
}

/**
 * How many of `adding` new products fit under the plan, given `current` products.
 * @returns { fits, room } where room = products that can still be added (>= 0; Infinity when the
 *   plan has no product limit).
 */
export function productRoom(plan: Plan, current: number, adding: number): { fits: boolean; room: number } {
  const room = plan.products === null ? Infinity : Math.max(0, plan.products - current);
  return { fits: adding <= room, room };
}

/** True when one more audit may be created this month. */
export function canCreateAudit(plan: Plan, auditsThisMonth: number): boolean {
  return plan.auditsPerMonth === null || auditsThisMonth < plan.auditsPerMonth;
}

/** A limit as the API shows it: null (unlimited) becomes -1 (spec part 2 section 3). */
export function limitForApi(limit: number | null): number {
  return limit ?? -1;
}

/** '5,000', or 'Unlimited' for a null limit. */
export function formatLimit(limit: number | null): string {
  return limit === null ? 'Unlimited' : limit.toLocaleString('en-US');
}

/** First instant of the calendar month (UTC) containing `now`: the monthly audit count starts there. */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}
