import { describe, expect, it } from 'vitest';
import { canCancel, showsLogistics } from './order-rules';

describe('order rules', () => {
  it('allows cancelling only pending or awaiting-shipment orders that are unpaid', () => {
    expect(canCancel({ status: 1, payStatus: 1 })).toBe(true);
    expect(canCancel({ status: 2, payStatus: 1 })).toBe(true);
    expect(canCancel({ status: 2, payStatus: 2 })).toBe(false);
    expect(canCancel({ status: 3, payStatus: 1 })).toBe(false);
    expect(canCancel({ status: 5, payStatus: 1 })).toBe(false);
    // A credit order at 待发货 ships unpaid: only staff cancel it then.
    expect(canCancel({ status: 1, payStatus: 1, payType: 5 })).toBe(true);
    expect(canCancel({ status: 2, payStatus: 1, payType: 5 })).toBe(false);
    expect(canCancel({ status: 2, payStatus: 1, payType: 1 })).toBe(true);
  });

  it('shows logistics for status 3 and 4 only', () => {
    expect([1, 2, 3, 4, 5].filter(showsLogistics)).toEqual([3, 4]);
  });
});
