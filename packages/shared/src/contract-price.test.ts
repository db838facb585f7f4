import { describe, expect, it } from 'vitest';
import { contractPriceFor, resolvePrice, type ContractTier } from './contract-price.ts';

const NOW = Date.UTC(2026, 5, 15);
const DAY = 86_400_000;
const tier = (over: Partial<ContractTier>): ContractTier => ({
  listId: 1,
  price: 9_000,
  minQuantity: 1,
  validFrom: NOW - DAY,
  validUntil: NOW + DAY,
  ...over,
});

describe('resolvePrice', () => {
  it('pays the member price when the order names no organization', () => {
    expect(resolvePrice({ memberPrice: 10_000, quantity: 3, now: NOW, tiers: [] })).toEqual({
      price: 10_000,
      source: 'member',
      listId: null,
    });
  });

  it('pays the contract price when it is below the member price', () => {
    const got = resolvePrice({ memberPrice: 10_000, quantity: 1, now: NOW, tiers: [tier({})] });
    expect(got).toEqual({ price: 9_000, source: 'contract', listId: 1 });
  });

  it('keeps the member price when the contract price is not below it', () => {
    const tiers = [tier({ price: 10_000 }), tier({ listId: 2, price: 12_000 })];
    expect(resolvePrice({ memberPrice: 10_000, quantity: 1, now: NOW, tiers }).source).toBe(
      'member',
    );
  });

  it('pays the highest tier the quantity reaches', () => {
    const tiers = [
      tier({ minQuantity: 1, price: 9_000 }),
      tier({ minQuantity: 10, price: 8_000 }),
      tier({ minQuantity: 50, price: 7_000 }),
    ];
    const at = (quantity: number) =>
      resolvePrice({ memberPrice: 10_000, quantity, now: NOW, tiers }).price;
    expect([at(1), at(9), at(10), at(49), at(50), at(500)]).toEqual([
      9_000, 9_000, 8_000, 8_000, 7_000, 7_000,
    ]);
  });

  it('pays the member price below the lowest tier', () => {
    const tiers = [tier({ minQuantity: 5, price: 8_000 })];
    expect(resolvePrice({ memberPrice: 10_000, quantity: 4, now: NOW, tiers }).source).toBe(
      'member',
    );
  });

  it('counts a list only inside its validity, both ends included', () => {
    const from = tier({ validFrom: NOW, validUntil: NOW + DAY });
    const until = tier({ validFrom: NOW - DAY, validUntil: NOW });
    const before = tier({ validFrom: NOW + 1, validUntil: NOW + DAY });
    const after = tier({ validFrom: NOW - DAY, validUntil: NOW - 1 });
    const source = (t: ContractTier) =>
      resolvePrice({ memberPrice: 10_000, quantity: 1, now: NOW, tiers: [t] }).source;
    expect([source(from), source(until), source(before), source(after)]).toEqual([
      'contract',
      'contract',
      'member',
      'member',
    ]);
  });

  it('takes a quote price over contract and member prices', () => {
    const got = resolvePrice({
      memberPrice: 10_000,
      quantity: 1,
      now: NOW,
      tiers: [tier({ price: 5_000 })],
      quotePrice: 9_500,
    });
    expect(got).toEqual({ price: 9_500, source: 'quote', listId: null });
  });

  it('of two lists in force takes the lower price of each one highest tier reached', () => {
    const tiers = [
      tier({ listId: 1, minQuantity: 1, price: 9_000 }),
      tier({ listId: 1, minQuantity: 10, price: 8_500 }),
      tier({ listId: 2, minQuantity: 1, price: 8_800 }),
    ];
    expect(contractPriceFor(tiers, 10, NOW)).toEqual({ price: 8_500, listId: 1 });
    expect(contractPriceFor(tiers, 2, NOW)).toEqual({ price: 8_800, listId: 2 });
  });
});
