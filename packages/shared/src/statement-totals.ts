/**
 * An organization's monthly statement (对账单) in figures (docs/contract-prices-credit.md,
 * "Statements"). Amounts integer fen, times epoch ms; a month runs from its first day 00:00 to
 * the next month's in China (UTC+8), where the shop and its buyers keep their books.
 */
export interface CreditOrderFigure {
  orderId: number;
  amount: number;
  createTime: number;
  /** When a settlement covered it; null while open. */
  settledTime: number | null;
  cancelled: boolean;
}

export interface PaymentFigure {
  amount: number;
  time: number;
}

export interface StatementTotals {
  openingDue: number;
  ordersTotal: number;
  paymentsTotal: number;
  balanceDue: number;
}

const CHINA_OFFSET = 8 * 3_600_000;

/** The month 'YYYY-MM' as [start, end) epoch ms in China. */
export function monthRange(month: string): [number, number] {
  const [y = 0, m = 1] = month.split('-').map(Number);
  return [Date.UTC(y, m - 1, 1) - CHINA_OFFSET, Date.UTC(y, m, 1) - CHINA_OFFSET];
}

/** Opening due, the month's credit orders and payments, and the balance due at its end. */
export function statementTotals(
  month: string,
  orders: readonly CreditOrderFigure[],
  payments: readonly PaymentFigure[],
): StatementTotals {
  const [start, end] = monthRange(month);
  const live = orders.filter((o) => !o.cancelled);
  const openingDue = live
    .filter((o) => o.createTime < start && (o.settledTime === null || o.settledTime >= start))
    .reduce((sum, o) => sum + o.amount, 0);
  const ordersTotal = live
    .filter((o) => o.createTime >= start && o.createTime < end)
    .reduce((sum, o) => sum + o.amount, 0);
  const paymentsTotal = payments
    .filter((p) => p.time >= start && p.time < end)
    .reduce((sum, p) => sum + p.amount, 0);
  return {
    openingDue,
    ordersTotal,
    paymentsTotal,
    balanceDue: openingDue + ordersTotal - paymentsTotal,
  };
}

/** A credit order is overdue once its term has passed unsettled. */
export function isOverdue(order: CreditOrderFigure, termDays: number, now: number): boolean {
  return (
    !order.cancelled && order.settledTime === null && now > order.createTime + termDays * 86_400_000
  );
}
