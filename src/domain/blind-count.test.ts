import { describe, expect, it } from 'vitest';
import { isBlindCount } from './blind-count.js';

describe('isBlindCount', () => {
  it('is blind for members and not for owners and admins by default', () => {
    expect([isBlindCount(null, 'member'), isBlindCount(null, 'owner'), isBlindCount(null, 'admin')]).toEqual([true, false, false]);
  });
  it('follows the audit setting for every role', () => {
    expect([isBlindCount(true, 'owner'), isBlindCount(false, 'member')]).toEqual([true, false]);
  });
});
