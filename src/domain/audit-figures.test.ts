import { describe, expect, it } from 'vitest';
import { auditPercent, formatAuditPercent } from './audit-figures.js';

describe('audit figures (DESIGN.md section 5 rule 6)', () => {
  it('turns a 0-1 fraction into a percentage with one decimal', () => {
    expect(auditPercent(0.12)).toBe(12);
    expect(auditPercent(0.98765)).toBe(98.8);
    expect(auditPercent(1)).toBe(100);
    expect(auditPercent(0)).toBe(0);
    expect(formatAuditPercent(0.12)).toBe('12.0%');
    expect(formatAuditPercent(0.034)).toBe('3.4%');
  });

  it('has no figure when there is none', () => {
    expect(auditPercent(null)).toBeNull();
    expect(auditPercent(undefined)).toBeNull();
    expect(auditPercent(Number.NaN)).toBeNull();
    expect(formatAuditPercent(null)).toBe('—');
  });
});
