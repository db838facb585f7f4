import { describe, expect, it } from 'vitest';
import { goodsTotal } from './totals';

describe('goods total', () => {
  it('adds price times quantity, and nothing else (the freight is the server’s)', () => {
    expect(
      goodsTotal([
        { userPrice: 120.5, quantity: 2 },
        { userPrice: 9.9, quantity: 3 },
      ]),
    ).toBe(270.7);
  });

  it('sums in fen so decimals do not drift', () => {
    expect(
      goodsTotal([
        { userPrice: 0.1, quantity: 3 },
        { userPrice: 0.2, quantity: 1 },
      ]),
    ).toBe(0.5);
  });

  it('is 待确认 (null) when any line has no member price', () => {
    expect(
      goodsTotal([
        { userPrice: 10, quantity: 1 },
        { userPrice: null, quantity: 1 },
      ]),
    ).toBeNull();
  });

  it('costs nothing when nothing is chosen', () => {
    expect(goodsTotal([])).toBe(0);
  });

  it('prices a line at the contract price the server answers for it', () => {
    expect(
      goodsTotal([
        { userPrice: 150, contractPrice: 120.5, quantity: 2 },
        { userPrice: 9.9, quantity: 1 },
      ]),
    ).toBe(250.9);
    // A 询价 pack with a contract price pays that price (docs/contract-prices-credit.md).
    expect(goodsTotal([{ userPrice: null, contractPrice: 500, quantity: 2 }])).toBe(1000);
  });
});
