import { PayType } from '@labshop/shared';
import type { orderCreatedSchema } from '@labshop/shared/schemas';
import type { z } from 'zod';
import type { Db } from '../db/database.ts';
import { now } from '../lib/clock.ts';
import { badRequest } from '../lib/errors.ts';
import * as compliance from '../domains/compliance/index.ts';
import { reserveCredit } from '../domains/credit/index.ts';
import { notifyAll } from '../domains/notifications/index.ts';
import {
  goodsIdsOf,
  goodsRows,
  insertNumberedOrder,
  insertOrderGoods,
  orderRow,
  placingEventOf,
  priceOrder,
  rememberCartOrder,
  takeCartForOrder,
  type OrderFields,
  type OrderInput,
  type OrderedPack,
} from '../domains/orders/index.ts';
import { payFromBalance } from '../domains/payments/index.ts';
import { planShipping } from '../domains/shipping/index.ts';
import { paidOrdersChanged } from '../domains/stock/index.ts';
import { priceOrderedPacksFor } from './contract-prices.ts';
import { shippingLinesOf } from './order-preview.ts';
import { memberOrderPage } from './order-pages.ts';
import { orgOrderedFor, planForOrg, recordForOrg } from './org-order.ts';

/*
 * Placing an order (docs/orders.md): the member's cart lines (or a quote's) become an order in
 * one transaction that writes orders (the order and its lines, in its placing state),
 * compliance (what the lines take off the member's documents), the balance when it pays at
 * once, the organization's credit when it is a credit order (月结, docs/contract-prices-credit.md),
 * and the member's messages.
 */

const BALANCE_PENDING = '订单含询价商品，无法使用余额支付';
const CREDIT_PENDING = '订单含询价商品，无法使用月结';
const CREDIT_NEEDS_ORG = '月结仅限为单位下单，请选择下单单位';

/** The answer of an order just made: the order (with its organization) and where to pay. */
type OrderCreated = z.infer<typeof orderCreatedSchema>;

/**
 * Stores an order of the given packs inside the caller's transaction: priced with the freight
 * rule at the packs' userPrice (the member price, or the quoted price for a quote), its goods
 * rows, and a balance payment debited with its ledger row. Controlled chemicals are refused
 * unless the member's documents (for an organization's order, the organization's) and, for
 * 易制爆, the stated use allow every line. Answers the order's id.
 */
export async function placeOrderIn(
  trx: Db,
  userId: number,
  input: OrderFields,
  ordered: readonly OrderedPack[],
  at: number,
): Promise<number> {
  // Only a member who may buy for the organization learns anything of it (404 otherwise).
  const buyingFor = await orgOrderedFor(trx, userId, input);
  const orgId = buyingFor?.id ?? null;
  // The server's prices: a quote's, else the organization's contract price below the member's.
  const goods = await priceOrderedPacksFor(trx, orgId, ordered, at);
  const purposes = new Map(
    (input.purposes ?? []).flatMap((p) => (p.purpose === '' ? [] : [[p.materialId, p.purpose]])),
  );
  // An organization's order is checked against its documents, held in its name.
  const plan = await compliance.planOrder(
    trx,
    { userId, orgId },
    buyingFor?.name ?? (await compliance.orderCompany(trx, userId, input)),
    goods.map((g) => ({
      materialId: g.pack.materialId,
      quantity: g.quantity,
      purpose: purposes.get(g.pack.materialId) ?? '',
    })),
    at,
  );
  // The order's freight is exactly its packages' sum, as the preview showed (docs/shipping.md).
  const shipping = await planShipping(trx, shippingLinesOf(goods), input.deliveryRegionCode, at);
  const price = priceOrder(goods, shipping.freightFen ?? undefined);
  const byBalance = input.payType === PayType.BALANCE;
  if (byBalance && price.amount === null) throw badRequest(BALANCE_PENDING);
  const onCredit = input.payType === PayType.CREDIT;
  if (onCredit && price.amount === null) throw badRequest(CREDIT_PENDING);
  // For an organization: its budget and approval steps (docs/organizations.md).
  const org = await planForOrg(trx, {
    org: buyingFor,
    budgetCode: input.budgetCode,
    amount: price.amount,
    hasRegulatedLine: plan.documents.size > 0,
    paysAtOnce: byBalance,
    at,
  });

  if (onCredit) {
    if (!org) throw badRequest(CREDIT_NEEDS_ORG);
    // Within the organization's credit, checked after its credit row is locked (月结).
    await reserveCredit(trx, org.orgId, price.amount ?? 0, at);
  }

  const { id, number } = await insertNumberedOrder(
    trx,
    placingEventOf(input, (org?.steps.length ?? 0) > 0),
    orderRow(userId, input, price, at),
  );
  await insertOrderGoods(trx, goodsRows(id, goods, purposes));
  if (org) await recordForOrg(trx, org, { id, number, userId, amount: price.amount }, at);
  if (plan.takes.length > 0 || plan.documents.size > 0) {
    await compliance.applyPlan(trx, plan, id, await goodsIdsOf(trx, id), at);
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
  // Paid at once from the balance: the buyer is told the money went too, as for a later payment.
  await notifyAll(trx, [
    ['order-placed', { orderId: id }],
    ...(byBalance ? [['payment-received', { orderId: id }] as const] : []),
  ]);
  // A credit order holds its stock unpaid, as a paid one does (docs/catalogue.md, "Held stock").
  if (onCredit) await paidOrdersChanged(trx);
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
): Promise<OrderCreated> {
  const orderId = await db.transaction().execute(async (trx) => {
    const taken = await takeCartForOrder(trx, userId, input.cartIds);
    if ('orderId' in taken) return taken.orderId;
    const t = now();
    const id = await placeOrderIn(trx, userId, input, taken.goods, t);
    await rememberCartOrder(trx, { userId, cartKey: taken.cartKey, orderId: id, at: t });
    return id;
  });
  return orderCreated(db, userId, orderId);
}

/** The answer of an order just made: the order and, for a bank transfer, where to pay. */
export async function orderCreated(db: Db, userId: number, orderId: number): Promise<OrderCreated> {
  const { bankTransfer, ...order } = await memberOrderPage(db, userId, orderId);
  return { order, bankTransfer };
}
