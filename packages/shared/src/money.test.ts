import { describe, expect, it } from 'vitest';
import {
  formatPrice,
  FREE_FREIGHT_FROM_FEN,
  FREIGHT_FEN,
  freightFen,
  stockLabel,
  toFen,
  toYuan,
} from './money.ts';

describe('toFen / toYuan', () => {
  it('converts yuan to integer fen without float drift', () => {
    expect(toFen(12.5)).toBe(1250);
    expect(toFen(0.1 + 0.2)).toBe(30);
    expect(toFen(19.99)).toBe(1999);
    expect(toFen(1.005 * 1000)).toBe(100500);
    expect(Number.isInteger(toFen(1234.56))).toBe(true);
  });

  it('converts fen back to yuan', () => {
    expect(toYuan(1250)).toBe(12.5);
    expect(toYuan(1999)).toBe(19.99);
    expect(toYuan(0)).toBe(0);
  });

  it('round-trips every cent value', () => {
    for (let fen = 0; fen < 100_000; fen += 37) expect(toFen(toYuan(fen))).toBe(fen);
  });
});

describe('freightFen', () => {
  it('charges 20 yuan below a goods total of 1000 yuan', () => {
    expect(FREIGHT_FEN).toBe(2000);
    expect(FREE_FREIGHT_FROM_FEN).toBe(100_000);
    expect(freightFen(0)).toBe(2000);
    expect(freightFen(toFen(999.99))).toBe(2000);
  });

  it('is free from exactly 1000 yuan on', () => {
    expect(freightFen(toFen(1000))).toBe(0);
    expect(freightFen(toFen(1000.01))).toBe(0);
    expect(freightFen(toFen(25_000))).toBe(0);
  });
});

describe('formatPrice', () => {
  it('shows ￥ and two decimals', () => {
    expect(formatPrice(12.5)).toBe('￥12.50');
    expect(formatPrice(0)).toBe('￥0.00');
    expect(formatPrice(1234)).toBe('￥1234.00');
    expect(formatPrice(0.1 + 0.2)).toBe('￥0.30');
  });

  it('shows 询价 when the price is missing', () => {
    expect(formatPrice(null)).toBe('询价');
    expect(formatPrice(undefined)).toBe('询价');
    expect(formatPrice(Number.NaN)).toBe('询价');
    expect(formatPrice(Number.POSITIVE_INFINITY)).toBe('询价');
  });
});

describe('stockLabel', () => {
  it('shows 订购 when nothing is in stock', () => {
    expect(stockLabel(0, 'search')).toBe('订购');
    expect(stockLabel(0, 'product')).toBe('订购');
    expect(stockLabel(-3, 'product')).toBe('订购');
  });

  it('shows < 50 below 50 on both pages', () => {
    expect(stockLabel(1, 'search')).toBe('< 50');
    expect(stockLabel(49, 'product')).toBe('< 50');
  });

  it('shows > 50 on the search page and 现货 on the product page from 50 on', () => {
    expect(stockLabel(50, 'search')).toBe('> 50');
    expect(stockLabel(50, 'product')).toBe('现货');
    expect(stockLabel(10_000, 'search')).toBe('> 50');
    expect(stockLabel(10_000, 'product')).toBe('现货');
  });
});
