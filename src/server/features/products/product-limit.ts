/**
 * The plan's product limit on imports (DESIGN.md section 4): an import that would take the
 * organisation past its plan's products imports nothing and says how many fit. Only new SKUs
 * count; updating existing products is always allowed, even over the limit (after a downgrade).
 */
import { formatLimit, limitForApi, planOf, productRoom, type Plan } from '../../../domain/plans.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { countProducts, lockOrganizationTier } from './repo.js';

const n = (value: number) => value.toLocaleString('en-US');

/**
 * 'Your Free Trial plan allows 100 products; you have 90, so 10 more fit, but this file adds 25
 * new ones. Nothing was imported.'
 */
export function productLimitMessage(plan: Plan, current: number, adding: number): string {
  const room = productRoom(plan, current, 0).room;
  const fit = room === 0 ? 'no more fit' : room === 1 ? '1 more fits' : `${n(room)} more fit`;
  const adds = adding === 1 ? '1 new one' : `${n(adding)} new ones`;
  return `Your ${plan.name} plan allows ${formatLimit(plan.products)} products; you have ${n(current)}, so ${fit}, but this file adds ${adds}. Nothing was imported.`;
}

/** The organisation's plan, its products now, and how many more fit. */
export interface ProductAllowance {
  plan: Plan;
  current: number;
  room: number;
}

/**
 * Reads the organisation's plan and product count for an import. Run it in the import's
 * transaction, before writing: it locks the organisation row, so that two imports of one
 * organisation cannot both take the last places.
 * @param plan the plan to apply; by default the organisation's (organizations.subscription_tier).
 */
export async function lockProductAllowance(tx: Db, opts: { organizationId: string; plan?: Plan | undefined }): Promise<ProductAllowance> {
  const tier = await lockOrganizationTier(tx, opts.organizationId);
  const plan = opts.plan ?? planOf(tier);
  const current = await countProducts(tx, opts.organizationId);
  return { plan, current, room: productRoom(plan, current, 0).room };
}

/** 402 PRODUCT_LIMIT_REACHED for an import adding `adding` new products, with details { limit, current, room, adding }. */
export function productLimitReached(allowance: ProductAllowance, adding: number): AppError {
  const { plan, current, room } = allowance;
  return new AppError('PRODUCT_LIMIT_REACHED', productLimitMessage(plan, current, adding), 402, {
    limit: limitForApi(plan.products),
    current,
    room,
    adding,
  });
}

/** 402 PRODUCT_LIMIT_REACHED for one product added by hand when the plan has no room left. */
export function oneProductLimitReached(allowance: ProductAllowance): AppError {
  const { plan, current, room } = allowance;
  const message = `Your ${plan.name} plan allows ${formatLimit(plan.products)} products; you have ${n(current)}, so no more fit. Nothing was added.`;
  return new AppError('PRODUCT_LIMIT_REACHED', message, 402, { limit: limitForApi(plan.products), current, room, adding: 1 });
}
