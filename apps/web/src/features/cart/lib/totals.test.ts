import { describe, expect, it } from 'vitest';
import { cartTotals } from './totals';

describe('cart totals', () => {
  it('adds member price times quantity and charges 20 yuan freight below 1000', () => {
    expect(
      cartTotals([
        { userPrice: 120.5, quantity: 2 },
        { userPrice: 9.9, quantity: 3 },
      ]),
    ).toEqual({
      goods: 270.7,
      freight: 20,
      payable: 290.7,
    });
  });

  it('ships free from 1000 yuan', () => {
    expect(cartTotals([{ userPrice: 999.99, quantity: 1 }]).freight).toBe(20);
    expect(cartTotals([{ userPrice: 500, quantity: 2 }])).toEqual({
      goods: 1000,
      freight: 0,
      payable: 1000,
    });
  });

  it('sums in fen so decimals do not drift', () => {
    expect(
      cartTotals([
        { userPrice: 0.1, quantity: 3 },
        { userPrice: 0.2, quantity: 1 },
      ]).goods,
    ).toBe(0.5);
  });

  it('is 待确认 (null) when any line has no member price', () => {
    expect(
      cartTotals([
        { userPrice: 10, quantity: 1 },
        { userPrice: null, quantity: 1 },
      ]),
    ).toEqual({
      goods: null,
      freight: null,
      payable: null,
    });
  });

  it('costs nothing when nothing is chosen', () => {
    expect(cartTotals([])).toEqual({ goods: 0, freight: 0, payable: 0 });
  });

  it('prices a line at the contract price the server answers for it', () => {
    expect(
      cartTotals([
        { userPrice: 150, contractPrice: 120.5, quantity: 2 },
        { userPrice: 9.9, quantity: 1 },
      ]),
    ).toEqual({ goods: 250.9, freight: 20, payable: 270.9 });
    // A 询价 pack with a contract price pays that price (docs/contract-prices-credit.md).
    expect(cartTotals([{ userPrice: null, contractPrice: 500, quantity: 2 }]).goods).toBe(1000);
  });
});
