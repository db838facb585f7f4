import { InvoiceType, OrderStatus, PayStatus, toYuan, type Paged } from '@labshop/shared';
import type { z } from 'zod';
import type {
  ManageDelivery,
  ManageOrder,
  ManageOrderDetail,
  invoiceIssueBody,
  manageOrderListQuery,
} from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import type { Row } from '../../db/schema.ts';
import { now } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { historyOf, recordAudit } from '../audit/index.ts';
import type { StaffIdentity } from '../staff/index.ts';
import * as repo from './order-admin.repository.ts';
import { packagesOf, parseTrack, shipOptions, shippedOf } from '../fulfilment/index.ts';
import { assertCan, mustMoveOrder } from './order-state.ts';
import { priceSourceOf } from './order-rows.ts';

const ORDER_NOT_FOUND = '订单不存在';
const NOT_ALL_SHIPPED = '还有商品未发货，不能完成订单';
const NO_INVOICE = '该订单不开发票';

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
    poNumber: o.poNumber,
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

/** The console's order detail but its money (payments, refunds), which payments keeps. */
export type OrderDetailBody = Omit<
  ManageOrderDetail,
  | 'payments'
  | 'refunds'
  | 'refundedAmount'
  | 'orgId'
  | 'orgName'
  | 'budgetCode'
  | 'approval'
  | 'lineShipping'
>;

/**
 * The console's order: the order, its lines with what shipped, its packages and its history;
 * the order-pages workflow adds what was paid and refunded.
 */
export async function getOrderDetail(db: Db, id: number): Promise<OrderDetailBody> {
  const o = await repo.findOrder(db, id);
  if (!o) throw notFound(ORDER_NOT_FOUND);
  const [members, goods, shipped, packages, history] = await Promise.all([
    repo.membersByIds(db, [o.userId]),
    repo.goodsOfOrder(db, id),
    shippedOf(db, id),
    packagesOf(db, id),
    historyOf(db, `order:${id}`),
  ]);
  const lineOf = new Map(goods.map((g) => [g.id, g]));
  const deliveries: ManageDelivery[] = packages.deliveries.map((d) => ({
    id: d.id,
    carrier: d.company,
    trackingNumber: d.trackingNumber,
    createTime: d.createdAt,
    goods: packages.goods
      .filter((g) => g.deliveryId === d.id)
      .map((g) => ({
        orderGoodsId: g.orderGoodsId,
        name: lineOf.get(g.orderGoodsId)?.name ?? '',
        pack: lineOf.get(g.orderGoodsId)?.pack ?? '',
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
      priceSource: priceSourceOf(g.priceSource),
      quantityShipped: shipped.get(g.id) ?? 0,
    })),
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

async function mustFind(db: Db, id: number): Promise<Row<'orders'>> {
  const o = await repo.findOrder(db, id);
  if (!o) throw notFound(ORDER_NOT_FOUND);
  return o;
}

/** Warehouses and the stock of each pack of the order, for the shipping form. */
export async function orderStocks(db: Db, id: number) {
  const goods = await repo.goodsOfOrder(db, id);
  if (goods.length === 0 && !(await repo.findOrder(db, id))) throw notFound(ORDER_NOT_FOUND);
  return shipOptions(db, [...new Set(goods.map((g) => g.materialId))]);
}

/** Completes a shipping order once every unit has been shipped. */
export async function complete(db: Db, staff: StaffIdentity, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const o = await mustFind(trx, id);
    assertCan(o, 'complete');
    await mustMoveOrder(trx, id, 'complete', { by: 'staff', set: { updatedAt: now() } });
    const goods = await repo.goodsOfOrder(trx, id);
    const shipped = await shippedOf(trx, id);
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
    assertCan(o, 'issue-invoice');
    await mustMoveOrder(trx, id, 'issue-invoice', {
      by: 'staff',
      set: {
        invoiceNumber: input.invoiceNumber,
        invoiceIssuedAt: input.issuedAt,
        updatedAt: now(),
      },
    });
    await recordAudit(trx, {
      staffId: staff.id,
      action: 'order.invoice',
      target: `order:${id}`,
      before: { invoiceNumber: o.invoiceNumber, invoiceIssuedAt: o.invoiceIssuedAt },
      after: input,
    });
  });
}

/**
 * Sets the number of the fapiao file staff attach on a paid, not cancelled order, in the caller's
 * transaction (procurement's fapiao upload): 'new' for a number new to the order, 'same' for a
 * repeated upload, null when the order cannot take one.
 */
export const recordFapiaoNumber = (
  trx: Db,
  id: number,
  invoiceNumber: string,
  at: number,
): Promise<'new' | 'same' | null> =>
  repo.setOrderFapiao(trx, id, invoiceNumber, at, {
    paid: PayStatus.PAID,
    cancelled: OrderStatus.CANCELLED,
  });
