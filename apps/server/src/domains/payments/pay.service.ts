import { ResultCode, toYuan } from '@labshop/shared';
import type { Db } from '../../db/database.ts';
import type { Row } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { offeredPayTypes, PAY_TYPE_OFF, type PaymentsConfig } from '../../payments-config.ts';
import { mustMoveOrder, refusalOf } from '../orders/index.ts';
import type { Device } from './gateway.ts';
import { gatewayFor, notifyUrl, returnUrl } from './gateways.ts';
import { ORDER_NOT_FOUND, payDeadline } from './payment-rules.ts';
import { record } from './payment-records.ts';
import { closeAtGateway } from './open-payments.service.ts';
import * as repo from './payments.repository.ts';

const GATEWAY_DOWN = '支付渠道暂时不可用，请稍后重试或选择其他支付方式';
const ORDER_CHANGED = '订单已变化，请刷新后重新支付';

export type { Device };

export interface PaymentStart {
  payType: number;
  number: string;
  amount: number;
  deadline: number;
  /** WeChat Native: the code the buyer scans. */
  codeUrl: string | null;
  /** WeChat H5 and Alipay: where the buyer's browser goes. */
  redirectUrl: string | null;
  bankTransfer: {
    accountName: string;
    bankName: string;
    accountNumber: string;
    reference: string;
  } | null;
  /** True when the order is paid already (balance). */
  paid: boolean;
}

/**
 * Opens the order's payment at a gateway (WeChat Pay or Alipay) for the amount it owes, after
 * the pay-type choice (the pay workflow): answers what the buyer's page needs, a code to scan
 * or where to send the browser. The gateway's report pays the order later (settle.ts).
 */
export async function startGatewayPayment(
  db: Db,
  cfg: PaymentsConfig,
  order: Pick<Row<'orders'>, 'id' | 'number'>,
  p: {
    payType: number;
    device: Device;
    clientIp: string;
    amount: number;
    deadline: number;
    at: number;
  },
): Promise<Pick<PaymentStart, 'codeUrl' | 'redirectUrl'>> {
  const gateway = gatewayFor(cfg, p.payType);
  if (!gateway) throw badRequest(PAY_TYPE_OFF);
  const channel = gateway.channelFor(p.device);
  const amount = p.amount;
  // The transaction is known before the gateway is asked: money for it is never a stranger.
  const tx = await openTransaction(db, order, { payType: p.payType, channel, amount, at: p.at });
  const request = {
    outTradeNo: tx.outTradeNo,
    subject: `订单 ${order.number}`,
    amountFen: amount,
    expireAt: p.deadline,
    clientIp: p.clientIp,
    notifyUrl: notifyUrl(cfg, p.payType),
    returnUrl: returnUrl(cfg, order.id),
  };
  const log = { orderId: order.id, payType: p.payType, kind: 'prepay', outTradeNo: tx.outTradeNo };
  let answer;
  try {
    answer = await gateway.prepay(channel, request);
  } catch (err) {
    await record(db, { ...log, verified: false, outcome: 'error', payload: String(err) });
    throw new AppError(502, ResultCode.ERROR, GATEWAY_DOWN);
  }
  await record(db, {
    ...log,
    verified: answer.verified,
    outcome: answer.outcome,
    payload: answer.raw,
  });
  if (!answer.codeUrl && !answer.redirectUrl)
    throw new AppError(502, ResultCode.ERROR, GATEWAY_DOWN);
  // Staff corrected the order while the gateway was asked: the correction's close may have come
  // before this prepay, so it is closed again and the buyer pays the new amount afresh.
  if ((await repo.findTransaction(db, tx.payType, tx.outTradeNo))?.state !== 'open') {
    await closeAtGateway(db, cfg, tx);
    throw badRequest(ORDER_CHANGED);
  }
  return { codeUrl: answer.codeUrl, redirectUrl: answer.redirectUrl };
}

/**
 * The gateway payment the buyer pays now: the order's open one of this pay type, or a new one.
 * A gateway takes each out_trade_no for one amount only, so after a staff correction superseded
 * the first, the next is the order number with a suffix (`_1`, `_2`, ...). The order's row is
 * held while the amount is checked, so a correction either came first (and this payment asks
 * the new amount) or supersedes this payment once it is open (docs/payments.md).
 */
async function openTransaction(
  db: Db,
  order: { id: number; number: string },
  p: { payType: number; channel: string; amount: number; at: number },
): Promise<repo.TransactionRow> {
  const tx = await db.transaction().execute(async (trx) => {
    // 'open-payment' takes the order's row while it still owes this amount (orders' life cycle).
    await mustMoveOrder(trx, order.id, 'open-payment', {
      by: 'member',
      guard: { amount: p.amount },
    });
    const earlier = (await repo.transactionsOfOrder(trx, order.id)).filter(
      (x) => x.payType === p.payType,
    );
    const outTradeNo =
      earlier.find((x) => x.state === 'open')?.outTradeNo ??
      (earlier.length === 0 ? order.number : `${order.number}_${earlier.length}`);
    return repo.upsertTransaction(trx, { orderId: order.id, outTradeNo, ...p });
  });
  if (tx.state !== 'open' || tx.amount !== p.amount) throw badRequest(ORDER_CHANGED);
  return tx;
}

/** What the buyer's pages show about paying an order. */
export async function paymentInfo(
  db: Db,
  cfg: PaymentsConfig,
  userId: number,
  orderId: number,
): Promise<{
  payTypes: number[];
  deadline: number | null;
  refundedAmount: number | null;
  refundPending: boolean;
}> {
  const order = await repo.findOrderOf(db, userId, orderId);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  // The refunds of what paid the order; money that paid nothing of it is told apart.
  const refunds = (await repo.refundsOfOrder(db, order.id)).filter((r) => r.stray === 0);
  const refunded = refunds.filter((r) => r.state === 'success').reduce((s, r) => s + r.amount, 0);
  // Still to be paid: the life cycle lets the buyer pay it.
  const open = refusalOf(order, 'pay') === null;
  return {
    payTypes: offeredPayTypes(cfg),
    deadline: open && order.amount !== null ? payDeadline(cfg, order) : null,
    refundedAmount: refunded > 0 ? toYuan(refunded) : null,
    refundPending: refunds.some((r) => r.state === 'requested' || r.state === 'pending'),
  };
}
