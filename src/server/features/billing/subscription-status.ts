/**
 * Subscription status (spec part 2 sections 2, 3, 7 `GET /api/billing/subscription-status`;
 * DESIGN.md section 4): tier, usage and limits, read-only. The products page's banner 'You're
 * using N of M products.' and the audit limit notice read it.
 */
import type { SubscriptionStatus } from '../../../contracts/billing.js';
import { limitForApi, monthStart, planOf } from '../../../domain/plans.js';
import type { Db } from '../../db/client.js';
import { countAuditsSince, countProducts, organizationTier } from './repo.js';

/** @param now the moment whose calendar month (UTC) the audit usage counts. */
export async function subscriptionStatus(db: Db, opts: { organizationId: string; now?: Date }): Promise<SubscriptionStatus> {
  const plan = planOf(await organizationTier(db, opts.organizationId));
  const [products, audits] = await Promise.all([
    countProducts(db, opts.organizationId),
    countAuditsSince(db, opts.organizationId, monthStart(opts.now ?? new Date())),
  ]);
  return {
    tier: plan.tier,
    usage: { products, audits },
    limits: { products: limitForApi(plan.products), audits: limitForApi(plan.auditsPerMonth) },
  };
}
