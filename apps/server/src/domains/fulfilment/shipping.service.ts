import type { z } from 'zod';
import { isExpired, isShort, shortBefore } from '@labshop/shared';
import type { deliveryBody, trackBody } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import type { NewRow, Row } from '../../db/schema.ts';
import { bumpCatalogueVersion } from '../../lib/catalogue-version.ts';
import { chinaDateTime, now } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import type { StaffIdentity } from '../staff/index.ts';
import {
  listStores,
  lotsOfPacks,
  minShelfLifeMonths,
  moveStock,
  planLots,
  stocksOfPacks,
  storesByIds,
  today,
} from '../stock/index.ts';
import * as repo from './deliveries.repository.ts';

/*
 * The warehouse's side of an order: the stock the ship dialog offers, a package made from lots
 * (docs/lots.md, "Shipping") and its tracking records. Shipping as a whole, with the order's
 * move and the sales ledger, is the ship-package workflow (apps/server/src/workflows).
 */

const ORDER_CHANGED = '订单状态已变化，请刷新后重试';
const GOODS_NOT_IN_ORDER = '发货商品不属于该订单';
const OVER_SHIPPED = '发货数量超过待发数量';
const STORE_UNKNOWN = '仓库不存在';
const DELIVERY_NOT_FOUND = '包裹不存在';
const DELIVERY_CANCELLED = '包裹已撤销';
const HANDLER_REQUIRED = '剧毒化学品发货须填写经办人姓名和身份证号码';

export function parseTrack(text: string): { context: string; ftime: string }[] {
  try {
    const raw: unknown = JSON.parse(text);
    if (!Array.isArray(raw)) return [];
    return raw.flatMap((e: unknown) => {
      if (!e || typeof e !== 'object') return [];
      const { context, ftime } = e as { context?: unknown; ftime?: unknown };
      return typeof context === 'string'
        ? [{ context, ftime: typeof ftime === 'string' ? ftime : '' }]
        : [];
    });
  } catch {
    return [];
  }
}

/**
 * What the ship dialog needs for an order's packs: each warehouse's count of them, the lots that
 * may ship (not expired, first to expire first) and the day before which a lot is short.
 */
export async function shipOptions(db: Db, materialIds: readonly number[]) {
  const day = today();
  const [stores, stocks, lots, months] = await Promise.all([
    listStores(db),
    stocksOfPacks(db, materialIds),
    lotsOfPacks(db, materialIds),
    minShelfLifeMonths(db),
  ]);
  return {
    stores: stores.map((s) => ({ id: s.id, name: s.name })),
    stocks,
    lots: lots.filter((l) => !isExpired(l.expire, day)),
    shortBefore: shortBefore(day, months),
    minShelfLifeMonths: months,
  };
}

/** The regulated class of each regulated line of the order (compliance's `regulatedLines`). */
export type LineClasses = ReadonlyMap<number, string>;

export interface PackedPackage {
  id: number;
  rows: NewRow<'deliveryGoods'>[];
  /** A lot short of the minimum remaining shelf life went, with the staff's confirmation. */
  short: boolean;
}

/**
 * Makes one package of an order in the caller's transaction, which has already moved the order
 * to 运输中 (so concurrent shipments of one order queue behind each other and each sees what the
 * other shipped): no line ships more than was bought, each line's units come out of the chosen
 * warehouse's lots (stock's lot choice; never below zero), and regulated lines ship from named
 * lots, 剧毒 ones only with a 经办人.
 */
export async function packPackage(
  trx: Db,
  staff: StaffIdentity,
  order: Pick<Row<'orders'>, 'id' | 'number'>,
  orderGoods: readonly Row<'orderGoods'>[],
  input: z.output<typeof deliveryBody>,
  p: { at: number; classes: LineClasses },
): Promise<PackedPackage> {
  const goods = new Map(orderGoods.map((g) => [g.id, g]));
  const shipped = await repo.shippedOfOrder(trx, order.id);
  const stores = new Map(
    (await storesByIds(trx, [...new Set(input.goods.map((g) => g.storeId))])).map((s) => [s.id, s]),
  );
  const wanted = new Map<number, number>();
  const lines = input.goods.map((line) => {
    const g = goods.get(line.orderGoodsId);
    if (!g) throw badRequest(GOODS_NOT_IN_ORDER);
    const store = stores.get(line.storeId);
    if (!store) throw badRequest(STORE_UNKNOWN);
    wanted.set(g.id, (wanted.get(g.id) ?? 0) + line.quantity);
    return {
      orderGoodsId: g.id,
      materialId: g.materialId,
      storeId: store.id,
      storeName: store.name,
      label: `${g.name} ${g.pack}`,
      quantity: line.quantity,
      lotNumber: line.lotNumber,
      // A controlled chemical is traced by its lot (docs/compliance.md section 5): never 未分批.
      namedLotOnly: (p.classes.get(g.id) ?? 'hazardous') !== 'hazardous',
    };
  });
  for (const [goodsId, quantity] of wanted) {
    const g = goods.get(goodsId);
    if (g && quantity > g.quantityPurchase - (shipped.get(goodsId) ?? 0)) {
      throw badRequest(`${OVER_SHIPPED}：${g.name} ${g.pack}`);
    }
  }
  const day = today(p.at);
  const months = await minShelfLifeMonths(trx);
  const shortDay = shortBefore(day, months);
  const toxic = input.goods.some((g) => p.classes.get(g.orderGoodsId) === 'highly-toxic');
  if (toxic && (input.handlerName === '' || input.handlerIdNumber === '')) {
    throw badRequest(HANDLER_REQUIRED);
  }
  const planned = await planLots(trx, lines, {
    day,
    shortDay,
    months,
    confirmShortExpiry: input.confirmShortExpiry,
  });
  const short = planned.some((taken) => taken.some((a) => isShort(a.expire, shortDay)));
  const deliveryId = await repo.insertDelivery(trx, {
    orderId: order.id,
    company: input.carrier,
    trackingNumber: input.trackingNumber,
    track: '[]',
    createdAt: p.at,
    shortExpiryConfirmed: short ? 1 : 0,
    handlerName: input.handlerName,
    handlerIdNumber: input.handlerIdNumber,
  });
  const rows: NewRow<'deliveryGoods'>[] = [];
  for (const [i, line] of lines.entries()) {
    for (const lot of planned[i] ?? []) {
      const after = await moveStock(trx, {
        materialId: line.materialId,
        storeId: line.storeId,
        change: -lot.quantity,
        reason: 'shipment',
        lot,
        remark: `订单 ${order.number} 发货`,
        staffId: staff.id,
        orderId: order.id,
        deliveryId,
        createdAt: p.at,
      });
      if (after === undefined) throw badRequest(`${line.storeName}库存不足：${line.label}`);
      rows.push({
        deliveryId,
        orderGoodsId: line.orderGoodsId,
        quantityShipped: lot.quantity,
        stocks: JSON.stringify([
          { storeId: line.storeId, storeName: line.storeName, materialCount: lot.quantity },
        ]),
        lotNumber: lot.lotNumber,
        expire: lot.expire,
      });
    }
  }
  // Visitors see stock per warehouse: cached catalogue answers must not show what has left.
  await bumpCatalogueVersion(trx);
  await repo.insertDeliveryGoods(trx, rows);
  return { id: deliveryId, rows, short };
}

/** Appends a tracking record to a package; the newest record comes first. */
export async function addTrack(
  db: Db,
  staff: StaffIdentity,
  id: number,
  deliveryId: number,
  input: z.output<typeof trackBody>,
): Promise<void> {
  const entry = { context: input.context, ftime: chinaDateTime(input.time ?? now()) };
  for (let attempt = 0; attempt < 5; attempt++) {
    const done = await db.transaction().execute(async (trx) => {
      const d = await repo.findDelivery(trx, id, deliveryId);
      if (!d) throw notFound(DELIVERY_NOT_FOUND);
      if (d.cancelledAt !== null) throw badRequest(DELIVERY_CANCELLED);
      const track = [entry, ...parseTrack(d.track)].sort((a, b) => b.ftime.localeCompare(a.ftime));
      if (!(await repo.replaceTrack(trx, deliveryId, d.track, JSON.stringify(track)))) return false;
      await recordAudit(trx, {
        staffId: staff.id,
        action: 'order.track',
        target: `order:${id}`,
        after: { deliveryId, ...entry },
      });
      return true;
    });
    if (done) return;
  }
  throw badRequest(ORDER_CHANGED);
}
