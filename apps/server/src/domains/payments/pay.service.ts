import { OrderStatus, PayStatus, PayType, ResultCode, toYuan } from '@labshop/shared';
import type { Db } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import {
  assertPayTypeOffered,
  offeredPayTypes,
  PAY_TYPE_OFF,
  type PaymentsConfig,
} from '../../payments-config.ts';
import { payFromBalance } from './balance-payment.ts';
import { notify } from '../notifications/index.ts';
import { getOrder } from '../orders/orders.service.ts';
import type { Device } from './gateway.ts';
import { gatewayFor, notifyUrl, returnUrl } from './gateways.ts';
import { isOpen, OPEN, ORDER_NOT_FOUND, payDeadline } from './payment-rules.ts';
import { record } from './payment-records.ts';
import { closeAtGateway } from './open-payments.service.ts';
import * as repo from './payments.repository.ts';

const ALREADY_PAID = '订单已支付';
const NOT_PAYABLE = '当前订单状态无法支付';
const ORDER_CLOSED = '订单已关闭，无法支付';
const NOT_PRICED = '订单待确认价格，客服报价后即可支付';
const PAY_EXPIRED = '订单已超过支付期限';
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
 * Pays (or starts paying) an unpaid, priced order of the member's with the chosen pay type: the
 * balance pays at once, a gateway answers what the buyer's page needs, bank transfer answers
 * the bank details and the reference. The order keeps the pay type last chosen.
 */
export async function payOrder(
  db: Db,
  cfg: PaymentsConfig,
  p: { userId: number; orderId: number; payType: number; device: Device; clientIp: string },
): Promise<PaymentStart> {
  const order = await repo.findOrderOf(db, p.userId, p.orderId);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  if (order.payStatus !== PayStatus.UNPAID) throw badRequest(ALREADY_PAID);
  if (order.status === OrderStatus.CANCELLED) throw badRequest(ORDER_CLOSED);
  if (!isOpen(order.status)) throw badRequest(NOT_PAYABLE);
  if (order.amount === null) throw badRequest(NOT_PRICED);
  assertPayTypeOffered(cfg, p.payType);
  const amount = order.amount;
  const t = now();
  const deadline = payDeadline(cfg, { createdAt: order.createdAt, payType: p.payType });
  if (deadline <= t) throw badRequest(PAY_EXPIRED);
  const base = {
    payType: p.payType,
    number: order.number,
    amount: toYuan(amount),
    deadline,
    codeUrl: null,
    redirectUrl: null,
    bankTransfer: null,
    paid: false,
  };

  if (p.payType === PayType.BALANCE) {
    await db.transaction().execute(async (trx) => {
      const paid = await repo.markOrderPaid(trx, {
        orderId: order.id,
        payType: PayType.BALANCE,
        amount,
        openStatuses: OPEN,
        unpaid: PayStatus.UNPAID,
        paid: PayStatus.PAID,
        status: OrderStatus.AWAITING_SHIPMENT,
        at: t,
      });
      if (!paid) throw badRequest(NOT_PAYABLE);
      await payFromBalance(trx, {
        userId: p.userId,
        orderId: order.id,
        orderNumber: order.number,
        amount,
        at: t,
      });
      await notify(trx, 'payment-received', { orderId: order.id });
    });
    return { ...base, paid: true };
  }

  const toTransfer = p.payType === PayType.BANK_TRANSFER;
  const chosen = await db.transaction().execute(async (trx) => {
    const moved = await repo.choosePayType(trx, {
      orderId: order.id,
      userId: p.userId,
      payType: p.payType,
      transferReference: toTransfer && !order.transferReference ? order.number : null,
      unpaid: PayStatus.UNPAID,
      openStatuses: OPEN,
      at: t,
    });
    // A buyer who switches a priced order to bank transfer owes a transfer staff must look for
    // (an order placed or priced as one has told them already).
    if (moved && toTransfer && order.payType !== PayType.BANK_TRANSFER) {
      await notify(trx, 'staff-transfer-to-confirm', { orderId: order.id });
    }
    return moved;
  });
  if (!chosen) throw badRequest(NOT_PAYABLE);

  if (p.payType === PayType.BANK_TRANSFER) {
    const detail = await getOrder(db, p.userId, order.id);
    return { ...base, bankTransfer: detail.bankTransfer };
  }

  const gateway = gatewayFor(cfg, p.payType);
  if (!gateway) throw badRequest(PAY_TYPE_OFF);
  const channel = gateway.channelFor(p.device);
  // The transaction is known before the gateway is asked: money for it is never a stranger.
  const tx = await openTransaction(db, order, { payType: p.payType, channel, amount, at: t });
  const request = {
    outTradeNo: tx.outTradeNo,
    subject: `订单 ${order.number}`,
    amountFen: amount,
    expireAt: deadline,
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
  return { ...base, codeUrl: answer.codeUrl, redirectUrl: answer.redirectUrl };
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
    const held = await repo.holdOrderAmount(trx, {
      orderId: order.id,
      amount: p.amount,
      unpaid: PayStatus.UNPAID,
      openStatuses: OPEN,
    });
    if (!held) throw badRequest(ORDER_CHANGED);
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
  const open = order.payStatus === PayStatus.UNPAID && isOpen(order.status);
  return {
    payTypes: offeredPayTypes(cfg),
    deadline: open && order.amount !== null ? payDeadline(cfg, order) : null,
    refundedAmount: refunded > 0 ? toYuan(refunded) : null,
    refundPending: refunds.some((r) => r.state === 'requested' || r.state === 'pending'),
  };
}
