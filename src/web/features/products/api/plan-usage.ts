/**
 * The plan's product allowance for the 'You're using N of M products.' banner (spec part 2
 * sections 2, 3 "Subscription status", 9; DESIGN.md section 4).
 *
 * `GET /api/billing/subscription-status` -> { tier, usage: { products, audits }, limits: { products, audits } }.
 * When that call fails the client assumes the free tier (100 products) and counts the catalogue
 * itself with the list call the sidebar badge already makes.
 */
import { useQuery } from '@tanstack/react-query';
import type { SubscriptionStatus } from '../../../../contracts/billing';
import type { ProductListResponse } from '../../../../contracts/products';

export const subscriptionStatusKey = ['/api/billing/subscription-status'] as const;

/** Free tier products limit, used when the subscription status is missing (spec part 2 section 9). */
export const FREE_TIER_PRODUCT_LIMIT = 100;
/** A limit of -1 means unlimited (the contract's UNLIMITED; repeated so zod stays out of this chunk). */
export const UNLIMITED = -1;

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

/** True when the plan's product limit is reached: no new product fits (DESIGN.md section 4). */
export function productLimitReached(allowance: ProductAllowance | undefined): boolean {
  return allowance !== undefined && allowance.limit !== UNLIMITED && allowance.used >= allowance.limit;
}
