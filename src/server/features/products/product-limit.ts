/**
 * The plan's product limit on imports (DESIGN.md section 4): an import that would take the
 * organisation past its plan's products imports nothing and says how many fit. Only new SKUs
 * count; updating existing products is always allowed, even over the limit (after a downgrade).
 */
import { planOf, productRoom, type Plan } from '../../../domain/plans.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { countNewSkus, countProducts, lockOrganizationTier } from './repo.js';

const n = (value: number) => value.toLocaleString('en-US');

/**
 * 'Your Free Trial plan allows 100 products; you have 90, so 10 more fit, but this file adds 25
 * new ones. Nothing was imported.'
 */
export function productLimitMessage(plan: Plan, current: number, adding: number): string {
  const room = Math.max(0, plan.products - current);
  const fit = room === 0 ? 'no more fit' : room === 1 ? '1 more fits' : `${n(room)} more fit`;
  const adds = adding === 1 ? '1 new one' : `${n(adding)} new ones`;
  return `Your ${plan.name} plan allows ${n(plan.products)} products; you have ${n(current)}, so ${fit}, but this file adds ${adds}. Nothing was imported.`;
}

/**
 * Checks that adding the new ones among `skus` keeps the organisation within its plan. Run it in
 * the import's transaction, before writing: it locks the organisation row so that two imports
 * cannot both pass the check.
 * @param plan the plan to apply; by default the organisation's (organizations.subscription_tier).
 * @throws AppError 402 PRODUCT_LIMIT_REACHED with details { limit, current, room, adding }.
 */
export async function assertProductsFit(tx: Db, opts: { organizationId: string; skus: readonly string[]; plan?: Plan }): Promise<void> {
  const tier = await lockOrganizationTier(tx, opts.organizationId);
  const plan = opts.plan ?? planOf(tier);
  const current = await countProducts(tx, opts.organizationId);
  // Fits even if every SKU were new: no need to look them up.
  if (productRoom(plan, current, opts.skus.length).fits) return;
  const adding = await countNewSkus(tx, opts.organizationId, opts.skus);
  const { fits, room } = productRoom(plan, current, adding);
  if (fits) return;
  throw new AppError('PRODUCT_LIMIT_REACHED', productLimitMessage(plan, current, adding), 402, {
    limit: plan.products,
    current,
    room,
    adding,
  });
}
