import { randomBytes } from 'node:crypto';
import { OrderStatus, PayStatus, PayType, toYuan } from '@labshop/shared';
import type { Db } from '../../db/database.ts';
import type { Row } from '../../db/schema.ts';
import { now } from '../../lib/clock.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { ResultCode } from '@labshop/shared';
import { payFromBalance } from '../orders/balance-payment.ts';
import { getOrder } from '../orders/orders.service.ts';
import { AlipayClient, fenOfYuanText } from './alipay.ts';
import type { PaymentsConfig } from './payments.config.ts';
import * as repo from './payments.repository.ts';
import { WechatPayClient, type SignedHeaders } from './wechatpay.ts';

const PAY_TYPE_OFF = '该支付方式暂未开通，请选择其他支付方式';
const ORDER_NOT_FOUND = '订单不存在';
const ALREADY_PAID = '订单已支付';
const NOT_PAYABLE = '当前订单状态无法支付';
const ORDER_CLOSED = '订单已关闭，无法支付';
const NOT_PRICED = '订单待确认价格，客服报价后即可支付';
const PAY_EXPIRED = '订单已超过支付期限';
const GATEWAY_DOWN = '支付渠道暂时不可用，请稍后重试或选择其他支付方式';

/** Statuses in which an unpaid order can still be paid or closed. */
const OPEN = [OrderStatus.PENDING, OrderStatus.AWAITING_SHIPMENT];
/** The gateway's notification comes first; the query only fills in when it is late. */
const QUERY_AFTER_MS = 60_000;

/** A text field of a gateway answer, or the fallback when it is missing or not text. */
const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);

type Gateways = { wechat: WechatPayClient | null; alipay: AlipayClient | null };
const clients = new WeakMap<PaymentsConfig, Gateways>();

function gatewaysOf(cfg: PaymentsConfig): Gateways {
  let g = clients.get(cfg);
  if (!g) {
    g = {
      wechat: cfg.wechat ? new WechatPayClient(cfg.wechat) : null,
      alipay: cfg.alipay ? new AlipayClient(cfg.alipay) : null,
    };
    clients.set(cfg, g);
  }
  return g;
}

/** Pay types the shop can collect now: bank transfer and balance always, gateways when set up. */
export function offeredPayTypes(cfg: PaymentsConfig): number[] {
  const types: number[] = [PayType.BANK_TRANSFER];
  if (cfg.wechat) types.push(PayType.WECHAT);
  if (cfg.alipay) types.push(PayType.ALIPAY);
  types.push(PayType.BALANCE);
  return types;
}

export function assertPayTypeOffered(cfg: PaymentsConfig, payType: number): void {
  if (!offeredPayTypes(cfg).includes(payType)) throw badRequest(PAY_TYPE_OFF);
}

/** When an unpaid order closes: creation time plus the limit of its pay type. */
function payDeadline(
  cfg: PaymentsConfig,
  order: Pick<Row<'orders'>, 'createdAt' | 'payType'>,
): number {
  return (
    order.createdAt +
    (order.payType === PayType.BANK_TRANSFER ? cfg.bankTimeoutMs : cfg.onlineTimeoutMs)
  );
}

const notifyUrl = (cfg: PaymentsConfig, gateway: 'wechat' | 'alipay') =>
  `${cfg.notifyBaseUrl}/client/v1/payments/${gateway}/notify`;
const returnUrl = (cfg: PaymentsConfig, orderId: number) =>
  `${cfg.notifyBaseUrl}/pay/return?orderId=${orderId}`;

async function record(
  db: Db,
  r: {
    orderId: number | null;
    payType: number;
    kind: string;
    outTradeNo?: string;
    verified: boolean;
    outcome: string;
    payload: string;
  },
): Promise<void> {
  await repo.insertRecord(db, {
    orderId: r.orderId,
    payType: r.payType,
    kind: r.kind,
    outTradeNo: r.outTradeNo ?? '',
    verified: r.verified ? 1 : 0,
    outcome: r.outcome,
    payload: r.payload.slice(0, 64_000),
    createdAt: now(),
  });
}

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

export type Device = 'pc' | 'mobile';

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
  if (!OPEN.includes(order.status as (typeof OPEN)[number])) throw badRequest(NOT_PAYABLE);
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
    });
    return { ...base, paid: true };
  }

  const chosen = await repo.choosePayType(db, {
    orderId: order.id,
    userId: p.userId,
    payType: p.payType,
    transferReference:
      p.payType === PayType.BANK_TRANSFER && !order.transferReference ? order.number : null,
    unpaid: PayStatus.UNPAID,
    openStatuses: OPEN,
    at: t,
  });
  if (!chosen) throw badRequest(NOT_PAYABLE);

  if (p.payType === PayType.BANK_TRANSFER) {
    const detail = await getOrder(db, p.userId, order.id);
    return { ...base, bankTransfer: detail.bankTransfer };
  }

  const g = gatewaysOf(cfg);
  const subject = `订单 ${order.number}`;
  if (p.payType === PayType.WECHAT && g.wechat) {
    const channel = p.device === 'mobile' ? 'h5' : 'native';
    await repo.upsertTransaction(db, {
      orderId: order.id,
      payType: PayType.WECHAT,
      channel,
      outTradeNo: order.number,
      amount,
      at: t,
    });
    let answer;
    try {
      answer = await g.wechat.prepay(channel, {
        outTradeNo: order.number,
        description: subject,
        amountFen: amount,
        notifyUrl: notifyUrl(cfg, 'wechat'),
        expireAt: deadline,
        clientIp: p.clientIp,
      });
    } catch (err) {
      await record(db, {
        orderId: order.id,
        payType: PayType.WECHAT,
        kind: 'prepay',
        outTradeNo: order.number,
        verified: false,
        outcome: 'error',
        payload: String(err),
      });
      throw new AppError(502, ResultCode.ERROR, GATEWAY_DOWN);
    }
    const url = channel === 'native' ? answer.data.code_url : answer.data.h5_url;
    const good = answer.verified && answer.status === 200 && typeof url === 'string' && url !== '';
    await record(db, {
      orderId: order.id,
      payType: PayType.WECHAT,
      kind: 'prepay',
      outTradeNo: order.number,
      verified: answer.verified,
      outcome: good ? channel : `failed_${answer.status}`,
      payload: answer.raw,
    });
    if (!good) throw new AppError(502, ResultCode.ERROR, GATEWAY_DOWN);
    return channel === 'native' ? { ...base, codeUrl: url } : { ...base, redirectUrl: url };
  }

  if (p.payType === PayType.ALIPAY && g.alipay) {
    const channel = p.device === 'mobile' ? 'wap' : 'page';
    await repo.upsertTransaction(db, {
      orderId: order.id,
      payType: PayType.ALIPAY,
      channel,
      outTradeNo: order.number,
      amount,
      at: t,
    });
    const url = g.alipay.payUrl({
      channel,
      outTradeNo: order.number,
      amountFen: amount,
      subject,
      returnUrl: returnUrl(cfg, order.id),
      notifyUrl: notifyUrl(cfg, 'alipay'),
      expireAt: deadline,
    });
    await record(db, {
      orderId: order.id,
      payType: PayType.ALIPAY,
      kind: 'prepay',
      outTradeNo: order.number,
      verified: true,
      outcome: channel,
      payload: url,
    });
    return { ...base, redirectUrl: url };
  }
  throw badRequest(PAY_TYPE_OFF);
}

type SettleOutcome =
  'paid' | 'duplicate' | 'paid_order_closed' | 'unknown_order' | 'amount_mismatch';

/**
 * Applies a genuine, successful payment report (notification or query) exactly once: the
 * transaction moves to paid by a conditional update, and only the caller that moved it marks
 * the order paid, so racing notifications, return pages and queries pay the order once.
 */
async function settle(
  db: Db,
  p: {
    payType: number;
    outTradeNo: string;
    amountFen: number | null;
    currency: string;
    gatewayTradeNo: string;
    kind: string;
    payload: string;
  },
): Promise<SettleOutcome> {
  return db.transaction().execute(async (trx) => {
    const tx = await repo.findTransaction(trx, p.payType, p.outTradeNo);
    const order = tx ? await repo.findOrderById(trx, tx.orderId) : undefined;
    let outcome: SettleOutcome;
    if (!tx || !order) outcome = 'unknown_order';
    else if (p.amountFen !== tx.amount || p.amountFen !== order.amount || p.currency !== 'CNY') {
      outcome = 'amount_mismatch';
    } else {
      const t = now();
      if (!(await repo.markTransactionPaid(trx, tx.id, p.gatewayTradeNo, t))) outcome = 'duplicate';
      else {
        const paid = await repo.markOrderPaid(trx, {
          orderId: order.id,
          payType: p.payType,
          amount: tx.amount,
          openStatuses: OPEN,
          unpaid: PayStatus.UNPAID,
          paid: PayStatus.PAID,
          status: OrderStatus.AWAITING_SHIPMENT,
          at: t,
        });
        // Money that arrives for an order already closed or paid otherwise stays visible to
        // the staff as a paid transaction to refund.
        outcome = paid ? 'paid' : 'paid_order_closed';
      }
    }
    await record(trx, {
      orderId: order?.id ?? null,
      payType: p.payType,
      kind: p.kind,
      outTradeNo: p.outTradeNo,
      verified: true,
      outcome,
      payload: p.payload,
    });
    return outcome;
  });
}

/** Handles POST /client/v1/payments/wechat/notify; answers whether WeChat may stop retrying. */
export async function handleWechatNotify(
  db: Db,
  cfg: PaymentsConfig,
  headers: Partial<SignedHeaders>,
  raw: string,
): Promise<boolean> {
  const client = gatewaysOf(cfg).wechat;
  const opened = client ? client.openNotification(headers, raw, now()) : null;
  if (!client || !opened) {
    await record(db, {
      orderId: null,
      payType: PayType.WECHAT,
      kind: 'notify',
      verified: false,
      outcome: 'bad_signature',
      payload: raw,
    });
    return false;
  }
  const r = opened.resource;
  const payload = JSON.stringify({ notification: JSON.parse(raw) as unknown, resource: r });
  const outTradeNo = typeof r.out_trade_no === 'string' ? r.out_trade_no : '';
  if (opened.eventType.startsWith('REFUND.')) {
    return handleRefundReport(db, {
      payType: PayType.WECHAT,
      outRefundNo: typeof r.out_refund_no === 'string' ? r.out_refund_no : '',
      status:
        r.refund_status === 'SUCCESS'
          ? 'success'
          : r.refund_status === 'PROCESSING'
            ? null
            : 'failed',
      gatewayRefundId: typeof r.refund_id === 'string' ? r.refund_id : '',
      kind: 'refund_notify',
      payload,
    });
  }
  if (r.mchid !== client.mchId || r.appid !== client.appId || r.trade_state !== 'SUCCESS') {
    await record(db, {
      orderId: null,
      payType: PayType.WECHAT,
      kind: 'notify',
      outTradeNo,
      verified: true,
      outcome: 'not_success',
      payload,
    });
    return true;
  }
  const amount = (r.amount ?? {}) as { total?: unknown; currency?: unknown };
  const outcome = await settle(db, {
    payType: PayType.WECHAT,
    outTradeNo,
    amountFen: typeof amount.total === 'number' ? amount.total : null,
    currency: typeof amount.currency === 'string' ? amount.currency : '',
    gatewayTradeNo: typeof r.transaction_id === 'string' ? r.transaction_id : '',
    kind: 'notify',
    payload,
  });
  return outcome !== 'unknown_order' && outcome !== 'amount_mismatch';
}

/** Handles POST /client/v1/payments/alipay/notify; answers whether to reply "success". */
export async function handleAlipayNotify(
  db: Db,
  cfg: PaymentsConfig,
  fields: Record<string, string>,
  raw: string,
): Promise<boolean> {
  const client = gatewaysOf(cfg).alipay;
  if (!client || !client.verifyNotification(fields)) {
    await record(db, {
      orderId: null,
      payType: PayType.ALIPAY,
      kind: 'notify',
      outTradeNo: fields.out_trade_no ?? '',
      verified: false,
      outcome: 'bad_signature',
      payload: raw,
    });
    return false;
  }
  const outTradeNo = fields.out_trade_no ?? '';
  const status = fields.trade_status ?? '';
  if (
    fields.app_id !== client.appId ||
    (status !== 'TRADE_SUCCESS' && status !== 'TRADE_FINISHED')
  ) {
    await record(db, {
      orderId: null,
      payType: PayType.ALIPAY,
      kind: 'notify',
      outTradeNo,
      verified: true,
      outcome: 'not_success',
      payload: raw,
    });
    return true;
  }
  const outcome = await settle(db, {
    payType: PayType.ALIPAY,
    outTradeNo,
    amountFen: fenOfYuanText(fields.total_amount),
    // Alipay trades of this shop are in yuan; a foreign settlement currency is not accepted.
    currency:
      fields.trans_currency && fields.trans_currency !== 'CNY' ? fields.trans_currency : 'CNY',
    gatewayTradeNo: fields.trade_no ?? '',
    kind: 'notify',
    payload: raw,
  });
  return outcome !== 'unknown_order' && outcome !== 'amount_mismatch';
}

/** Asks the gateway about one open transaction and settles it when it was paid. */
async function queryTransaction(
  db: Db,
  cfg: PaymentsConfig,
  tx: repo.TransactionRow,
): Promise<'paid' | 'unpaid' | 'error'> {
  const g = gatewaysOf(cfg);
  try {
    if (tx.payType === PayType.WECHAT && g.wechat) {
      const a = await g.wechat.query(tx.outTradeNo);
      const success = a.verified && a.status === 200 && a.data.trade_state === 'SUCCESS';
      if (!success) {
        await record(db, {
          orderId: tx.orderId,
          payType: tx.payType,
          kind: 'query',
          outTradeNo: tx.outTradeNo,
          verified: a.verified,
          outcome: str(a.data.trade_state, `http_${a.status}`),
          payload: a.raw,
        });
        return a.verified ? 'unpaid' : 'error';
      }
      const amount = (a.data.amount ?? {}) as { total?: unknown; currency?: unknown };
      const outcome = await settle(db, {
        payType: tx.payType,
        outTradeNo: tx.outTradeNo,
        amountFen: typeof amount.total === 'number' ? amount.total : null,
        currency: typeof amount.currency === 'string' ? amount.currency : '',
        gatewayTradeNo: typeof a.data.transaction_id === 'string' ? a.data.transaction_id : '',
        kind: 'query',
        payload: a.raw,
      });
      return outcome === 'amount_mismatch' || outcome === 'unknown_order' ? 'error' : 'paid';
    }
    if (tx.payType === PayType.ALIPAY && g.alipay) {
      const a = await g.alipay.query(tx.outTradeNo);
      const status = a.data.trade_status;
      if (!a.ok || (status !== 'TRADE_SUCCESS' && status !== 'TRADE_FINISHED')) {
        await record(db, {
          orderId: tx.orderId,
          payType: tx.payType,
          kind: 'query',
          outTradeNo: tx.outTradeNo,
          verified: a.verified,
          outcome: str(status, str(a.data.sub_code, 'error')),
          payload: a.raw,
        });
        return a.verified ? 'unpaid' : 'error';
      }
      const outcome = await settle(db, {
        payType: tx.payType,
        outTradeNo: tx.outTradeNo,
        amountFen: fenOfYuanText(a.data.total_amount),
        currency: 'CNY',
        gatewayTradeNo: typeof a.data.trade_no === 'string' ? a.data.trade_no : '',
        kind: 'query',
        payload: a.raw,
      });
      return outcome === 'amount_mismatch' || outcome === 'unknown_order' ? 'error' : 'paid';
    }
  } catch (err) {
    await record(db, {
      orderId: tx.orderId,
      payType: tx.payType,
      kind: 'query',
      outTradeNo: tx.outTradeNo,
      verified: false,
      outcome: 'error',
      payload: String(err),
    });
  }
  return 'error';
}

/**
 * The buyer is back from the gateway (or the payment page polls): asks the gateway about the
 * order's open payments, so a late notification does not keep a paid order unpaid.
 */
export async function syncOrderPayment(
  db: Db,
  cfg: PaymentsConfig,
  userId: number,
  orderId: number,
): Promise<{ payStatus: number; status: number }> {
  const order = await repo.findOrderOf(db, userId, orderId);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  if (order.payStatus === PayStatus.UNPAID) {
    for (const tx of await repo.transactionsOfOrder(db, order.id)) {
      if (tx.state === 'open') await queryTransaction(db, cfg, tx);
    }
  }
  const after = await repo.findOrderOf(db, userId, orderId);
  return { payStatus: after?.payStatus ?? order.payStatus, status: after?.status ?? order.status };
}

/** Scheduled: queries gateway payments still open a minute after they started. */
export async function queryOpenPayments(db: Db, cfg: PaymentsConfig, limit = 100): Promise<number> {
  const open = await repo.openTransactions(db, now() - QUERY_AFTER_MS, limit);
  let paid = 0;
  for (const tx of open) if ((await queryTransaction(db, cfg, tx)) === 'paid') paid += 1;
  return paid;
}

/** Closes one transaction at its gateway; answers whether it is closed there (or never existed). */
async function closeAtGateway(
  db: Db,
  cfg: PaymentsConfig,
  tx: repo.TransactionRow,
): Promise<boolean> {
  const g = gatewaysOf(cfg);
  try {
    if (tx.payType === PayType.WECHAT && g.wechat) {
      const a = await g.wechat.close(tx.outTradeNo);
      const closed = a.status === 204 || a.status === 200;
      await record(db, {
        orderId: tx.orderId,
        payType: tx.payType,
        kind: 'close',
        outTradeNo: tx.outTradeNo,
        verified: a.verified,
        outcome: closed ? 'closed' : `failed_${a.status}`,
        payload: a.raw,
      });
      return closed;
    }
    if (tx.payType === PayType.ALIPAY && g.alipay) {
      const a = await g.alipay.close(tx.outTradeNo);
      // A trade the buyer never opened at Alipay does not exist there: nothing to close.
      const closed = a.ok || a.data.sub_code === 'ACQ.TRADE_NOT_EXIST';
      await record(db, {
        orderId: tx.orderId,
        payType: tx.payType,
        kind: 'close',
        outTradeNo: tx.outTradeNo,
        verified: a.verified,
        outcome: closed ? 'closed' : str(a.data.sub_code, 'failed'),
        payload: a.raw,
      });
      return closed;
    }
  } catch (err) {
    await record(db, {
      orderId: tx.orderId,
      payType: tx.payType,
      kind: 'close',
      outTradeNo: tx.outTradeNo,
      verified: false,
      outcome: 'error',
      payload: String(err),
    });
  }
  return false;
}

/**
 * Scheduled: closes unpaid orders past their deadline. Each open gateway payment is asked first
 * (a payment that did arrive wins), then closed at the gateway; the order closes only when every
 * gateway confirmed, so money can never arrive for an order the shop has closed.
 */
export async function closeTimedOutOrders(
  db: Db,
  cfg: PaymentsConfig,
  limit = 100,
): Promise<number> {
  const t = now();
  const due = await repo.timedOutOrders(db, {
    unpaid: PayStatus.UNPAID,
    openStatuses: OPEN,
    bankType: PayType.BANK_TRANSFER,
    bankBefore: t - cfg.bankTimeoutMs,
    onlineBefore: t - cfg.onlineTimeoutMs,
    limit,
  });
  let closed = 0;
  for (const order of due) {
    let allClosed = true;
    let paid = false;
    for (const tx of await repo.transactionsOfOrder(db, order.id)) {
      if (tx.state !== 'open') continue;
      const state = await queryTransaction(db, cfg, tx);
      if (state === 'paid') {
        paid = true;
        break;
      }
      if (!(await closeAtGateway(db, cfg, tx))) allClosed = false;
      else await repo.markTransactionClosed(db, tx.id, now());
    }
    if (paid || !allClosed) continue;
    if (
      await repo.closeOrder(db, {
        orderId: order.id,
        unpaid: PayStatus.UNPAID,
        openStatuses: OPEN,
        cancelled: OrderStatus.CANCELLED,
        at: now(),
      })
    ) {
      closed += 1;
    }
  }
  return closed;
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
  const refunds = await repo.refundsOfOrder(db, order.id);
  const refunded = refunds.filter((r) => r.state === 'success').reduce((s, r) => s + r.amount, 0);
  const open =
    order.payStatus === PayStatus.UNPAID && OPEN.includes(order.status as (typeof OPEN)[number]);
  return {
    payTypes: offeredPayTypes(cfg),
    deadline: open && order.amount !== null ? payDeadline(cfg, order) : null,
    refundedAmount: refunded > 0 ? toYuan(refunded) : null,
    refundPending: refunds.some((r) => r.state === 'requested' || r.state === 'pending'),
  };
}

const REFUND_NOT_ONLINE = '未找到该订单的微信/支付宝付款记录，无法原路退款';
const REFUND_TOO_MUCH = '退款金额超出可退金额';
const REFUND_NOT_PAID = '订单未支付，无需退款';

/** A refund number: the order number and 8 random hex characters (unique per attempt). */
const newRefundNo = (orderNumber: string) => `${orderNumber}R${randomBytes(4).toString('hex')}`;

export interface RefundRequest {
  orderId: number;
  /** Fen; omitted: whatever of the paid amount is not refunded yet. */
  amountFen?: number;
  reason: string;
  staffId: number | null;
}

/**
 * Reserves a refund of an order paid by WeChat Pay or Alipay, in the caller's transaction (so a
 * cancel or an audit row commits with it): the refund row is 'requested' until sendRefund
 * hands it to the gateway. The sum of refunds never exceeds what the gateway collected.
 * `orderPaidCheck` false lets a caller that has just cancelled the order in the same
 * transaction (and set it refunded) request the refund of its payment.
 */
export async function requestRefund(
  trx: Db,
  p: RefundRequest,
  orderPaidCheck = true,
): Promise<repo.RefundRow> {
  const order = await repo.findOrderById(trx, p.orderId);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  if (orderPaidCheck && (order.payStatus !== PayStatus.PAID || order.amount === null)) {
    throw badRequest(REFUND_NOT_PAID);
  }
  const tx = (await repo.transactionsOfOrder(trx, order.id)).find(
    (x) => x.state === 'paid' && x.payType === order.payType,
  );
  if (!tx) throw badRequest(REFUND_NOT_ONLINE);
  const already = await repo.refundedOrPendingFen(trx, order.id);
  const amount = p.amountFen ?? tx.amount - already;
  if (!Number.isInteger(amount) || amount <= 0 || already + amount > tx.amount) {
    throw badRequest(REFUND_TOO_MUCH);
  }
  return repo.insertRefund(trx, {
    orderId: order.id,
    payType: tx.payType,
    outTradeNo: tx.outTradeNo,
    outRefundNo: newRefundNo(order.number),
    amount,
    state: 'requested',
    reason: p.reason,
    staffId: p.staffId,
    gatewayRefundId: '',
    createdAt: now(),
  });
}

/**
 * Hands a requested refund to its gateway (again, if an earlier try got no answer: both
 * gateways treat a repeated refund number as the same refund). WeChat answers 'processing' and
 * its refund notification completes it; Alipay answers at once.
 */
async function sendRefund(
  db: Db,
  cfg: PaymentsConfig,
  refund: repo.RefundRow,
): Promise<void> {
  const g = gatewaysOf(cfg);
  const tx = await repo.findTransaction(db, refund.payType, refund.outTradeNo);
  if (!tx) return;
  const base = {
    orderId: refund.orderId,
    payType: refund.payType,
    kind: 'refund',
    outTradeNo: refund.outTradeNo,
  };
  try {
    if (refund.payType === PayType.WECHAT && g.wechat) {
      const a = await g.wechat.refund({
        outTradeNo: refund.outTradeNo,
        outRefundNo: refund.outRefundNo,
        refundFen: refund.amount,
        totalFen: tx.amount,
        reason: refund.reason,
        notifyUrl: notifyUrl(cfg, 'wechat'),
      });
      const accepted = a.verified && a.status === 200;
      await record(db, {
        ...base,
        verified: a.verified,
        outcome: accepted ? str(a.data.status, 'accepted') : `failed_${a.status}`,
        payload: a.raw,
      });
      if (accepted) {
        await repo.markRefundSent(db, refund.id, str(a.data.refund_id));
        if (a.data.status === 'SUCCESS')
          await completeRefund(db, refund, 'success', str(a.data.refund_id));
      } else if (a.verified && a.status >= 400 && a.status < 500) {
        await repo.finishRefund(db, {
          id: refund.id,
          state: 'failed',
          gatewayRefundId: '',
          at: now(),
        });
      }
    } else if (refund.payType === PayType.ALIPAY && g.alipay) {
      const a = await g.alipay.refund({
        outTradeNo: refund.outTradeNo,
        outRequestNo: refund.outRefundNo,
        refundFen: refund.amount,
        reason: refund.reason,
      });
      await record(db, {
        ...base,
        verified: a.verified,
        outcome: a.ok ? str(a.data.fund_change, 'accepted') : str(a.data.sub_code, 'failed'),
        payload: a.raw,
      });
      if (a.ok) {
        await repo.markRefundSent(db, refund.id, str(a.data.trade_no));
        // fund_change N: this request moved no money (a repeat); the refund query settles it.
        if (a.data.fund_change === 'Y')
          await completeRefund(db, refund, 'success', str(a.data.trade_no));
      } else if (a.verified) {
        await repo.finishRefund(db, {
          id: refund.id,
          state: 'failed',
          gatewayRefundId: '',
          at: now(),
        });
      }
    } else {
      await record(db, { ...base, verified: false, outcome: 'gateway_off', payload: '' });
    }
  } catch (err) {
    // The request may or may not have reached the gateway: the refund stays as it is and the
    // scheduled job sends it again with the same refund number.
    await record(db, { ...base, verified: false, outcome: 'error', payload: String(err) });
  }
}

/** Sends the refunds still waiting to go to their gateway (of one order, or all of them). */
export async function sendRequestedRefunds(
  db: Db,
  cfg: PaymentsConfig,
  orderId?: number,
): Promise<void> {
  for (const refund of await repo.requestedRefunds(db, orderId, 50))
    await sendRefund(db, cfg, refund);
}

/**
 * Refunds an order paid by WeChat Pay or Alipay through its gateway, in full (amountFen
 * omitted) or in part; `audit` writes the staff's audit row in the same transaction. Once the
 * refunds cover the paid amount the order is refunded. Answers the refund as it stands.
 */
export async function refundOnlinePayment(
  db: Db,
  cfg: PaymentsConfig,
  p: RefundRequest,
  audit?: (trx: Db, refund: repo.RefundRow) => Promise<void>,
): Promise<repo.RefundRow> {
  const refund = await db.transaction().execute(async (trx) => {
    const r = await requestRefund(trx, p);
    await audit?.(trx, r);
    return r;
  });
  await sendRefund(db, cfg, refund);
  return (await repo.findRefund(db, refund.outRefundNo)) ?? refund;
}

async function completeRefund(
  db: Db,
  refund: repo.RefundRow,
  state: 'success' | 'failed',
  gatewayRefundId: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const done = await repo.finishRefund(trx, { id: refund.id, state, gatewayRefundId, at: now() });
    if (done && state === 'success') {
      const order = await repo.findOrderById(trx, refund.orderId);
      const refunded = await repo.successfulRefundFen(trx, refund.orderId);
      if (order?.amount !== null && order?.amount !== undefined && refunded >= order.amount) {
        await repo.markOrderRefunded(trx, {
          orderId: refund.orderId,
          paid: PayStatus.PAID,
          refunded: PayStatus.REFUNDED,
          at: now(),
        });
      }
    }
    return done;
  });
}

async function handleRefundReport(
  db: Db,
  p: {
    payType: number;
    outRefundNo: string;
    status: 'success' | 'failed' | null;
    gatewayRefundId: string;
    kind: string;
    payload: string;
  },
): Promise<boolean> {
  const refund = await repo.findRefund(db, p.outRefundNo);
  let outcome = 'unknown_refund';
  if (refund && refund.payType === p.payType) {
    outcome =
      p.status === null
        ? 'processing'
        : (await completeRefund(db, refund, p.status, p.gatewayRefundId))
          ? p.status
          : 'duplicate';
  }
  await record(db, {
    orderId: refund?.orderId ?? null,
    payType: p.payType,
    kind: p.kind,
    outTradeNo: refund?.outTradeNo ?? '',
    verified: true,
    outcome,
    payload: p.payload,
  });
  return refund !== undefined;
}

/** Scheduled: asks the gateways about refunds still pending after a minute. */
export async function queryPendingRefunds(db: Db, cfg: PaymentsConfig, limit = 50): Promise<void> {
  await sendRequestedRefunds(db, cfg);
  const g = gatewaysOf(cfg);
  for (const refund of await repo.pendingRefunds(db, now() - QUERY_AFTER_MS, limit)) {
    try {
      if (refund.payType === PayType.WECHAT && g.wechat) {
        const a = await g.wechat.queryRefund(refund.outRefundNo);
        if (!a.verified || a.status !== 200) continue;
        const status = a.data.status;
        await handleRefundReport(db, {
          payType: refund.payType,
          outRefundNo: refund.outRefundNo,
          status: status === 'SUCCESS' ? 'success' : status === 'PROCESSING' ? null : 'failed',
          gatewayRefundId: typeof a.data.refund_id === 'string' ? a.data.refund_id : '',
          kind: 'refund_query',
          payload: a.raw,
        });
      } else if (refund.payType === PayType.ALIPAY && g.alipay) {
        const a = await g.alipay.queryRefund(refund.outTradeNo, refund.outRefundNo);
        if (!a.verified || !a.ok) continue;
        await handleRefundReport(db, {
          payType: refund.payType,
          outRefundNo: refund.outRefundNo,
          status: a.data.refund_status === 'REFUND_SUCCESS' ? 'success' : null,
          gatewayRefundId: '',
          kind: 'refund_query',
          payload: a.raw,
        });
      }
    } catch (err) {
      await record(db, {
        orderId: refund.orderId,
        payType: refund.payType,
        kind: 'refund_query',
        outTradeNo: refund.outTradeNo,
        verified: false,
        outcome: 'error',
        payload: String(err),
      });
    }
  }
}

export const refundView = (r: repo.RefundRow) => ({
  id: r.id,
  payType: r.payType,
  outRefundNo: r.outRefundNo,
  amount: toYuan(r.amount),
  state: r.state,
  reason: r.reason,
  staffId: r.staffId,
  createTime: r.createdAt,
  completeTime: r.completedAt,
});

/** Payment records and refunds of one order, for the staff's order detail. */
export async function paymentHistory(db: Db, orderId: number) {
  if (!(await repo.findOrderById(db, orderId))) throw notFound(ORDER_NOT_FOUND);
  const [records, refunds, transactions] = await Promise.all([
    repo.recordsOfOrder(db, orderId),
    repo.refundsOfOrder(db, orderId),
    repo.transactionsOfOrder(db, orderId),
  ]);
  return {
    transactions: transactions.map((t) => ({
      id: t.id,
      payType: t.payType,
      channel: t.channel,
      outTradeNo: t.outTradeNo,
      amount: toYuan(t.amount),
      state: t.state,
      gatewayTradeNo: t.gatewayTradeNo,
      paidTime: t.paidAt,
      createTime: t.createdAt,
    })),
    records: records.map((r) => ({
      id: r.id,
      payType: r.payType,
      kind: r.kind,
      outTradeNo: r.outTradeNo,
      verified: r.verified === 1,
      outcome: r.outcome,
      payload: r.payload,
      createTime: r.createdAt,
    })),
    refunds: refunds.map(refundView),
  };
}
