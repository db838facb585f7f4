import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import { OrderStatus, PayStatus, PayType, toYuan } from '@labshop/shared';
import {
  bankTransferSchema,
  shipmentSchema,
  UNBATCHED_LOT,
  type Order,
  type OrderDetail,
  type Shipment,
  type orderListQuery,
} from '@labshop/shared/schemas';
import type { Paged } from '@labshop/shared';
import type { Db } from '../../db/database.ts';
import type { NewRow, Row } from '../../db/schema.ts';
import { chinaStamp, now } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { findPacks, takeLines, type PackRow } from '../cart/index.ts';
import { priceSourceOf, type OrderedPack } from './order-rows.ts';
import { insertPlacedOrder, type PlacedOrderRow, type PlacingEvent } from './order-state.ts';
import { readSetting } from '../../lib/settings.repository.ts';
import * as repo from './orders.repository.ts';
import { coaUrl } from '../forms/index.ts';

export type OrderListInput = z.output<typeof orderListQuery>;

/** What an organization's list adds to each order: who placed it, its budget and approval. */
export interface OrderOwnerFields {
  userId: number;
  budgetCode: string;
  approvalStatus: string;
}
type BankTransfer = z.infer<typeof bankTransferSchema>;

const CART_CHANGED = '购物车商品已变化，请刷新后重试';
const ORDER_NOT_FOUND = '订单不存在';

/** Shown until the 'bank' setting is filled in; the transfer reference is always real. */
const BANK_FALLBACK = { accountName: '--', bankName: '--', accountNumber: '--' };
const bankSettingSchema = bankTransferSchema.omit({ reference: true });

/** Order number: the China-time date and time (YYYYMMDDHHmmss) and 6 random digits. */
function newOrderNumber(at: number): string {
  return `${chinaStamp(at)}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** Numbers drawn before giving up; two orders in one second rarely meet even once. */
const NUMBER_ATTEMPTS = 8;

/**
 * Inserts the order under a fresh number, drawing again when the number is taken, so a
 * collision never fails the checkout; it starts in the state its placing event gives
 * (order-state.ts). Answers the order's id and number.
 */
export async function insertNumberedOrder(
  trx: Db,
  event: PlacingEvent,
  order: Omit<PlacedOrderRow, 'number' | 'transferReference'>,
  drawNumber: () => string = () => newOrderNumber(order.createdAt),
): Promise<{ id: number; number: string }> {
  for (let attempt = 0; attempt < NUMBER_ATTEMPTS; attempt += 1) {
    const number = drawNumber();
    const transferReference = order.payType === PayType.BANK_TRANSFER ? number : '';
    const id = await insertPlacedOrder(trx, event, { ...order, number, transferReference });
    if (id !== undefined) return { id, number };
  }
  throw new Error('no free order number');
}

/** Stores an order's goods rows, in line order. */
export const insertOrderGoods = (trx: Db, rows: NewRow<'orderGoods'>[]): Promise<void> =>
  repo.insertOrderGoods(trx, rows);

/** The ids of the order's goods rows in line order (they were inserted in it). */
export async function goodsIdsOf(trx: Db, orderId: number): Promise<number[]> {
  return (await repo.goodsOfOrders(trx, [orderId])).map((g) => g.id).sort((a, b) => a - b);
}

/** Identifies a set of cart lines regardless of the order they were sent in. */
const cartKeyOf = (cartIds: number[]) => [...cartIds].sort((a, b) => a - b).join(',');

const yuanOrNull = (fen: number | null) => (fen === null ? null : toYuan(fen));

const toGoods = (g: Row<'orderGoods'>) => ({
  id: g.id,
  productId: g.productId,
  name: g.name,
  number: g.number,
  brandName: g.brandName,
  cas: g.cas,
  pack: g.pack,
  image: g.image,
  price: yuanOrNull(g.price),
  quantityPurchase: g.quantityPurchase,
  priceSource: priceSourceOf(g.priceSource),
});

function toOrder(o: Row<'orders'>, goods: Row<'orderGoods'>[]): Order {
  return {
    id: o.id,
    number: o.number,
    deliveryUsername: o.deliveryUsername,
    deliveryPhone: o.deliveryPhone,
    deliveryRegionCode: o.deliveryRegionCode,
    deliveryAddress: o.deliveryAddress,
    goodsAmount: yuanOrNull(o.goodsAmount),
    amount: yuanOrNull(o.amount),
    freight: yuanOrNull(o.freight),
    count: o.count,
    status: o.status,
    payType: o.payType,
    payStatus: o.payStatus,
    createTime: o.createdAt,
    userRemark: o.userRemark,
    invoiceType: o.invoiceType,
    invoiceCompanyName: o.invoiceCompanyName,
    invoiceTaxpayerIdentificationNumber: o.invoiceTaxpayerIdentificationNumber,
    invoiceEmail: o.invoiceEmail,
    invoiceNumber: o.invoiceNumber,
    invoiceIssuedAt: o.invoiceIssuedAt,
    poNumber: o.poNumber,
    goodsList: goods.filter((g) => g.orderId === o.id).map(toGoods),
  };
}

export async function bankDetails(db: Db, reference: string): Promise<BankTransfer> {
  const text = await readSetting(db, 'bank');
  let bank = BANK_FALLBACK;
  if (text) {
    try {
      const parsed = bankSettingSchema.safeParse(JSON.parse(text));
      if (parsed.success) bank = parsed.data;
    } catch {
      // A malformed setting must not block checkout; the fallback tells the buyer to ask.
    }
  }
  return { ...bank, reference };
}

/** Bank details are shown while a bank-transfer order still waits for its money. */
const awaitsTransfer = (o: Row<'orders'>) =>
  o.payType === PayType.BANK_TRANSFER &&
  o.payStatus === PayStatus.UNPAID &&
  o.status !== OrderStatus.CANCELLED;

/**
 * The packs behind the cart lines taken for an order, in line order. Any line missing (ordered
 * elsewhere, removed) or any pack taken off sale refuses the order with 购物车商品已变化.
 */
async function packsOfLines(
  trx: Db,
  lines: readonly { materialId: number; quantity: number }[],
  expected: number,
): Promise<OrderedPack[]> {
  if (lines.length !== expected) throw badRequest(CART_CHANGED);
  const packs = new Map(
    (
      await findPacks(
        trx,
        lines.map((l) => l.materialId),
      )
    ).map((p) => [p.materialId, p]),
  );
  return lines.map((l) => {
    const pack = packs.get(l.materialId);
    if (!pack) throw badRequest(CART_CHANGED);
    return { pack, quantity: l.quantity };
  });
}

/**
 * Takes the member's chosen cart lines out of the cart for an order, in the caller's
 * transaction: all of them or nothing. Answers the packs they hold, in line order, and the key
 * the order is remembered under; or the order these very lines already became (a double click,
 * a retry after a lost answer). A line missing or a pack taken off sale refuses the order.
 */
export async function takeCartForOrder(
  trx: Db,
  userId: number,
  cartIds: readonly number[],
): Promise<{ orderId: number } | { goods: OrderedPack[]; cartKey: string }> {
  const unique = [...new Set(cartIds)];
  const cartKey = cartKeyOf(unique);
  const lines = await takeLines(trx, userId, unique);
  if (lines.length === 0) {
    const earlier = await repo.findOrderOfCart(trx, userId, cartKey);
    if (earlier !== undefined) return { orderId: earlier };
  }
  return { goods: await packsOfLines(trx, lines, unique.length), cartKey };
}

/** Remembers which cart lines became the order, so a repeated submission answers it. */
export async function rememberCartOrder(
  trx: Db,
  p: { userId: number; cartKey: string; orderId: number; at: number },
): Promise<void> {
  await repo.recordOrderCart(trx, {
    userId: p.userId,
    cartKey: p.cartKey,
    orderId: p.orderId,
    createdAt: p.at,
  });
}

/**
 * Packs with their product as an order prices and describes them; a pack or product taken off
 * sale is left out (quotes ask and order only what is on sale).
 */
export const packsOnSale = (db: Db, materialIds: number[]): Promise<PackRow[]> =>
  findPacks(db, materialIds);

/**
 * A list of orders with their goods: the member's own (`{ userId }`) or an organization's
 * (`{ orgId }`, or one buyer's of it), filtered as the member's list is.
 */
export async function listOrders(
  db: Db,
  owner: repo.OrderOwner,
  q: OrderListInput,
): Promise<Paged<Order & OrderOwnerFields>> {
  const filter: repo.OrderFilter = {
    status: q.status,
    payType: q.payType,
    // The list's filter speaks 0 unpaid / 1 paid (docs/product-rules.md section 4).
    payStatus:
      q.payStatus === undefined ? undefined : q.payStatus === 0 ? PayStatus.UNPAID : PayStatus.PAID,
    startTime: q.startTime,
    endTime: q.endTime,
  };
  const page = await repo.pageOrders(db, owner, filter, q);
  const goods = await repo.goodsOfOrders(
    db,
    page.records.map((o) => o.id),
  );
  return {
    ...page,
    records: page.records.map((o) => ({
      ...toOrder(o, goods),
      userId: o.userId,
      budgetCode: o.budgetCode,
      approvalStatus: o.approvalStatus,
    })),
  };
}

/** The member's order as its page shows it, without its refunds (payments keeps those). */
export async function getOrder(
  db: Db,
  userId: number,
  id: number,
): Promise<
  Omit<
    OrderDetail,
    'refunds' | 'refundedAmount' | 'orgId' | 'orgName' | 'budgetCode' | 'approval' | 'lineShipping'
  >
> {
  const row = await repo.findOrder(db, userId, id);
  if (!row) throw notFound(ORDER_NOT_FOUND);
  const [goods, bankTransfer] = await Promise.all([
    repo.goodsOfOrders(db, [row.id]),
    awaitsTransfer(row) ? bankDetails(db, row.transferReference || row.number) : null,
  ]);
  return { ...toOrder(row, goods), bankTransfer };
}

const stocksSchema = shipmentSchema.shape.goods.element.shape.stocks;

function parseStocks(text: string): Shipment['goods'][number]['stocks'] {
  try {
    const parsed = stocksSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/**
 * The buyer's packages, one goods line per lot shipped, each with a signed link to its lot's
 * certificate where one is on file (docs/lots.md). The order is read with its owner, so only the
 * buyer sees the lots and links.
 */
export async function listDeliveries(
  db: Db,
  userId: number,
  orderId: number,
  coaLinkKey: Buffer,
): Promise<Shipment[]> {
  const order = await repo.findOrder(db, userId, orderId);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  const deliveries = await repo.deliveriesOfOrder(db, order.id);
  const goods = await repo.goodsOfDeliveries(
    db,
    order.id,
    deliveries.map((d) => d.id),
  );
  const certificates = await repo.certificatesOfLots(
    db,
    goods.flatMap((g) => (g.lotNumber ? [{ number: g.number, lotNumber: g.lotNumber }] : [])),
  );
  const t = now();
  const certificateOf = (number: string, lotNumber: string | null) => {
    const file =
      lotNumber === null
        ? undefined
        : certificates.get(`${number.toLowerCase()}\u0000${lotNumber}`);
    return file === undefined ? null : coaUrl(coaLinkKey, file, t);
  };
  return deliveries.map((d) => ({
    id: d.id,
    company: d.company,
    trackingNumber: d.trackingNumber,
    goods: goods
      .filter((g) => g.deliveryId === d.id)
      .map((g) => ({
        ...toGoods(g),
        quantityShipped: g.quantityShipped,
        stocks: parseStocks(g.stocks),
        // Stock of unknown lot (未分批) tells the buyer nothing: shown as a package before lots.
        lotNumber: g.lotNumber === UNBATCHED_LOT ? null : g.lotNumber,
        expire: g.expire,
        coaUrl: certificateOf(g.number, g.lotNumber),
      })),
    track: d.track,
  }));
}
