import { describe, expect, it } from 'vitest';
import { isActiveAudit } from './active-audits.js';

describe('isActiveAudit', () => {
  it('counts every unfinished audit but a bare draft', () => {
    expect(isActiveAudit({ status: 'complete', hasTask: true, scanFileCount: 1 })).toBe(false);
    expect(isActiveAudit({ status: 'draft', hasTask: false, scanFileCount: 0 })).toBe(false);
    expect(isActiveAudit({ status: 'draft', hasTask: true, scanFileCount: 0 })).toBe(true);
    expect(isActiveAudit({ status: 'draft', hasTask: false, scanFileCount: 2 })).toBe(true);
    for (const status of ['pending', 'processing', 'error']) {
      expect(isActiveAudit({ status, hasTask: false, scanFileCount: 0 })).toBe(true);
    }
  });
});
