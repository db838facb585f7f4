import { isShippingClass, toYuan } from '@labshop/shared';
import type { OrderPackages, OrderPreview } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import { chinaDate } from '../../lib/clock.ts';
import { badRequest } from '../../lib/errors.ts';
import { parseCategories } from '../../lib/regulation-columns.ts';
import {
  assertShippable,
  freightOf,
  planPackages,
  type PackingLine,
  type PlannedPackage,
} from './packages.ts';
import * as repo from './shipping.repository.ts';
import { NO_RULES, shippingRules } from './shipping-rules.service.ts';

const DAY_MS = 86_400_000;

/** An ordered line: its pack, name and member price (fen, null: 询价). */
export interface OrderLine {
  materialId: number;
  name: string;
  pack: string;
  price: number | null;
  quantity: number;
}

export interface ShippingLine extends OrderLine, PackingLine {
  /** 预计发货 (China date) of a line the stock does not cover but a lead time does; else null. */
  expectedShipDate: string | null;
  /** Neither the stock nor a lead time covers the line (库存不足). */
  outOfStock: boolean;
}

/** 预计发货: the China date `days` days after `at` (docs/shipping.md, "Lead times"). */
export const expectedShipDate = (at: number, days: number): string => chinaDate(at + days * DAY_MS);

/**
 * 库存不足 (docs/shipping.md, "Lead times"): the stock over all warehouses does not cover
 * `quantity` units and the pack has no lead time, so it cannot be ordered. The exact complement
 * of 预计发货: a line short of stock either waits for its lead time or is refused.
 */
export const isOutOfStock = (
  pack: { stock: number; leadTimeDays: number | null } | undefined,
  quantity: number,
): boolean => pack !== undefined && pack.stock < quantity && pack.leadTimeDays === null;

/** The refusal naming the lines that cannot be ordered. */
export const outOfStockMessage = (lines: readonly { name: string; pack: string }[]): string =>
  `库存不足：${lines.map((l) => `${l.name} ${l.pack}`).join('、')}，暂不可订购`;

async function shippingLines<L extends OrderLine>(
  db: Db,
  lines: readonly L[],
  at: number,
): Promise<(L & ShippingLine)[]> {
  const packs = new Map(
    (
      await repo.packShipping(
        db,
        lines.map((l) => l.materialId),
      )
    ).map((p) => [p.materialId, p]),
  );
  return lines.map((l) => {
    const p = packs.get(l.materialId);
    const waits = p !== undefined && p.stock < l.quantity && p.leadTimeDays !== null;
    return {
      ...l,
      outOfStock: isOutOfStock(p, l.quantity),
      shippingClass: p && isShippingClass(p.shippingClass) ? p.shippingClass : 'normal',
      highlyToxic:
        p !== undefined &&
        parseCategories(p.regulationCategories, p.regulationCategory).includes('highly-toxic'),
      expectedShipDate: waits ? expectedShipDate(at, p.leadTimeDays ?? 0) : null,
    };
  });
}

/**
 * The packages of an order's lines and their freight (fen), as the confirmation shows them and
 * the order stores: the order's freight is exactly their sum. Refuses a line neither the stock
 * nor a lead time covers (库存不足) and an excluded region.
 */
export async function planShipping(
  db: Db,
  lines: readonly OrderLine[],
  regionCode: string,
  at: number,
): Promise<{ packages: PlannedPackage<ShippingLine>[]; freightFen: number | null }> {
  const rules = (await shippingRules(db)) ?? NO_RULES;
  const shipping = await shippingLines(db, lines, at);
  const short = shipping.filter((l) => l.outOfStock);
  if (short.length > 0) throw badRequest(outOfStockMessage(short));
  const packages = planPackages(shipping, rules, regionCode);
  return { packages, freightFen: freightOf(packages) };
}

/** The preview's answer in yuan. */
export function previewAnswer(
  plan: { packages: PlannedPackage<ShippingLine>[]; freightFen: number | null },
  goodsFen: number | null,
): OrderPreview {
  const freight = plan.freightFen;
  return {
    packages: plan.packages.map((p) => ({
      shippingClass: p.shippingClass,
      lines: p.lines.map((l) => ({
        materialId: l.materialId,
        name: l.name,
        pack: l.pack,
        quantity: l.quantity,
        expectedShipDate: l.expectedShipDate,
      })),
      freight: p.freightFen === null ? null : toYuan(p.freightFen),
      carriers: p.carriers,
    })),
    goodsAmount: goodsFen === null ? null : toYuan(goodsFen),
    freight: freight === null ? null : toYuan(freight),
    amount: goodsFen === null || freight === null ? null : toYuan(goodsFen + freight),
  };
}

/**
 * Refuses a package of these packs that mixes shipping classes or goes with a carrier its class
 * does not allow. Not checked while staff have set no rules.
 */
export async function checkPackage(db: Db, materialIds: number[], carrier: string): Promise<void> {
  const rules = await shippingRules(db);
  if (!rules) return;
  const lines = await shippingLines(
    db,
    materialIds.map((materialId) => ({ materialId, name: '', pack: '', price: 0, quantity: 0 })),
    0,
  );
  assertShippable(rules, lines, carrier);
}

/**
 * The packages the ship dialog makes of an order's lines: one per shipping class, with the
 * carriers it may go with. `restricted` is false while staff have set no rules (any carrier).
 */
export async function orderPackages(db: Db, orderId: number): Promise<OrderPackages> {
  const rules = await shippingRules(db);
  const goods = await repo.orderLines(db, orderId);
  const lines = await shippingLines(
    db,
    goods.map((g) => ({ ...g, name: '', pack: '', price: 0, quantity: 0 })),
    0,
  );
  // No delivery region: the region was checked when the order was placed.
  const packages = planPackages(lines, rules ?? NO_RULES, '');
  return {
    restricted: rules !== null,
    packages: packages.map((p) => ({
      shippingClass: p.shippingClass,
      orderGoodsIds: p.lines.map((l) => l.orderGoodsId),
      carriers: p.carriers,
    })),
  };
}
