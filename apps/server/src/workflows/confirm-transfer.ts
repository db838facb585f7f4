import { OrderStatus, PayStatus, PayType, toFen, toYuan } from '@labshop/shared';
import type { z } from 'zod';
import type { BankTransferView, bankTransferBody, transferBody } from '@labshop/shared/schemas';
import type { Db } from '../db/database.ts';
import type { Row } from '../db/schema.ts';
import { now } from '../lib/clock.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import { recordAudit } from '../domains/audit/index.ts';
import { notify } from '../domains/notifications/index.ts';
import {
  APPROVAL_PENDING,
  findOrderById,
  mustMoveOrder,
  ordersByIds,
  refusalOf,
} from '../domains/orders/index.ts';
import {
  PAYMENT_RECEIVED,
  recordBankTransferRow,
  recordOrderPayment,
} from '../domains/payments/index.ts';
import type { StaffIdentity } from '../domains/staff/index.ts';
import { paidOrdersChanged } from '../domains/stock/index.ts';

/*
 * 确认收款 (docs/payments.md, "Bank transfers"): finance records a received bank transfer from
 * the statement, for one order or several at once. One transaction moves each order to 待发货
 * (orders), records the payment and the transfer (payments), refreshes what paid orders hold
 * (stock), and writes the audit row and the buyer's message.
 */

const ORDER_NOT_FOUND = '订单不存在';
const NOT_BANK_TRANSFER = '该订单不是银行转账订单';
const AWAITING_PRICE = '订单尚未定价，请先定价';
const AMOUNT_MISMATCH = '到账金额与订单应付金额不一致';
const REFERENCE_MISMATCH = '转账参考号与订单不一致';

const normalizeReference = (s: string) => s.replace(/\s+/g, '').toUpperCase();
const referenceOf = (o: Row<'orders'>) => normalizeReference(o.transferReference || o.number);
const yuanText = (fen: number) => toYuan(fen).toFixed(2);

/** Why a received transfer cannot pay the order, or null when it can. */
function unpayable(o: Row<'orders'>): string | null {
  if (o.payType !== PayType.BANK_TRANSFER) return NOT_BANK_TRANSFER;
  const refused = refusalOf(o, 'confirm-transfer');
  if (refused) return refused;
  // An organization's order is paid only once approved (docs/organizations.md).
  if (o.approvalStatus === 'pending') return APPROVAL_PENDING;
  if (o.amount === null) return AWAITING_PRICE;
  return null;
}

interface ReceivedPayment {
  reference: string;
  /** The reason it was recorded although the note did not match; '' when it matched. */
  overrideReason: string;
  bankTransferId: number | null;
  /** The audit row's action and what it adds to the order's new state. */
  action: string;
  audit: Record<string, unknown>;
}

/**
 * A received bank transfer pays an order in two steps, the same whether it paid this order alone
 * or several at once. First the order moves to 待发货 by a conditional update (of two staff at once
 * only one moves it); a transfer over several orders moves them all before the second step, so a
 * transaction holds its orders before the catalogue version row and two never wait on each other.
 */
async function markPaid(trx: Db, o: Row<'orders'>, t: number): Promise<void> {
  await mustMoveOrder(trx, o.id, 'confirm-transfer', {
    by: 'staff',
    set: { paidAt: t, updatedAt: t },
    guard: { amount: o.amount },
  });
}

/** Then the payment row, the audit row, the held stock's catalogue version, the buyer's notice. */
async function recordPaid(
  trx: Db,
  staff: StaffIdentity,
  o: Row<'orders'>,
  p: ReceivedPayment,
  t: number,
): Promise<void> {
  await recordOrderPayment(trx, {
    orderId: o.id,
    kind: PAYMENT_RECEIVED,
    payType: PayType.BANK_TRANSFER,
    amount: o.amount ?? 0,
    reference: p.reference,
    staffId: staff.id,
    createdAt: t,
    override: p.overrideReason ? 1 : 0,
    overrideReason: p.overrideReason,
    bankTransferId: p.bankTransferId,
  });
  await recordAudit(trx, {
    staffId: staff.id,
    action: p.action,
    target: `order:${o.id}`,
    before: { status: o.status, payStatus: o.payStatus },
    after: {
      status: OrderStatus.AWAITING_SHIPMENT,
      payStatus: PayStatus.PAID,
      amount: toYuan(o.amount ?? 0),
      reference: p.reference,
      ...p.audit,
    },
  });
  await paidOrdersChanged(trx);
  await notify(trx, 'payment-received', { orderId: o.id });
}

/**
 * Finance records a received bank transfer for one order: the amount must be the order's; the
 * note must match its transfer reference unless finance records it anyway with a reason.
 */
export async function confirmTransfer(
  db: Db,
  staff: StaffIdentity,
  id: number,
  input: z.output<typeof transferBody>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const o = await findOrderById(trx, id);
    if (!o) throw notFound(ORDER_NOT_FOUND);
    const refused = unpayable(o);
    if (refused) throw badRequest(refused);
    if (toFen(input.amount) !== o.amount) throw badRequest(AMOUNT_MISMATCH);
    if (!input.override && normalizeReference(input.reference) !== referenceOf(o)) {
      throw badRequest(REFERENCE_MISMATCH);
    }
    const t = now();
    await markPaid(trx, o, t);
    await recordPaid(
      trx,
      staff,
      o,
      {
        reference: input.reference,
        overrideReason: input.override ? input.overrideReason : '',
        bankTransferId: null,
        action: input.override ? 'order.payment.override' : 'order.payment',
        audit: input.override ? { overrideReason: input.overrideReason } : {},
      },
      t,
    );
  });
}

/** A bank statement row finance confirms (docs/contract-prices-credit.md section 5). */
export interface StatementTransfer {
  statementId: number;
  row: number;
  /** Fen, as the row reads. */
  amount: number;
  payerName: string;
  memo: string;
  /** How the row matched: by the order's reference in the memo, or by amount and payer name. */
  by: string;
}

/** Why a row matched by amount and payer is recorded although its memo names no order. */
const MATCHED_BY_PAYER = '银行流水按金额与付款人匹配，附言未含订单参考号';

/**
 * A matched statement row pays its transfer order, inside the caller's transaction (which
 * claimed the row first): the amount must be the order's; the row's transfer is stored once.
 */
export async function confirmStatementTransfer(
  trx: Db,
  staff: StaffIdentity,
  orderId: number,
  row: StatementTransfer,
): Promise<void> {
  const o = await findOrderById(trx, orderId);
  if (!o) throw badRequest(ORDER_NOT_FOUND);
  const refused = unpayable(o);
  if (refused) throw badRequest(refused);
  if (row.amount !== o.amount) throw badRequest(AMOUNT_MISMATCH);
  const t = now();
  await markPaid(trx, o, t);
  const bankTransferId = await recordBankTransferRow(trx, {
    amount: row.amount,
    reference: row.memo,
    payer: row.payerName,
    staffId: staff.id,
    createdAt: t,
  });
  const overrideReason = row.by === 'reference' ? '' : MATCHED_BY_PAYER;
  await recordPaid(
    trx,
    staff,
    o,
    {
      reference: row.memo,
      overrideReason,
      bankTransferId,
      action: 'order.payment.statement',
      audit: {
        statementId: row.statementId,
        row: row.row,
        matchedBy: row.by,
        payer: row.payerName,
        ...(overrideReason ? { overrideReason } : {}),
      },
    },
    t,
  );
}

/** The listed orders, each payable by a bank transfer, in ascending id (the order they lock in). */
async function payableOrders(trx: Db, ids: number[]): Promise<Row<'orders'>[]> {
  const found = new Map((await ordersByIds(trx, ids)).map((o) => [o.id, o]));
  return [...ids]
    .sort((a, b) => a - b)
    .map((id) => {
      const o = found.get(id);
      if (!o) throw badRequest(`${ORDER_NOT_FOUND}（ID ${id}）`);
      const refused = unpayable(o);
      if (refused) throw badRequest(`订单 ${o.number}：${refused}`);
      return o;
    });
}

/**
 * One received transfer pays several orders (合并确认收款): every order must be payable and the
 * amount their exact sum; all are paid in one transaction or none. The transfer is stored once
 * and each order's payment names it. Orders are moved in ascending id, so two staff recording
 * overlapping orders at once never deadlock: the second finds an order paid and changes nothing.
 */
export async function recordBankTransfer(
  db: Db,
  staff: StaffIdentity,
  input: z.output<typeof bankTransferBody>,
): Promise<BankTransferView> {
  return db.transaction().execute(async (trx) => {
    const orders = await payableOrders(trx, input.orderIds);
    const total = orders.reduce((sum, o) => sum + (o.amount ?? 0), 0);
    const amount = toFen(input.amount);
    if (amount !== total) {
      throw badRequest(
        `到账金额 ${yuanText(amount)} 元与所选 ${orders.length} 个订单的应付合计 ` +
          `${yuanText(total)} 元不一致，${amount > total ? '多' : '少'} ` +
          `${yuanText(Math.abs(amount - total))} 元`,
      );
    }
    const note = normalizeReference(input.reference);
    const unnamed = orders.filter((o) => !note.includes(referenceOf(o)));
    if (unnamed.length > 0 && !input.overrideReason) {
      throw badRequest(
        `转账附言未包含订单 ${unnamed.map((o) => o.number).join('、')} 的参考号，` +
          '请核对，或填写备注不符的原因后仍确认收款',
      );
    }
    const t = now();
    for (const o of orders) await markPaid(trx, o, t);
    const transferId = await recordBankTransferRow(trx, {
      amount,
      reference: input.reference,
      payer: input.payer,
      staffId: staff.id,
      createdAt: t,
    });
    const numbers = orders.map((o) => o.number);
    for (const o of orders) {
      await recordPaid(
        trx,
        staff,
        o,
        {
          reference: input.reference,
          overrideReason: input.overrideReason,
          bankTransferId: transferId,
          action: 'order.payment.transfer',
          audit: {
            transferId,
            transferAmount: toYuan(amount),
            orders: numbers,
            ...(input.payer ? { payer: input.payer } : {}),
            ...(input.overrideReason ? { overrideReason: input.overrideReason } : {}),
          },
        },
        t,
      );
    }
    return {
      id: transferId,
      amount: toYuan(amount),
      reference: input.reference,
      payer: input.payer,
      orders: orders.map((o) => ({ id: o.id, number: o.number, amount: toYuan(o.amount ?? 0) })),
    };
  });
}
