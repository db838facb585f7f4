import { PayType, toYuan } from '@labshop/shared';
import type { Db } from '../db/database.ts';
import { now } from '../lib/clock.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import { assertPayTypeOffered, type PaymentsConfig } from '../payments-config.ts';
import { notify } from '../domains/notifications/index.ts';
import {
  assertCan,
  assertNotAwaitingApproval,
  findMemberOrder,
  getOrder,
  moveOrder,
} from '../domains/orders/index.ts';
import {
  payDeadline,
  payFromBalance,
  startGatewayPayment,
  type Device,
  type PaymentStart,
} from '../domains/payments/index.ts';

/*
 * 支付 (docs/payments.md, "Paying an order"): the buyer pays an unpaid, priced order of theirs.
 * The balance pays at once, in one transaction that moves the order to 待发货 (orders) and debits
 * the balance with its ledger row; any other pay type is chosen on the order (orders) and, for
 * WeChat Pay and Alipay, opened at the gateway (payments), whose report pays the order later
 * (payments' settle, with the same 'pay' event).
 */

const ORDER_NOT_FOUND = '订单不存在';
const NOT_PAYABLE = '当前订单状态无法支付';
const NOT_PRICED = '订单待确认价格，客服报价后即可支付';
const PAY_EXPIRED = '订单已超过支付期限';
const CREDIT_SETTLED_LATER = '月结订单由单位按对账单统一结算，无需在线支付';

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
  const order = await findMemberOrder(db, p.userId, p.orderId);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  assertCan(order, 'pay');
  // A credit order is paid by its organization's settlement (docs/contract-prices-credit.md).
  if (order.payType === PayType.CREDIT) throw badRequest(CREDIT_SETTLED_LATER);
  // An organization's order waits for its approval before any money (docs/organizations.md).
  assertNotAwaitingApproval(order);
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
      const paid = await moveOrder(trx, order.id, 'pay', {
        by: 'member',
        set: { payType: PayType.BALANCE, paidAt: t, updatedAt: t },
        guard: { amount },
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
    const moved = await moveOrder(trx, order.id, 'choose-pay-type', {
      by: 'member',
      set: {
        payType: p.payType,
        updatedAt: t,
        ...(toTransfer && !order.transferReference ? { transferReference: order.number } : {}),
      },
      guard: { userId: p.userId },
    });
    // A buyer who switches a priced order to bank transfer owes a transfer staff must look for
    // (an order placed or priced as one has told them already).
    if (moved && toTransfer && order.payType !== PayType.BANK_TRANSFER) {
      await notify(trx, 'staff-transfer-to-confirm', { orderId: order.id });
    }
    return moved;
  });
  if (!chosen) throw badRequest(NOT_PAYABLE);

  if (toTransfer) {
    const detail = await getOrder(db, p.userId, order.id);
    return { ...base, bankTransfer: detail.bankTransfer };
  }
  const started = await startGatewayPayment(db, cfg, order, {
    payType: p.payType,
    device: p.device,
    clientIp: p.clientIp,
    amount,
    deadline,
    at: t,
  });
  return { ...base, ...started };
}
