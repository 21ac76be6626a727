import { describe, expect, it } from 'vitest';
import { auditLimitBanner, isAuditLimitReached } from './audit-limit';
import { filterAudits, tabCounts } from './audit-list-filter';

const audits = [
  { name: 'Aisle 4 Pet Care', status: 'complete' as const },
  { name: 'aisle 5 snacks', status: 'pending' as const },
  { name: 'Year end', status: 'draft' as const },
  { name: 'Back store', status: 'error' as const },
];

describe('audit list filter', () => {
  it('combines search (case-insensitive), dropdown and tab', () => {
    expect(filterAudits(audits, { search: 'AISLE', status: 'all', tab: 'all' }).map((a) => a.name)).toEqual(['Aisle 4 Pet Care', 'aisle 5 snacks']);
    expect(filterAudits(audits, { search: 'aisle', status: 'all', tab: 'pending' }).map((a) => a.name)).toEqual(['aisle 5 snacks']);
    expect(filterAudits(audits, { search: 'aisle', status: 'complete', tab: 'pending' })).toEqual([]);
    expect(filterAudits(audits, { search: '  ', status: 'error', tab: 'all' }).map((a) => a.name)).toEqual(['Back store']);
  });

  it('counts each tab under the search and dropdown', () => {
    expect(tabCounts(audits, '', 'all')).toEqual({ all: 4, draft: 1, pending: 1, processing: 0, complete: 1, error: 1 });
    expect(tabCounts(audits, 'aisle', 'all')).toEqual({ all: 2, draft: 0, pending: 1, processing: 0, complete: 1, error: 0 });
  });
});

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
