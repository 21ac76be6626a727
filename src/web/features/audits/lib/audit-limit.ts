/**
 * The monthly audit limit (spec part 1 sections 2 "Audit list", 9; DESIGN.md section 4): the New
 * Audit button is disabled once the month's audits reach the plan's limit, and a banner warns from
 * 80 % of it (free tier: 'Limit Reached' at 100 %, 'Upgrade Plan'; paid tiers: 'Manage Billing').
 * A limit of -1 is unlimited; an unknown tier counts as free.
 */
import type { SubscriptionStatus } from '../../../../contracts/billing';

/** Share of the limit from which the banner shows. */
export const LIMIT_WARNING_SHARE = 0.8;

export interface AuditLimitBanner {
  used: number;
  limit: number;
  reached: boolean;
  freeTier: boolean;
}

export function isAuditLimitReached(status: Pick<SubscriptionStatus, 'usage' | 'limits'> | undefined): boolean {
  if (!status) return false;
  const limit = status.limits.audits;
  return limit !== -1 && status.usage.audits >= limit;
}

/** The banner to show, or null (unlimited plan, or under 80 % of the limit). */
export function auditLimitBanner(status: SubscriptionStatus | undefined): AuditLimitBanner | null {
  if (!status) return null;
  const limit = status.limits.audits;
  const used = status.usage.audits;
  if (limit === -1 || limit < 0) return null;
  const reached = used >= limit;
  if (!reached && used < limit * LIMIT_WARNING_SHARE) return null;
  const freeTier = status.tier !== 'starter' && status.tier !== 'pro' && status.tier !== 'enterprise';
  return { used, limit, reached, freeTier };
}
