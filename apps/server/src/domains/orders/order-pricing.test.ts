import { describe, expect, it } from 'vitest';
import { AMOUNT_TOO_LARGE, priceOrder } from './order-pricing.ts';

const line = (userPrice: number | null, quantity: number) => ({ pack: { userPrice }, quantity });

describe('priceOrder', () => {
  it('adds ¥20 freight below ¥1,000 of goods', () => {
    expect(priceOrder([line(49_999, 1), line(25_000, 2)])).toEqual({
      goodsAmount: 99_999,
      freight: 2_000,
      amount: 101_999,
      count: 3,
    });
  });

  it('ships free from ¥1,000 of goods', () => {
    expect(priceOrder([line(50_000, 2)])).toEqual({
      goodsAmount: 100_000,
      freight: 0,
      amount: 100_000,
      count: 2,
    });
  });

  it('leaves the order unpriced when one pack has no member price', () => {
    expect(priceOrder([line(10_000, 1), line(null, 4)])).toEqual({
      goodsAmount: null,
      freight: null,
      amount: null,
      count: 5,
    });
  });

  it('takes the freight staff set instead of the rule, and still refuses too large an amount', () => {
    expect(priceOrder([line(10_000, 1)], 1_550)).toMatchObject({ freight: 1_550, amount: 11_550 });
    expect(priceOrder([line(50_000, 2)], 0)).toMatchObject({ freight: 0, amount: 100_000 });
    expect(() => priceOrder([line(1_000_000_000, 2)], 1)).toThrow(AMOUNT_TOO_LARGE);
  });

  it('refuses an amount past the money columns', () => {
    expect(() => priceOrder([line(1_000_000_000, 3)])).toThrow(AMOUNT_TOO_LARGE);
    expect(priceOrder([line(1_000_000_000, 2)]).amount).toBe(2_000_000_000);
  });
});
