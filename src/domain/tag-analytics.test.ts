import { describe, expect, it } from 'vitest';
import {
  accuracyBadgeVariant,
  accuracyPercentage,
  completionWindow,
  DateRangeError,
  formatAccuracy,
  formatVariance,
  nextSort,
  varianceTone,
} from './tag-analytics.js';

describe('nextSort (spec part 2 section 4)', () => {
  it('sorts a new field ascending, and the same field descending only after ascending', () => {
    expect(nextSort({ sortBy: 'tag_name', sortOrder: 'asc' }, 'accuracyPercentage')).toEqual({ sortBy: 'accuracy_percentage', sortOrder: 'asc' });
    expect(nextSort({ sortBy: 'accuracy_percentage', sortOrder: 'asc' }, 'accuracyPercentage')).toEqual({
      sortBy: 'accuracy_percentage',
      sortOrder: 'desc',
    });
    expect(nextSort({ sortBy: 'accuracy_percentage', sortOrder: 'desc' }, 'accuracyPercentage')).toEqual({
      sortBy: 'accuracy_percentage',
      sortOrder: 'asc',
    });
  });
  it('maps ever audited, last 30 days and variance to total_products', () => {
    for (const column of ['productsEverAudited', 'productsAuditedLast30Days', 'totalQuantityVariance'] as const) {
      expect(nextSort({ sortBy: 'tag_name', sortOrder: 'asc' }, column)).toEqual({ sortBy: 'total_products', sortOrder: 'asc' });
    }
    expect(nextSort({ sortBy: 'total_products', sortOrder: 'asc' }, 'totalQuantityVariance').sortOrder).toBe('desc');
  });
});

describe('accuracy and variance display (spec part 2 section 9)', () => {
  it('styles the accuracy badge by its thresholds', () => {
    expect(accuracyBadgeVariant(100)).toBe('default');
    expect(accuracyBadgeVariant(95)).toBe('default');
    expect(accuracyBadgeVariant(94.99)).toBe('secondary');
    expect(accuracyBadgeVariant(80)).toBe('secondary');
    expect(accuracyBadgeVariant(79.9)).toBe('destructive');
    expect(formatAccuracy(55.5555)).toBe('55.6%');
  });
  it('signs and tones the variance', () => {
    expect([formatVariance(3), formatVariance(-2), formatVariance(0), formatVariance(1234)]).toEqual(['+3', '-2', '0', '+1,234']);
    expect([varianceTone(3), varianceTone(-2), varianceTone(0)]).toEqual(['positive', 'negative', 'zero']);
  });
  it('computes accuracy, null when nothing was audited', () => {
    expect(accuracyPercentage(0, 0)).toBeNull();
    expect(accuracyPercentage(1, 3)).toBe(100 / 3);
  });
});

describe('completionWindow', () => {
  const now = new Date('2026-03-31T12:00:00Z');
  it('takes date-only bounds as whole UTC days, the end inclusive', () => {
    const w = completionWindow({ dateRangeStart: '2026-03-01', dateRangeEnd: '2026-03-10', now });
    expect(w.from?.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(w.to?.toISOString()).toBe('2026-03-11T00:00:00.000Z');
    expect(w.recentFrom.toISOString()).toBe('2026-03-01T12:00:00.000Z');
  });
  it('keeps the last 30 days inside the range', () => {
    expect(completionWindow({ dateRangeStart: '2026-03-20', now }).recentFrom.toISOString()).toBe('2026-03-20T00:00:00.000Z');
    expect(completionWindow({ now }).from).toBeNull();
  });
  it('refuses a start after the end', () => {
    expect(() => completionWindow({ dateRangeStart: '2026-03-11', dateRangeEnd: '2026-03-10', now })).toThrow(DateRangeError);
  });
});
