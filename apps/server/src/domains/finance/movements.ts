import { BalanceBusiness, BalanceType, PAY_TYPE_LABEL, PayType } from '@labshop/shared';
import type { Db } from '../../db/database.ts';
import { recordsWithin } from '../balance/index.ts';
import {
  bankPaymentsWithin,
  creditSettlementsWithin,
  paidWithin,
  refundedWithin,
} from '../payments/index.ts';

/**
 * One movement of money for reconciliation (docs/console.md, "Lists"): what came in is
 * positive, what went back (refunds) negative, in fen.
 */
export interface Movement {
  at: number;
  orderId: number | null;
  /** The member, when the movement names one without an order (balance adjustments). */
  userId: number | null;
  payType: number;
  /** 余额支付, 银行转账, 微信支付退款 … */
  kind: string;
  /** The bank reference or the gateway's transaction or refund id. */
  reference: string;
  amountFen: number;
  /** The staff member who recorded it, if one did. */
  staffId: number | null;
  remark: string;
}

export interface Period {
  from: number;
  to: number;
}

/**
 * Where movements are recorded: each source reads its owner's records through the owner's
 * public face (apps/server/test/architecture.test.ts, FACES) and says which pay types it
 * covers, so a new kind of movement is one more entry here.
 */
interface MovementSource {
  payTypes: readonly number[];
  read: (db: Db, period: Period, payType: number | undefined, limit: number) => Promise<Movement[]>;
}

const gatewayName = (payType: number) => PAY_TYPE_LABEL[payType] ?? '在线支付';

/** A balance record from the shop's side: a member paying from the balance is money in. */
function balanceMovement(r: Awaited<ReturnType<typeof recordsWithin>>[number]): Movement {
  const kind =
    r.business === BalanceBusiness.SHOPPING
      ? '余额支付'
      : r.business === BalanceBusiness.REFUND
        ? '余额退款'
        : '余额调整';
  // An adjustment adds money the member brought (or takes back what was given); order payments
  // and refunds move it the other way round.
  const inward =
    r.business === BalanceBusiness.ADJUSTMENT
      ? r.type === BalanceType.INCOME
      : r.type === BalanceType.EXPENSE;
  return {
    at: r.createdAt,
    orderId: r.orderId,
    userId: r.userId,
    payType: PayType.BALANCE,
    kind,
    reference: '',
    amountFen: inward ? r.amount : -r.amount,
    staffId: null,
    remark: r.remark,
  };
}

export const SOURCES: readonly MovementSource[] = [
  {
    // Members' balances: payments, refunds to the balance and finance's adjustments.
    payTypes: [PayType.BALANCE],
    read: async (db, period, _payType, limit) =>
      (await recordsWithin(db, period, limit)).map(balanceMovement),
  },
  {
    // Bank transfers finance confirmed, and the bank refunds to pay out (in part or by a cancel).
    payTypes: [PayType.BANK_TRANSFER],
    read: async (db, period, _payType, limit) =>
      (await bankPaymentsWithin(db, period, limit)).map((p) => {
        const refund = p.kind === 2;
        return {
          at: p.createdAt,
          orderId: p.orderId,
          userId: null,
          payType: p.payType,
          kind: refund ? '银行转账退款' : '银行转账',
          reference: refund ? '' : p.reference,
          amountFen: refund ? -p.amount : p.amount,
          staffId: p.staffId,
          remark: refund ? p.reference : '',
        };
      }),
  },
  {
    // Credit (月结) orders settled by their organization's payment, the settlement's reference.
    payTypes: [PayType.CREDIT],
    read: async (db, period, _payType, limit) =>
      (await creditSettlementsWithin(db, period, limit)).map((p) => ({
        at: p.createdAt,
        orderId: p.orderId,
        userId: null,
        payType: p.payType,
        kind: '月结回款',
        reference: p.reference,
        amountFen: p.amount,
        staffId: p.staffId,
        remark: '',
      })),
  },
  {
    // WeChat Pay and Alipay payments, once paid.
    payTypes: [PayType.WECHAT, PayType.ALIPAY],
    read: async (db, period, payType, limit) =>
      (await paidWithin(db, { ...period, payType }, limit)).map((t) => ({
        at: t.paidAt ?? t.updatedAt,
        orderId: t.orderId,
        userId: null,
        payType: t.payType,
        kind: gatewayName(t.payType),
        reference: t.gatewayTradeNo,
        amountFen: t.amount,
        staffId: null,
        remark: '',
      })),
  },
  {
    // Their refunds, once the gateway reports them done.
    payTypes: [PayType.WECHAT, PayType.ALIPAY],
    read: async (db, period, payType, limit) =>
      (await refundedWithin(db, { ...period, payType }, limit)).map((r) => ({
        at: r.completedAt ?? r.createdAt,
        orderId: r.orderId,
        userId: null,
        payType: r.payType,
        kind: `${gatewayName(r.payType)}退款`,
        reference: r.gatewayRefundId || r.outRefundNo,
        amountFen: -r.amount,
        staffId: r.staffId,
        remark: r.reason,
      })),
  },
];

/**
 * Every movement of the period (of one pay type, when given), oldest first; at most `limit`
 * plus one, so the caller can tell that there are more than it may write.
 */
export async function movementsWithin(
  db: Db,
  period: Period,
  payType: number | undefined,
  limit: number,
): Promise<Movement[]> {
  const sources = SOURCES.filter((s) => payType === undefined || s.payTypes.includes(payType));
  const read = await Promise.all(sources.map((s) => s.read(db, period, payType, limit + 1)));
  return read
    .flat()
    .sort((a, b) => a.at - b.at)
    .slice(0, limit + 1);
}
