import { returnForOrder } from '../compliance/index.ts';
import {
  InvoiceType,
  OrderStatus,
  PayStatus,
  cancelActionOf,
  toYuan,
  type Paged,
} from '@labshop/shared';
import type { z } from 'zod';
import type {
  ManageDelivery,
  ManageOrder,
  ManageOrderDetail,
  cancelBody,
  invoiceIssueBody,
  manageOrderListQuery,
} from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import type { Row } from '../../db/schema.ts';
import { now } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { historyOf, recordAudit } from '../audit/index.ts';
import { paidOrdersChanged } from '../stock/held.ts';
import { authorizeAction, type StaffIdentity } from '../staff/index.ts';
import { refundRest } from '../payments/order-refunds.ts';
import { refundsOf } from '../payments/refunds-view.ts';
import * as repo from './order-admin.repository.ts';
import { parseTrack } from '../fulfilment/shipping.service.ts';
import { transferViews } from '../payments/transfer-payments.service.ts';
import { notify } from '../notifications/index.ts';

const ORDER_NOT_FOUND = '订单不存在';
const ORDER_CHANGED = '订单状态已变化，请刷新后重试';
const NOT_COMPLETABLE = '订单当前状态不能完成';
const NOT_ALL_SHIPPED = '还有商品未发货，不能完成订单';
const NOT_CANCELLABLE = '只有待处理或待发货的订单可以取消';
const NO_INVOICE = '该订单不开发票';
const NOT_INVOICEABLE = '订单未支付或已取消，不能开票';

const yuanOrNull = (fen: number | null) => (fen === null ? null : toYuan(fen));

type MemberBrief = ManageOrder['member'];

export function toManageOrder(o: Row<'orders'>, member: MemberBrief | undefined): ManageOrder {
  return {
    id: o.id,
    number: o.number,
    member: member ?? { id: o.userId, account: '', name: '', phone: '', company: '' },
    deliveryUsername: o.deliveryUsername,
    deliveryPhone: o.deliveryPhone,
    deliveryRegionCode: o.deliveryRegionCode,
    deliveryAddress: o.deliveryAddress,
    goodsAmount: yuanOrNull(o.goodsAmount),
    freight: yuanOrNull(o.freight),
    amount: yuanOrNull(o.amount),
    count: o.count,
    status: o.status,
    payType: o.payType,
    payStatus: o.payStatus,
    createTime: o.createdAt,
  };
}

/** The order list's query as the repository's filter (the list and its export share it). */
export function orderFilterOf(q: z.output<typeof manageOrderListQuery>): repo.ManageOrderFilter {
  return {
    number: q.number,
    status: q.status,
    payStatus: q.payStatus,
    payType: q.payType,
    startTime: q.startTime,
    endTime: q.endTime,
    phone: q.phone,
    product: q.product,
    cities: q.cities ? [...new Set(q.cities.split(','))] : [],
    ...(q.pending === undefined ? {} : { pending: q.pending === '1' }),
    sort: q.sort,
  };
}

export async function listOrders(
  db: Db,
  q: z.output<typeof manageOrderListQuery>,
): Promise<Paged<ManageOrder>> {
  const page = await repo.pageOrders(db, orderFilterOf(q), q);
  const members = new Map(
    (await repo.membersByIds(db, [...new Set(page.records.map((o) => o.userId))])).map((m) => [
      m.id,
      { ...m, phone: m.phone ?? '' },
    ]),
  );
  return { ...page, records: page.records.map((o) => toManageOrder(o, members.get(o.userId))) };
}

function parseStore(text: string): { storeId: number; storeName: string } {
  try {
    const raw = JSON.parse(text) as { storeId?: unknown; storeName?: unknown }[];
    const first = Array.isArray(raw) ? raw[0] : undefined;
    return {
      storeId: typeof first?.storeId === 'number' ? first.storeId : 0,
      storeName: typeof first?.storeName === 'string' ? first.storeName : '',
    };
  } catch {
    return { storeId: 0, storeName: '' };
  }
}

export async function getOrderDetail(db: Db, id: number): Promise<ManageOrderDetail> {
  const o = await repo.findOrder(db, id);
  if (!o) throw notFound(ORDER_NOT_FOUND);
  const [members, goods, shipped, packages, payments, history, refunds] = await Promise.all([
    repo.membersByIds(db, [o.userId]),
    repo.goodsOfOrder(db, id),
    repo.shippedOfOrder(db, id),
    repo.deliveriesOfOrder(db, id),
    repo.paymentsOfOrder(db, id),
    historyOf(db, `order:${id}`),
    refundsOf(db, id),
  ]);
  const transfers = await transferViews(
    db,
    payments.flatMap((p) => (p.bankTransferId ? [p.bankTransferId] : [])),
  );
  const deliveries: ManageDelivery[] = packages.deliveries.map((d) => ({
    id: d.id,
    carrier: d.company,
    trackingNumber: d.trackingNumber,
    createTime: d.createdAt,
    goods: packages.goods
      .filter((g) => g.deliveryId === d.id)
      .map((g) => ({
        orderGoodsId: g.orderGoodsId,
        name: g.name,
        pack: g.pack,
        quantity: g.quantityShipped,
        ...parseStore(g.stocks),
        lotNumber: g.lotNumber,
        expire: g.expire,
      })),
    track: parseTrack(d.track),
    shortExpiryConfirmed: d.shortExpiryConfirmed === 1,
    cancelledAt: d.cancelledAt,
    cancelReason: d.cancelReason,
  }));
  return {
    ...toManageOrder(o, members[0] && { ...members[0], phone: members[0].phone ?? '' }),
    userRemark: o.userRemark,
    invoiceType: o.invoiceType,
    invoiceCompanyName: o.invoiceCompanyName,
    invoiceTaxpayerIdentificationNumber: o.invoiceTaxpayerIdentificationNumber,
    invoiceEmail: o.invoiceEmail,
    invoiceRegisteredAddress: o.invoiceRegisteredAddress,
    invoiceRegistrationTelephone: o.invoiceRegistrationTelephone,
    invoiceDepositBank: o.invoiceDepositBank,
    invoiceBankAccountNumber: o.invoiceBankAccountNumber,
    invoiceNumber: o.invoiceNumber,
    invoiceIssuedAt: o.invoiceIssuedAt,
    version: o.updatedAt,
    transferReference: o.transferReference,
    paidAt: o.paidAt,
    cancelledAt: o.cancelledAt,
    cancelReason: o.cancelReason,
    goodsList: goods.map((g) => ({
      id: g.id,
      productId: g.productId,
      materialId: g.materialId,
      name: g.name,
      number: g.number,
      brandName: g.brandName,
      cas: g.cas,
      pack: g.pack,
      image: g.image,
      price: yuanOrNull(g.price),
      quantityPurchase: g.quantityPurchase,
      quantityShipped: shipped.get(g.id) ?? 0,
    })),
    payments: payments.map((p) => ({
      id: p.id,
      kind: p.kind,
      payType: p.payType,
      amount: toYuan(p.amount),
      reference: p.reference,
      staff: p.staffName ?? `#${p.staffId}`,
      createTime: p.createdAt,
      override: p.override === 1,
      overrideReason: p.overrideReason,
      transfer: (p.bankTransferId && transfers.get(p.bankTransferId)) || null,
    })),
    ...refunds,
    deliveries,
    history: history.map((h) => ({
      id: h.id,
      staff: h.staff,
      action: h.action,
      before: h.before,
      after: h.after,
      createTime: h.createTime,
    })),
  };
}

/** Warehouses and the stock of each pack of the order, for the shipping form. */
async function mustFind(db: Db, id: number): Promise<Row<'orders'>> {
  const o = await repo.findOrder(db, id);
  if (!o) throw notFound(ORDER_NOT_FOUND);
  return o;
}

/** Completes a shipping order once every unit has been shipped. */
export async function complete(db: Db, staff: StaffIdentity, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const o = await mustFind(trx, id);
    if (o.status !== OrderStatus.SHIPPING) throw badRequest(NOT_COMPLETABLE);
    const t = now();
    const moved = await repo.transitionOrder(
      trx,
      id,
      { status: [OrderStatus.SHIPPING] },
      { status: OrderStatus.COMPLETED, updatedAt: t },
    );
    if (!moved) throw badRequest(ORDER_CHANGED);
    const goods = await repo.goodsOfOrder(trx, id);
    const shipped = await repo.shippedOfOrder(trx, id);
    if (goods.some((g) => (shipped.get(g.id) ?? 0) < g.quantityPurchase))
      throw badRequest(NOT_ALL_SHIPPED);
    await recordAudit(trx, {
      staffId: staff.id,
      action: 'order.complete',
      target: `order:${id}`,
      before: { status: o.status },
      after: { status: OrderStatus.COMPLETED },
    });
  });
}

/**
 * Cancels an order that has shipped nothing (待处理 or 待发货) and refunds what was paid and not
 * refunded yet, in the same transaction: balance payments back to the balance with a ledger row,
 * bank transfers as a recorded bank refund, online payments through their gateway. Refunding
 * needs the refunds permission on top of the route's. Stock is taken only when a package ships,
 * and a cancellable order has shipped none, so no stock comes back.
 */
export async function cancel(
  db: Db,
  staff: StaffIdentity,
  id: number,
  input: z.output<typeof cancelBody>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const o = await mustFind(trx, id);
    const cancellable: number[] = [OrderStatus.PENDING, OrderStatus.AWAITING_SHIPMENT];
    if (!cancellable.includes(o.status)) throw badRequest(NOT_CANCELLABLE);
    const paid = o.payStatus === PayStatus.PAID;
    authorizeAction(staff, cancelActionOf(paid));
    const t = now();
    const moved = await repo.transitionOrder(
      trx,
      id,
      { status: [o.status], payStatus: [o.payStatus] },
      {
        status: OrderStatus.CANCELLED,
        payStatus: paid ? PayStatus.REFUNDED : o.payStatus,
        cancelReason: input.reason,
        cancelledAt: t,
        updatedAt: t,
      },
    );
    if (!moved) throw badRequest(ORDER_CHANGED);
    // Quantities the order took off the buyer's documents go back to them.
    await returnForOrder(trx, id, t);
    // What the paid order held is for sale again.
    if (paid) await paidOrdersChanged(trx);
    // What partial refunds left goes back (all of it when there were none).
    const refunded =
      paid && (o.amount ?? 0) > 0
        ? await refundRest(trx, o, { reason: input.reason, staffId: staff.id, at: t })
        : 0;
    if (refunded > 0) {
      await repo.insertPayment(trx, {
        orderId: id,
        kind: 2,
        payType: o.payType,
        amount: refunded,
        reference: input.reason,
        staffId: staff.id,
        createdAt: t,
      });
    }
    await recordAudit(trx, {
      staffId: staff.id,
      action: 'order.cancel',
      target: `order:${id}`,
      before: { status: o.status, payStatus: o.payStatus },
      after: {
        status: OrderStatus.CANCELLED,
        payStatus: paid ? PayStatus.REFUNDED : o.payStatus,
        reason: input.reason,
        refund: toYuan(refunded),
      },
    });
    await notify(trx, 'order-cancelled', {
      orderId: id,
      reason: input.reason,
      refundFen: refunded,
    });
  });
}

/** Records the fapiao issued for a paid order; the member sees number and date on the order. */
export async function issueInvoice(
  db: Db,
  staff: StaffIdentity,
  id: number,
  input: z.output<typeof invoiceIssueBody>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const o = await mustFind(trx, id);
    if (o.invoiceType === InvoiceType.NONE) throw badRequest(NO_INVOICE);
    if (o.payStatus !== PayStatus.PAID || o.status === OrderStatus.CANCELLED)
      throw badRequest(NOT_INVOICEABLE);
    const moved = await repo.transitionOrder(
      trx,
      id,
      {
        status: [OrderStatus.AWAITING_SHIPMENT, OrderStatus.SHIPPING, OrderStatus.COMPLETED],
        payStatus: [PayStatus.PAID],
      },
      { invoiceNumber: input.invoiceNumber, invoiceIssuedAt: input.issuedAt, updatedAt: now() },
    );
    if (!moved) throw badRequest(ORDER_CHANGED);
    await recordAudit(trx, {
      staffId: staff.id,
      action: 'order.invoice',
      target: `order:${id}`,
      before: { invoiceNumber: o.invoiceNumber, invoiceIssuedAt: o.invoiceIssuedAt },
      after: input,
    });
  });
}
