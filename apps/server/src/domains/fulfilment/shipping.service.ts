import type { z } from 'zod';
import { UNBATCHED_LOT } from '@labshop/shared/schemas';
import type { deliveryBody, trackBody } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import type { NewRow } from '../../db/schema.ts';
import { bumpCatalogueVersion } from '../../lib/catalogue-version.ts';
import { chinaDateTime, now } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { recordShipment, regulatedLines } from '../compliance/index.ts';
import { notify } from '../notifications/index.ts';
import type { StaffIdentity } from '../staff/index.ts';
import {
  OrderStatus,
  PayStatus,
  allocate,
  fefo,
  isExpired,
  isShort,
  shortBefore,
  type Allocation,
  type LotStock,
} from '@labshop/shared';
import { lotsOfPacks } from '../stock/lots.repository.ts';
import { stocksOfPacks } from '../stock/stock-levels.repository.ts';
import { minShelfLifeMonths, today } from '../stock/lots.service.ts';
import { lotsIn, moveStock } from '../stock/stock.repository.ts';
import * as repo from '../orders/order-admin.repository.ts';

/*
 * The warehouse's side of an order: the stock the ship dialog offers, shipping a package from
 * lots (docs/lots.md, "Shipping") and its tracking records.
 */

const ORDER_NOT_FOUND = '订单不存在';
const ORDER_CHANGED = '订单状态已变化，请刷新后重试';
const NOT_SHIPPABLE = '订单当前状态不能发货';
const GOODS_NOT_IN_ORDER = '发货商品不属于该订单';
const OVER_SHIPPED = '发货数量超过待发数量';
const STORE_UNKNOWN = '仓库不存在';
const DELIVERY_NOT_FOUND = '包裹不存在';
const DELIVERY_CANCELLED = '包裹已撤销';
const UNBATCHED_REFUSED = '受管制化学品须从已命名的批次发货，不能从未分批库存发出';
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
 * What the ship dialog needs: each warehouse's count of the order's packs, the lots that may
 * ship (not expired, first to expire first) and the day before which a lot is short.
 */
export async function orderStocks(db: Db, id: number) {
  const goods = await repo.goodsOfOrder(db, id);
  if (goods.length === 0 && !(await repo.findOrder(db, id))) throw notFound(ORDER_NOT_FOUND);
  const materialIds = [...new Set(goods.map((g) => g.materialId))];
  const day = today();
  const [stores, stocks, lots, months] = await Promise.all([
    repo.allStores(db),
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

type PackageInput = z.output<typeof deliveryBody>;
interface Line {
  orderGoodsId: number;
  materialId: number;
  storeId: number;
  storeName: string;
  label: string;
  taken: Allocation[];
}

/**
 * Which lots each line ships from: the named lot, or the warehouse's lots FEFO. Lines are
 * planned in turn against what the earlier lines left, so two lines of one pack never count the
 * same units. An expired lot never ships; a short one needs the package's confirmation.
 */
async function planLots(
  trx: Db,
  input: PackageInput,
  lines: Omit<Line, 'taken'>[],
  day: string,
  shortDay: string,
  months: number,
  regulated: ReadonlySet<number>,
): Promise<Line[]> {
  const books = new Map<string, LotStock[]>();
  const planned: Line[] = [];
  for (const [i, line] of lines.entries()) {
    const key = `${line.materialId}:${line.storeId}`;
    let lots = books.get(key);
    if (!lots) {
      lots = await lotsIn(trx, line.materialId, line.storeId);
      books.set(key, lots);
    }
    const wanted = input.goods[i]!;
    // A controlled chemical is traced by its lot (docs/compliance.md section 5): never 未分批.
    const named = regulated.has(line.orderGoodsId);
    if (named && wanted.lotNumber === UNBATCHED_LOT)
      throw badRequest(`${UNBATCHED_REFUSED}：${line.label}`);
    let taken: Allocation[] | null;
    if (wanted.lotNumber !== undefined) {
      const lot = lots.find((l) => l.lotNumber === wanted.lotNumber);
      if (!lot) throw badRequest(`${line.storeName}没有批次 ${wanted.lotNumber}：${line.label}`);
      if (isExpired(lot.expire, day)) {
        throw badRequest(`批次 ${lot.lotNumber} 已过期，不能发货：${line.label}`);
      }
      taken = lot.quantity >= wanted.quantity ? [{ ...lot, quantity: wanted.quantity }] : null;
    } else {
      taken = allocate(
        lots.filter((l) => !isExpired(l.expire, day) && !(named && l.lotNumber === UNBATCHED_LOT)),
        wanted.quantity,
        fefo,
      );
    }
    if (!taken) {
      const which = wanted.lotNumber ? `批次 ${wanted.lotNumber} ` : named ? '已命名批次' : '';
      throw badRequest(`${line.storeName}${which}库存不足：${line.label}`);
    }
    for (const t of taken) {
      const lot = lots.find((l) => l.lotNumber === t.lotNumber);
      if (lot) lot.quantity -= t.quantity;
      if (isShort(t.expire, shortDay) && !input.confirmShortExpiry) {
        throw badRequest(
          `批次 ${t.lotNumber} 有效期至 ${t.expire}，剩余有效期不足 ${months} 个月，请确认后发货：${line.label}`,
        );
      }
    }
    planned.push({ ...line, taken });
  }
  return planned;
}

/**
 * Ships one package: the order moves to 运输中, each line's units come out of the chosen
 * warehouse's lots (never below zero), and no line ships more than was bought. The order row is
 * updated first, so concurrent shipments of one order queue behind each other and each sees
 * what the other shipped.
 */
export async function ship(
  db: Db,
  staff: StaffIdentity,
  id: number,
  input: PackageInput,
): Promise<{ id: number }> {
  return db.transaction().execute(async (trx) => {
    const o = await repo.findOrder(trx, id);
    if (!o) throw notFound(ORDER_NOT_FOUND);
    const t = now();
    const moved = await repo.transitionOrder(
      trx,
      id,
      {
        status: [OrderStatus.AWAITING_SHIPMENT, OrderStatus.SHIPPING],
        payStatus: [PayStatus.PAID],
      },
      { status: OrderStatus.SHIPPING, updatedAt: t },
    );
    if (!moved) throw badRequest(NOT_SHIPPABLE);
    const goods = new Map((await repo.goodsOfOrder(trx, id)).map((g) => [g.id, g]));
    const shipped = await repo.shippedOfOrder(trx, id);
    const stores = new Map(
      (await repo.storesByIds(trx, [...new Set(input.goods.map((g) => g.storeId))])).map((s) => [
        s.id,
        s,
      ]),
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
      };
    });
    for (const [goodsId, quantity] of wanted) {
      const g = goods.get(goodsId);
      if (g && quantity > g.quantityPurchase - (shipped.get(goodsId) ?? 0)) {
        throw badRequest(`${OVER_SHIPPED}：${g.name} ${g.pack}`);
      }
    }
    const day = today(t);
    const months = await minShelfLifeMonths(trx);
    const shortDay = shortBefore(day, months);
    const classes = await regulatedLines(trx, id);
    const regulated = new Set(
      [...classes].filter(([, c]) => c !== 'hazardous').map(([goodsId]) => goodsId),
    );
    const toxic = input.goods.some((g) => classes.get(g.orderGoodsId) === 'highly-toxic');
    if (toxic && (input.handlerName === '' || input.handlerIdNumber === '')) {
      throw badRequest(HANDLER_REQUIRED);
    }
    const planned = await planLots(trx, input, lines, day, shortDay, months, regulated);
    const short = planned.some((l) => l.taken.some((a) => isShort(a.expire, shortDay)));
    const deliveryId = await repo.insertDelivery(trx, {
      orderId: id,
      company: input.carrier,
      trackingNumber: input.trackingNumber,
      track: '[]',
      createdAt: t,
      shortExpiryConfirmed: short ? 1 : 0,
      handlerName: input.handlerName,
      handlerIdNumber: input.handlerIdNumber,
    });
    const rows: NewRow<'deliveryGoods'>[] = [];
    for (const line of planned) {
      for (const lot of line.taken) {
        const after = await moveStock(trx, {
          materialId: line.materialId,
          storeId: line.storeId,
          change: -lot.quantity,
          reason: 'shipment',
          lot,
          remark: `订单 ${o.number} 发货`,
          staffId: staff.id,
          orderId: id,
          deliveryId,
          createdAt: t,
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
    // 销售台账: every shipped line of a regulated product, in this same transaction.
    await recordShipment(
      trx,
      staff,
      o,
      {
        id: deliveryId,
        carrier: input.carrier,
        trackingNumber: input.trackingNumber,
        handlerName: input.handlerName,
        handlerIdNumber: input.handlerIdNumber,
      },
      rows.map((r) => ({
        orderGoodsId: r.orderGoodsId,
        quantity: r.quantityShipped,
        lotNumber: r.lotNumber,
      })),
      t,
    );
    await recordAudit(trx, {
      staffId: staff.id,
      action: 'order.delivery',
      target: `order:${id}`,
      before: { status: o.status },
      after: {
        status: OrderStatus.SHIPPING,
        deliveryId,
        ...input,
        lots: rows.map((r) => ({
          orderGoodsId: r.orderGoodsId,
          lotNumber: r.lotNumber,
          quantity: r.quantityShipped,
        })),
        shortExpiryConfirmed: short,
      },
    });
    await notify(trx, 'order-shipped', {
      orderId: id,
      carrier: input.carrier,
      trackingNumber: input.trackingNumber,
    });
    return { id: deliveryId };
  });
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
