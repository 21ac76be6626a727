/**
 * Billing calls (spec part 2 section 7 "Billing"; DESIGN.md section 10): the plan status, the plans
 * on offer, checkout, the billing portal and the re-read after checkout.
 */
import { useQuery } from '@tanstack/react-query';
import type { BillingPlans, PortalSessionResponse, SubscriptionStatus } from '../../../../contracts/billing';
import { api } from '@/lib/api';

/** Same key as the products and audits banners, so one request serves all. */
export const subscriptionStatusKey = ['/api/billing/subscription-status'] as const;

export function useSubscriptionStatus() {
  return useQuery<SubscriptionStatus>({ queryKey: subscriptionStatusKey });
}

/** `GET /api/billing/plans`: names, prices, limits, features and configured price ids. */
export function useBillingPlans() {
  return useQuery<BillingPlans>({ queryKey: ['/api/billing/plans'], staleTime: 5 * 60_000 });
}

/** `POST /api/billing/create-subscription {priceId}` -> `{url}` (hosted checkout) or `{clientSecret}` (in-page form); checked field by field (CreateSubscriptionResponse). */
export function createSubscription(priceId: string): Promise<{ url?: string; clientSecret?: string } | undefined> {
  return api.post('/api/billing/create-subscription', { priceId });
}

/** `POST /api/billing/create-portal-session` -> `{url}` of the provider's billing portal. */
export function createPortalSession(): Promise<Partial<PortalSessionResponse> | undefined> {
  return api.post('/api/billing/create-portal-session');
}

/**
 * `POST /api/billing/update-subscription {tier}` (spec part 2 section 4): the server re-reads the
 * provider and ignores the tier; answers the status afterwards.
 */
export function updateSubscription(tier: string): Promise<SubscriptionStatus> {
  return api.post('/api/billing/update-subscription', { tier });
}
