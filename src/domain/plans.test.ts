import { describe, expect, it } from 'vitest';
import { PLANS, canCreateAudit, formatLimit, limitForApi, monthStart, planOf, productRoom } from './plans.js';

describe('plans (DESIGN.md section 4)', () => {
  it('has the three tiers with their limits', () => {
    expect([PLANS.free.auditsPerMonth, PLANS.free.products, PLANS.free.users]).toEqual([15, 100, 1]);
    expect([PLANS.starter.auditsPerMonth, PLANS.starter.products, PLANS.starter.priceMonthly]).toEqual([null, 5000, 29]);
    expect([PLANS.pro.users, PLANS.pro.products, PLANS.pro.priceMonthly]).toEqual([5, 50000, 79]);
  });
  it('treats an unknown tier as free', () => {
    expect(planOf('platinum')).toBe(PLANS.free);
    expect(planOf(undefined)).toBe(PLANS.free);
  });
  it('counts the room left for products', () => {
    expect(productRoom(PLANS.free, 90, 10)).toEqual({ fits: true, room: 10 });
    expect(productRoom(PLANS.free, 90, 11)).toEqual({ fits: false, room: 10 });
    expect(productRoom(PLANS.free, 120, 1)).toEqual({ fits: false, room: 0 });
  });
  it('limits audits per month on free only', () => {
    expect(canCreateAudit(PLANS.free, 14)).toBe(true);
    expect(canCreateAudit(PLANS.free, 15)).toBe(false);
    expect(canCreateAudit(PLANS.pro, 10_000)).toBe(true);
  });
  it('starts the month at UTC midnight of the 1st', () => {
    expect(monthStart(new Date('2026-11-21T20:00:00Z')).toISOString()).toBe('2026-11-01T00:00:00.000Z');
  });
  it('has an enterprise tier without limits (null; -1 on the API)', () => {
    expect([PLANS.enterprise.users, PLANS.enterprise.products, PLANS.enterprise.auditsPerMonth]).toEqual([null, null, null]);
    expect(productRoom(PLANS.enterprise, 2_000_000, 1_000_000)).toEqual({ fits: true, room: Infinity });
    expect(canCreateAudit(PLANS.enterprise, 1_000_000)).toBe(true);
    expect([limitForApi(null), limitForApi(100)]).toEqual([-1, 100]);
    expect([formatLimit(null), formatLimit(5000)]).toEqual(['Unlimited', '5,000']);
  });
});
