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
import { payFromBalance } from '../payments/balance-payment.ts';
import { priceOrder } from './order-pricing.ts';
import {
  goodsRows,
  orderRow,
  type OrderFields,
  type OrderInput,
  type OrderedPack,
} from './order-rows.ts';
import { readSetting } from '../../lib/settings.repository.ts';
import * as repo from './orders.repository.ts';
import { coaUrl } from '../forms/index.ts';
import { notify } from '../notifications/index.ts';
import { refundsOf } from '../payments/refunds-view.ts';
import * as compliance from '../compliance/index.ts';

export type OrderListInput = z.output<typeof orderListQuery>;
type BankTransfer = z.infer<typeof bankTransferSchema>;

const CART_CHANGED = '购物车商品已变化，请刷新后重试';
const BALANCE_PENDING = '订单含询价商品，无法使用余额支付';
const NOT_CANCELLABLE = '当前订单状态不可取消';
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
 * collision never fails the checkout. Answers the order's id and number.
 */
export async function insertNumberedOrder(
  trx: Db,
  order: Omit<NewRow<'orders'>, 'number' | 'transferReference'>,
  drawNumber: () => string,
): Promise<{ id: number; number: string }> {
  for (let attempt = 0; attempt < NUMBER_ATTEMPTS; attempt += 1) {
    const number = drawNumber();
    const transferReference = order.payType === PayType.BANK_TRANSFER ? number : '';
    const id = await repo.insertOrder(trx, { ...order, number, transferReference });
    if (id !== undefined) return { id, number };
  }
  throw new Error('no free order number');
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
      await repo.findPacks(
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
 * Stores an order of the given packs inside the caller's transaction: priced with the freight
 * rule at the packs' userPrice (the member price, or the quoted price for a quote), its goods
 * rows, and a balance payment debited with its ledger row. Answers the order's id.
 */
export async function placeOrder(
  trx: Db,
  userId: number,
  input: OrderFields,
  goods: readonly OrderedPack[],
  at: number,
): Promise<number> {
  // Controlled chemicals: refused unless the member's documents (and, for 易制爆, the stated
  // use) allow every line.
  const purposes = new Map(
    (input.purposes ?? []).flatMap((p) => (p.purpose === '' ? [] : [[p.materialId, p.purpose]])),
  );
  const plan = await compliance.planOrder(
    trx,
    userId,
    await compliance.orderCompany(trx, userId, input),
    goods.map((g) => ({
      materialId: g.pack.materialId,
      quantity: g.quantity,
      purpose: purposes.get(g.pack.materialId) ?? '',
    })),
    at,
  );
  const price = priceOrder(goods);
  const byBalance = input.payType === PayType.BALANCE;
  if (byBalance && price.amount === null) throw badRequest(BALANCE_PENDING);

  const { id, number } = await insertNumberedOrder(trx, orderRow(userId, input, price, at), () =>
    newOrderNumber(at),
  );
  await repo.insertOrderGoods(trx, goodsRows(id, goods, purposes));
  if (plan.takes.length > 0 || plan.documents.size > 0) {
    // Goods rows were inserted in line order: their ids follow it.
    const goodsIds = (await repo.goodsOfOrders(trx, [id])).map((g) => g.id).sort((a, b) => a - b);
    await compliance.applyPlan(trx, plan, id, goodsIds, at);
  }

  if (byBalance && price.amount !== null) {
    await payFromBalance(trx, {
      userId,
      orderId: id,
      orderNumber: number,
      amount: price.amount,
      at,
    });
  }
  await notify(trx, 'order-placed', { orderId: id });
  // Paid at once from the balance: the buyer is told the money went, as for a later payment.
  if (byBalance) await notify(trx, 'payment-received', { orderId: id });
  return id;
}

/**
 * Turns the member's chosen cart lines into an order in one transaction: the lines are taken out
 * of the cart (all of them or nothing; a repeated submission of the same lines answers the order
 * they already became), priced from the database at member prices, stored as the order's rows,
 * and a balance payment is debited with its ledger row. Any refusal rolls everything back, so
 * the cart stays as it was.
 */
export async function createOrder(
  db: Db,
  userId: number,
  input: OrderInput,
): Promise<{ order: Order; bankTransfer: BankTransfer | null }> {
  const cartIds = [...new Set(input.cartIds)];
  const orderId = await db.transaction().execute(async (trx) => {
    const cartKey = cartKeyOf(cartIds);
    const lines = await repo.takeCartLines(trx, userId, cartIds);
    if (lines.length === 0) {
      // The same lines were ordered already (a double click, a retry after a lost answer).
      const earlier = await repo.findOrderOfCart(trx, userId, cartKey);
      if (earlier !== undefined) return earlier;
    }
    const goods = await packsOfLines(trx, lines, cartIds.length);
    const t = now();
    const id = await placeOrder(trx, userId, input, goods, t);
    await repo.recordOrderCart(trx, { userId, cartKey, orderId: id, createdAt: t });
    return id;
  });
  return orderCreated(db, userId, orderId);
}

/** The answer of an order just made: the order and, for a bank transfer, where to pay. */
export async function orderCreated(
  db: Db,
  userId: number,
  orderId: number,
): Promise<{ order: Order; bankTransfer: BankTransfer | null }> {
  const detail = await getOrder(db, userId, orderId);
  const { bankTransfer, ...order } = detail;
  return { order, bankTransfer };
}

export async function listOrders(db: Db, userId: number, q: OrderListInput): Promise<Paged<Order>> {
  const filter: repo.OrderFilter = {
    status: q.status,
    payType: q.payType,
    // The list's filter speaks 0 unpaid / 1 paid (docs/product-rules.md section 4).
    payStatus:
      q.payStatus === undefined ? undefined : q.payStatus === 0 ? PayStatus.UNPAID : PayStatus.PAID,
    startTime: q.startTime,
    endTime: q.endTime,
  };
  const page = await repo.pageOrders(db, userId, filter, q);
  const goods = await repo.goodsOfOrders(
    db,
    page.records.map((o) => o.id),
  );
  return { ...page, records: page.records.map((o) => toOrder(o, goods)) };
}

export async function getOrder(db: Db, userId: number, id: number): Promise<OrderDetail> {
  const row = await repo.findOrder(db, userId, id);
  if (!row) throw notFound(ORDER_NOT_FOUND);
  const [goods, bankTransfer, refunds] = await Promise.all([
    repo.goodsOfOrders(db, [row.id]),
    awaitsTransfer(row) ? bankDetails(db, row.transferReference || row.number) : null,
    refundsOf(db, row.id),
  ]);
  return { ...toOrder(row, goods), bankTransfer, ...refunds };
}

/** A member may cancel while the order is pending or awaiting shipment and still unpaid. */
export async function cancelOrder(db: Db, userId: number, id: number): Promise<void> {
  const cancelled = await db.transaction().execute(async (trx) => {
    const t = now();
    const done = await repo.cancelOrder(
      trx,
      userId,
      id,
      {
        status: [OrderStatus.PENDING, OrderStatus.AWAITING_SHIPMENT],
        payStatus: PayStatus.UNPAID,
        cancelled: OrderStatus.CANCELLED,
      },
      t,
    );
    // Quantities the order took off the member's documents go back to them.
    if (done) await compliance.returnForOrder(trx, id, t);
    return done;
  });
  if (cancelled) return;
  if (!(await repo.findOrder(db, userId, id))) throw notFound(ORDER_NOT_FOUND);
  throw badRequest(NOT_CANCELLABLE);
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
