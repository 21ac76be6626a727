/**
 * The plan's product allowance for the 'You're using N of M products.' banner (spec part 2
 * sections 2, 3 "Subscription status", 9; DESIGN.md section 4).
 *
 * `GET /api/billing/subscription-status` -> { tier, usage: { products, audits }, limits: { products, audits } }.
 * When that call fails the client assumes the free tier (100 products) and counts the catalogue
 * itself with the list call the sidebar badge already makes.
 */
import { useQuery } from '@tanstack/react-query';
import type { ProductListResponse } from '../../../../contracts/products';

export const subscriptionStatusKey = ['/api/billing/subscription-status'] as const;

/** Free tier products limit, used when the subscription status is missing (spec part 2 section 9). */
export const FREE_TIER_PRODUCT_LIMIT = 100;
/** A limit of -1 means unlimited. */
export const UNLIMITED = -1;

interface SubscriptionStatus {
  tier?: string;
  usage?: { products?: number; audits?: number };
  limits?: { products?: number; audits?: number };
}

export interface ProductAllowance {
  /** Products in the catalogue. */
  used: number;
  /** The plan's limit; -1 for unlimited. */
  limit: number;
}

/** Undefined while loading; the free tier's limit when the status call fails. */
export function useProductAllowance(): ProductAllowance | undefined {
  const status = useQuery<SubscriptionStatus>({ queryKey: subscriptionStatusKey });
  // Same key as the sidebar's count (one row; `total` is the count), so no extra request.
  const count = useQuery<ProductListResponse>({ queryKey: ['/api/products', { limit: 1 }] });

  if (status.isPending) return undefined;
  const limits = status.data?.limits;
  const limit = typeof limits?.products === 'number' ? limits.products : FREE_TIER_PRODUCT_LIMIT;
  const reported = status.data?.usage?.products;
  const used = typeof reported === 'number' ? reported : count.data?.total;
  if (used === undefined) return undefined;
  return { used, limit };
}
