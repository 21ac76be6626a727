import { describe, expect, it } from 'vitest';
import * as billing from '../../../../contracts/billing';
import { FREE_TIER_PRODUCT_LIMIT, UNLIMITED } from './plan-usage';

describe('plan usage constants', () => {
  it('agree with the contract and the spec (part 2 sections 3, 9)', () => {
    expect(UNLIMITED).toBe(billing.UNLIMITED);
    expect(FREE_TIER_PRODUCT_LIMIT).toBe(100);
  });
});
