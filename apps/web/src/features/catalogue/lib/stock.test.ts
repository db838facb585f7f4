import { describe, expect, it } from 'vitest';
import { stockLabel } from '@labshop/shared';
import { lowestPrice, totalStock } from './stock';

const stocks = (...counts: number[]) => ({
  stocks: counts.map((materialCount, i) => ({
    storeId: i + 1,
    storeName: `仓${i + 1}`,
    materialCount,
  })),
});

describe('totalStock', () => {
  it('adds the warehouses and ignores negative figures', () => {
    expect(totalStock(stocks())).toBe(0);
    expect(totalStock(stocks(10, 30))).toBe(40);
    expect(totalStock(stocks(60, -5))).toBe(60);
  });
  it('feeds the stock labels of both pages', () => {
    expect(stockLabel(totalStock(stocks(0)), 'search')).toBe('订购');
    expect(stockLabel(totalStock(stocks(20, 29)), 'search')).toBe('< 50');
    expect(stockLabel(totalStock(stocks(20, 30)), 'search')).toBe('> 50');
    expect(stockLabel(totalStock(stocks(20, 30)), 'product')).toBe('现货');
  });
});

describe('lowestPrice', () => {
  it('takes the lowest market price and skips missing ones', () => {
    expect(lowestPrice([{ price: 320 }, { price: null }, { price: 88.5 }])).toBe(88.5);
  });
  it('is null when no pack size has a price', () => {
    expect(lowestPrice([{ price: null }])).toBeNull();
    expect(lowestPrice([])).toBeNull();
  });
});
