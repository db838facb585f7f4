import { describe, expect, it } from 'vitest';
import { awaitsPayment, formatLeft } from './payment';

describe('payment display rules', () => {
  it('counts down in hours, and in days when there are any', () => {
    expect(formatLeft(3_723_000)).toBe('01:02:03');
    expect(formatLeft(86_400_000 + 5_000)).toBe('1 天 00:00:05');
    expect(formatLeft(0)).toBe('00:00:00');
  });

  it('waits for payment only while unpaid and not closed or shipped', () => {
    expect(awaitsPayment({ status: 1, payStatus: 1 })).toBe(true);
    expect(awaitsPayment({ status: 2, payStatus: 1 })).toBe(true);
    expect(awaitsPayment({ status: 5, payStatus: 1 })).toBe(false);
    expect(awaitsPayment({ status: 2, payStatus: 2 })).toBe(false);
  });
});
