import { describe, expect, it } from 'vitest';
import { differenceClass, formatDate, formatDifference, formatFraction, formatKb, formatSeconds } from './display-format';

describe('display formats', () => {
  it('writes fractions as percentages with one decimal', () => {
    expect(formatFraction(0.9902755)).toBe('99.0%');
    expect(formatFraction(1)).toBe('100.0%');
    expect(formatFraction(null)).toBe('—');
  });
  it('writes ms as seconds with one decimal', () => {
    expect(formatSeconds(1234)).toBe('1.2s');
    expect(formatSeconds(0)).toBe('0.0s');
  });
  it('writes sizes in KB with one decimal', () => {
    expect(formatKb(13454)).toBe('13.1 KB');
    expect(formatKb(0)).toBe('0.0 KB');
    expect(formatKb(23)).toBe('23 bytes');
    expect(formatKb(1)).toBe('1 byte');
    expect(formatKb(52)).toBe('0.1 KB');
  });
  it('signs the difference and brackets the percent', () => {
    expect(formatDifference(3, 5)).toBe('+3 (+5.0%)');
    expect(formatDifference(-2, -10)).toBe('-2 (-10.0%)');
    expect(formatDifference(0, 0)).toBe('0 (0.0%)');
    expect(formatDifference(4, null)).toBe('+4');
    expect(formatDifference(null, null)).toBe('—');
  });
  it('colours differences: above red, below amber, zero green', () => {
    expect(differenceClass(1)).toContain('red');
    expect(differenceClass(-1)).toContain('amber');
    expect(differenceClass(0)).toContain('green');
  });
  it('falls back for a missing or unreadable date', () => {
    expect(formatDate(null, 'Unknown date')).toBe('Unknown date');
    expect(formatDate('not a date', 'Unknown date')).toBe('Unknown date');
    expect(formatDate('2025-01-31T10:00:00Z', 'Unknown date')).not.toBe('Unknown date');
  });
});
