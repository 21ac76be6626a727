import { describe, expect, it } from 'vitest';
import { auditLimitBanner, isAuditLimitReached } from './audit-limit';

describe('audit limit', () => {
  const status = (tier: 'free' | 'starter' | 'pro', used: number, limit: number) => ({
    tier,
    usage: { products: 0, audits: used },
    limits: { products: 100, audits: limit },
  });

  it('disables New Audit at the limit, never when unlimited', () => {
    expect(isAuditLimitReached(status('free', 15, 15))).toBe(true);
    expect(isAuditLimitReached(status('free', 14, 15))).toBe(false);
    expect(isAuditLimitReached(status('pro', 900, -1))).toBe(false);
    expect(isAuditLimitReached(undefined)).toBe(false);
  });

  it('shows the banner from 80 % of the limit', () => {
    expect(auditLimitBanner(status('free', 11, 15))).toBeNull();
    expect(auditLimitBanner(status('free', 12, 15))).toEqual({ used: 12, limit: 15, reached: false, freeTier: true });
    expect(auditLimitBanner(status('free', 15, 15))?.reached).toBe(true);
    expect(auditLimitBanner(status('starter', 8, 10))).toEqual({ used: 8, limit: 10, reached: false, freeTier: false });
    expect(auditLimitBanner(status('starter', 80, -1))).toBeNull();
  });
});
