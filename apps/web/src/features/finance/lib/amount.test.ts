import { describe, expect, it } from 'vitest';
import { signedAmount } from './amount';

describe('signedAmount', () => {
  it('signs income with + and expense with -', () => {
    expect(signedAmount({ type: 1, amount: 12 })).toBe('+￥12.00');
    expect(signedAmount({ type: 2, amount: 1020.5 })).toBe('-￥1020.50');
    expect(signedAmount({ type: 2, amount: -3 })).toBe('-￥3.00');
  });
});
