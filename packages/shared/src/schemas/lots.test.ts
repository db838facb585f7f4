import { describe, expect, it } from 'vitest';
import { isCalendarDay } from './fields.ts';
import { deliveryBody } from './manage-orders.ts';
import { receiptBody, stocktakeBody } from './lots.ts';

describe('lot schemas', () => {
  it('takes only real calendar days as expiry dates', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-02-30')).toBe(false);
    expect(isCalendarDay('2026-13-01')).toBe(false);
    expect(isCalendarDay('2026-1-01')).toBe(false);
  });

  it('accepts a receipt of one lot and of several, and refuses an empty one', () => {
    const one = { storeId: 1, materialId: 2, lotNumber: ' L1 ', expire: '2028-01-31', quantity: 3 };
    expect(receiptBody.parse(one)).toMatchObject({ lotNumber: 'L1', supplier: '', remark: '' });
    const many = receiptBody.parse({ storeId: 1, supplier: '坛墨', lines: [one] });
    expect('lines' in many && many.lines).toHaveLength(1);
    expect(receiptBody.safeParse({ storeId: 1, lines: [] }).success).toBe(false);
    expect(receiptBody.safeParse({ ...one, quantity: 0 }).success).toBe(false);
    expect(receiptBody.safeParse({ ...one, lotNumber: 'a\u0000b' }).success).toBe(false);
  });

  it('needs a remark on a stocktake and takes a zero count', () => {
    const line = { materialId: 1, lotNumber: 'L1', counted: 0 };
    expect(stocktakeBody.safeParse({ storeId: 1, remark: '', lines: [line] }).success).toBe(false);
    expect(stocktakeBody.safeParse({ storeId: 1, remark: '年终', lines: [line] }).success).toBe(
      true,
    );
  });

  it('ships FEFO unless a lot is named, and confirms short lots only when asked', () => {
    const parsed = deliveryBody.parse({
      carrier: '顺丰速运',
      trackingNumber: 'SF1',
      goods: [{ orderGoodsId: 1, quantity: 1, storeId: 1 }],
    });
    expect(parsed.goods[0]!.lotNumber).toBeUndefined();
    expect(parsed.confirmShortExpiry).toBe(false);
  });
});
