import type { z } from 'zod';
import { toFen, toYuan } from '@labshop/shared';
import type { OrderTotals, orderEditBody, pricesBody } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import type { Row } from '../../db/schema.ts';
import { now } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { notify } from '../notifications/index.ts';
import { priceOrder } from './order-pricing.ts';
import type { StaffIdentity } from '../staff/index.ts';
import * as repo from './order-admin.repository.ts';
import { removeLines, setLine } from './order-edit.repository.ts';
import { assertCan, mustMoveOrder } from './order-state.ts';

const ORDER_NOT_FOUND = '订单不存在';
const EDITED_MEANWHILE = '订单已被他人修改，请刷新后重新填写';
const PRICES_INCOMPLETE = '请为订单的每个商品填写单价';
const NOT_IN_ORDER = '修改订单不能添加商品，只能保留、减少或删除订单中已有的商品';
const TWICE = '同一商品只能填写一次';

/** One line as the corrected order keeps it: its quantity and unit price in fen. */
interface KeptLine {
  id: number;
  quantity: number;
  price: number;
}

const lineOf = (g: Row<'orderGoods'>) => ({
  id: g.id,
  name: `${g.name} ${g.pack}`,
  quantity: g.quantityPurchase,
  price: g.price === null ? null : toYuan(g.price),
});

/**
 * Rewrites an unpaid order to the kept lines and freight (fen; undefined: the shop's rule), in
 * the caller's transaction: totals by the same pricing as checkout (orders/order-pricing.ts), one
 * conditional update of the order row (the loser of a race gets 订单状态已变化 and nothing
 * changes), the member told, and the audit row with the lines and totals before and after. The
 * order's open gateway payments ask for the old amount: the correct-order workflow supersedes
 * them in the same transaction (docs/payments.md, "An order corrected by staff").
 */
async function rewrite(
  trx: Db,
  staff: StaffIdentity,
  o: Row<'orders'>,
  goods: Row<'orderGoods'>[],
  kept: KeptLine[],
  staffFreight: number | undefined,
  action: 'order.prices' | 'order.edit',
): Promise<OrderTotals> {
  const price = priceOrder(
    kept.map((l) => ({ pack: { userPrice: l.price }, quantity: l.quantity })),
    staffFreight,
  );
  const { goodsAmount, freight, amount } = price;
  if (goodsAmount === null || freight === null || amount === null) {
    throw badRequest(PRICES_INCOMPLETE);
  }
  await mustMoveOrder(trx, o.id, action === 'order.prices' ? 'price' : 'edit', {
    by: 'staff',
    // The version moves on even within the same millisecond.
    set: {
      goodsAmount,
      freight,
      amount,
      count: price.count,
      updatedAt: Math.max(now(), o.updatedAt + 1),
    },
    guard: { amount: o.amount, version: o.updatedAt },
  });
  const keptIds = new Set(kept.map((l) => l.id));
  for (const l of kept) {
    await setLine(trx, o.id, l.id, { quantityPurchase: l.quantity, price: l.price });
  }
  await removeLines(
    trx,
    o.id,
    goods.filter((g) => !keptIds.has(g.id)).map((g) => g.id),
  );
  // The first pricing of a 待确认 order tells the member to pay; a later correction what changed.
  await notify(trx, o.amount === null ? 'order-priced' : 'order-changed', { orderId: o.id });
  const after = await repo.goodsOfOrder(trx, o.id);
  await recordAudit(trx, {
    staffId: staff.id,
    action,
    target: `order:${o.id}`,
    before: {
      goodsAmount: o.goodsAmount === null ? null : toYuan(o.goodsAmount),
      freight: o.freight === null ? null : toYuan(o.freight),
      amount: o.amount === null ? null : toYuan(o.amount),
      orderLines: goods.map(lineOf),
    },
    after: {
      goodsAmount: toYuan(goodsAmount),
      freight: toYuan(freight),
      amount: toYuan(amount),
      orderLines: after.map(lineOf),
    },
  });
  return { goodsAmount: toYuan(goodsAmount), freight: toYuan(freight), amount: toYuan(amount) };
}

/**
 * The unpaid order to rewrite, as the editor saw it: a `version` other than the order's own means
 * someone changed it after the editor's dialog read it, and saving would overwrite that change.
 */
async function unpaidOrder(
  trx: Db,
  id: number,
  version: number | undefined,
  event: 'price' | 'edit',
) {
  const o = await repo.findOrder(trx, id);
  if (!o) throw notFound(ORDER_NOT_FOUND);
  assertCan(o, event);
  if (version !== undefined && version !== o.updatedAt) throw badRequest(EDITED_MEANWHILE);
  return { o, goods: await repo.goodsOfOrder(trx, id) };
}

/**
 * Prices an unpaid order's lines (PUT /manage/v1/orders/{id}/prices): a 待确认 order's first
 * pricing, or a new price for every line later, as long as it is unpaid. Quantities stay; freight
 * follows the shop's rule unless given.
 */
export async function priceLines(
  trx: Db,
  staff: StaffIdentity,
  id: number,
  input: z.output<typeof pricesBody>,
): Promise<OrderTotals> {
  const { o, goods } = await unpaidOrder(trx, id, input.version, 'price');
  const prices = new Map(input.goods.map((g) => [g.orderGoodsId, toFen(g.price)]));
  if (prices.size !== input.goods.length || prices.size !== goods.length) {
    throw badRequest(PRICES_INCOMPLETE);
  }
  const kept = goods.map((g) => {
    const price = prices.get(g.id);
    if (price === undefined) throw badRequest(PRICES_INCOMPLETE);
    return { id: g.id, quantity: g.quantityPurchase, price };
  });
  const freight = input.freight === undefined ? undefined : toFen(input.freight);
  return rewrite(trx, staff, o, goods, kept, freight, 'order.prices');
}

/**
 * Corrects an unpaid order (PUT /manage/v1/orders/{id}): the lines to keep with their quantity
 * (at most what was ordered: raising one or adding a product is a new order, whose
 * regulated-chemical checks are made when the buyer orders) and unit price; lines left out are
 * removed. Freight follows the shop's rule unless given. In the caller's transaction (the
 * correct-order workflow).
 */
export async function editOrder(
  trx: Db,
  staff: StaffIdentity,
  id: number,
  input: z.output<typeof orderEditBody>,
): Promise<OrderTotals> {
  const { o, goods } = await unpaidOrder(trx, id, input.version, 'edit');
  const byId = new Map(goods.map((g) => [g.id, g]));
  if (new Set(input.goods.map((g) => g.orderGoodsId)).size !== input.goods.length) {
    throw badRequest(TWICE);
  }
  const kept = input.goods.map((l) => {
    const g = byId.get(l.orderGoodsId);
    if (!g) throw badRequest(NOT_IN_ORDER);
    if (l.quantity > g.quantityPurchase) {
      throw badRequest(
        `${g.name} ${g.pack} 最多 ${g.quantityPurchase} 件：修改订单不能增加数量，请让买家另行下单`,
      );
    }
    return { id: g.id, quantity: l.quantity, price: toFen(l.price) };
  });
  const freight = input.freight === undefined ? undefined : toFen(input.freight);
  return rewrite(trx, staff, o, goods, kept, freight, 'order.edit');
}
