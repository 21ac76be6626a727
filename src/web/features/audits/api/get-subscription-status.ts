/**
 * `GET /api/billing/subscription-status` (spec part 1 section 9, part 2 section 3; DESIGN.md
 * section 4): the month's audit usage and the plan's limit (-1 unlimited). Same key as the products
 * page's banner, so both share one request.
 */
import { useQuery } from '@tanstack/react-query';
import type { SubscriptionStatus } from '../../../../contracts/billing';

export const subscriptionStatusKey = ['/api/billing/subscription-status'] as const;

export function useSubscriptionStatus() {
  return useQuery<SubscriptionStatus>({ queryKey: subscriptionStatusKey });
}
