import type { StatementRow } from './parse.ts';

// Matching statement rows to orders waiting for money (docs/contract-prices-credit.md, "Bank
// statements"): by the order's transfer reference in the memo first, otherwise by exact amount
// and payer name; a row that could be several orders is left to staff, and no order takes two
// rows.

/** An order waiting for money: an unpaid transfer order, or a credit order not settled. */
export interface WaitingOrder {
  orderId: number;
  /** Its transfer reference ('' when it has none). */
  reference: string;
  /** What is due, in fen. */
  amount: number;
  /** Names the payer may use: the invoice title, the organization, the buyer. */
  payerNames: readonly string[];
}

export type MatchedBy = 'reference' | 'amountAndName';

export interface Matched {
  row: number;
  orderId: number;
  by: MatchedBy;
}

export interface Unmatched {
  row: number;
  msg: string;
}

export const MSG_NO_ORDER = '未找到对应的待付款订单';
export const MSG_AMBIGUOUS = '金额与付款人对应多个订单，请人工核对';
export const MSG_TAKEN = '对应订单已由前面的行匹配';
export const MSG_AMOUNT_DIFFERS = '附言中的订单金额不符';

const squash = (s: string) => s.replace(/\s+/g, '').toUpperCase();

export function matchStatement(
  rows: readonly StatementRow[],
  orders: readonly WaitingOrder[],
): { matched: Matched[]; unmatched: Unmatched[] } {
  const matched: Matched[] = [];
  const unmatched: Unmatched[] = [];
  const taken = new Set<number>();
  const byRef = orders
    .filter((o) => o.reference !== '')
    .sort((a, b) => b.reference.length - a.reference.length);

  for (const r of rows) {
    if (r.msg !== undefined || r.amount === null) {
      unmatched.push({ row: r.row, msg: r.msg ?? '金额无法识别' });
      continue;
    }
    const memo = squash(r.memo);
    const refOrder =
      memo === '' ? undefined : byRef.find((o) => memo.includes(squash(o.reference)));
    if (refOrder) {
      if (taken.has(refOrder.orderId)) unmatched.push({ row: r.row, msg: MSG_TAKEN });
      else if (refOrder.amount !== r.amount)
        unmatched.push({ row: r.row, msg: MSG_AMOUNT_DIFFERS });
      else {
        taken.add(refOrder.orderId);
        matched.push({ row: r.row, orderId: refOrder.orderId, by: 'reference' });
      }
      continue;
    }
    const payer = squash(r.payerName);
    const same = orders.filter(
      (o) => o.amount === r.amount && payer !== '' && o.payerNames.some((n) => squash(n) === payer),
    );
    const [order] = same;
    if (!order) unmatched.push({ row: r.row, msg: MSG_NO_ORDER });
    else if (same.length > 1) unmatched.push({ row: r.row, msg: MSG_AMBIGUOUS });
    else if (taken.has(order.orderId)) unmatched.push({ row: r.row, msg: MSG_TAKEN });
    else {
      taken.add(order.orderId);
      matched.push({ row: r.row, orderId: order.orderId, by: 'amountAndName' });
    }
  }
  return { matched, unmatched };
}
