import { describe, expect, it } from 'vitest';
import {
  isOverdue,
  monthRange,
  statementTotals,
  type CreditOrderFigure,
} from './statement-totals.ts';

const [JUNE, JULY] = monthRange('2026-06');
const DAY = 86_400_000;
const order = (over: Partial<CreditOrderFigure>): CreditOrderFigure => ({
  orderId: 1,
  amount: 10_000,
  createTime: JUNE + DAY,
  settledTime: null,
  cancelled: false,
  ...over,
});

describe('monthRange', () => {
  it('runs from the first day 00:00 in China to the next month', () => {
    expect(new Date(JUNE).toISOString()).toBe('2026-05-31T16:00:00.000Z');
    expect(new Date(JULY).toISOString()).toBe('2026-06-30T16:00:00.000Z');
    expect(monthRange('2026-12')[1]).toBe(Date.UTC(2027, 0, 1) - 8 * 3_600_000);
  });
});

describe('statementTotals', () => {
  it('carries what was open at the month start, adds its orders, takes off its payments', () => {
    const orders = [
      order({ orderId: 1, createTime: JUNE - DAY, amount: 5_000 }),
      order({ orderId: 2, createTime: JUNE - 2 * DAY, amount: 7_000, settledTime: JUNE - DAY }),
      order({ orderId: 3, createTime: JUNE - 3 * DAY, amount: 2_000, settledTime: JUNE + DAY }),
      order({ orderId: 4, amount: 30_000 }),
      order({ orderId: 5, amount: 99_000, cancelled: true }),
      order({ orderId: 6, createTime: JULY, amount: 1_000 }),
    ];
    const payments = [
      { amount: 2_000, time: JUNE + DAY },
      { amount: 7_000, time: JUNE - DAY },
    ];
    expect(statementTotals('2026-06', orders, payments)).toEqual({
      openingDue: 7_000,
      ordersTotal: 30_000,
      paymentsTotal: 2_000,
      balanceDue: 35_000,
    });
  });

  it('counts an order placed at the month start in that month', () => {
    expect(statementTotals('2026-06', [order({ createTime: JUNE })], []).ordersTotal).toBe(10_000);
    expect(statementTotals('2026-05', [order({ createTime: JUNE })], []).ordersTotal).toBe(0);
  });
});

describe('isOverdue', () => {
  it('is overdue only after its term, unsettled and not cancelled', () => {
    const o = order({ createTime: JUNE });
    expect(isOverdue(o, 30, JUNE + 30 * DAY)).toBe(false);
    expect(isOverdue(o, 30, JUNE + 30 * DAY + 1)).toBe(true);
    expect(isOverdue({ ...o, settledTime: JUNE + DAY }, 30, JULY + DAY)).toBe(false);
    expect(isOverdue({ ...o, cancelled: true }, 30, JULY + DAY)).toBe(false);
  });
});
