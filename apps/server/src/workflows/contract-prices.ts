import { resolvePrice, toFen, toYuan, type ContractTier } from '@labshop/shared';
import type { Material } from '@labshop/shared/schemas';
import type { Db } from '../db/database.ts';
import { now } from '../lib/clock.ts';
import { memberRole } from '../domains/organizations/index.ts';
import type { OrderedPack } from '../domains/orders/index.ts';
import { contractPricesFor } from '../domains/pricing/index.ts';

/*
 * Contract prices where the server prices a line (docs/contract-prices-credit.md section 1): a
 * request that names an organization the caller belongs to weighs that organization's price
 * lists in force against the member price with resolvePrice; anyone else (a visitor, a member
 * of another organization, a request naming none) gets member prices and no contractPrice.
 */

/** The tiers by pack of the organization, or null when the caller is not one of its members. */
export async function tiersForMember(
  db: Db,
  userId: number | null,
  orgId: number | null | undefined,
  materialIds: readonly number[],
  at: number,
): Promise<Map<number, ContractTier[]> | null> {
  if (userId === null || orgId === null || orgId === undefined) return null;
  if ((await memberRole(db, orgId, userId)) === null) return null;
  return contractPricesFor(db, orgId, materialIds, at);
}

/**
 * A pack without a member price (询价) has no price to stay below: an agreed contract price is
 * paid as it is.
 */
const NO_MEMBER_PRICE = Number.POSITIVE_INFINITY;

/**
 * The ordered packs priced for the order: a quoted line keeps its quote's price (source quote),
 * any other takes the contract price when the order is for an organization of the buyer and
 * that is below the member price (source contract), else the member price (source member); a
 * price the buyer was given earlier (`given`) wins when it is lower, with the source it had.
 */
export async function priceOrderedPacks(
  db: Db,
  userId: number,
  orgId: number | undefined,
  goods: readonly OrderedPack[],
  at: number,
): Promise<OrderedPack[]> {
  const ids = goods.map((g) => g.pack.materialId);
  return priceWithTiers(goods, await tiersForMember(db, userId, orgId, ids, at), at);
}

/**
 * The same for an organization whose membership the caller has checked (placing an order reads
 * it once, docs/organizations.md), or for the member's own order (`orgId` null).
 */
export async function priceOrderedPacksFor(
  db: Db,
  orgId: number | null,
  goods: readonly OrderedPack[],
  at: number,
): Promise<OrderedPack[]> {
  const ids = goods.map((g) => g.pack.materialId);
  const tiers = orgId === null ? null : await contractPricesFor(db, orgId, ids, at);
  return priceWithTiers(goods, tiers, at);
}

function priceWithTiers(
  goods: readonly OrderedPack[],
  tiers: ReadonlyMap<number, ContractTier[]> | null,
  at: number,
): OrderedPack[] {
  return goods.map((g) => {
    if (g.priceSource === 'quote') return g;
    const resolved = resolvePrice({
      memberPrice: g.pack.userPrice ?? NO_MEMBER_PRICE,
      quantity: g.quantity,
      now: at,
      tiers: tiers?.get(g.pack.materialId) ?? [],
    });
    const paid = g.given && g.given.price < resolved.price ? g.given : resolved;
    // The member price as it is (a 询价 pack has none to write back).
    if (paid === resolved && resolved.source === 'member') return { ...g, priceSource: 'member' };
    return { ...g, pack: { ...g.pack, userPrice: paid.price }, priceSource: paid.source };
  });
}

/** The contract price in yuan `quantity` units of a pack pay, when below its member price. */
function contractYuan(
  tiers: ReadonlyMap<number, ContractTier[]>,
  materialId: number,
  userPriceYuan: number | null,
  quantity: number,
  at: number,
): number | undefined {
  const own = tiers.get(materialId);
  if (!own) return undefined;
  const resolved = resolvePrice({
    memberPrice: userPriceYuan === null ? NO_MEMBER_PRICE : toFen(userPriceYuan),
    quantity,
    now: at,
    tiers: own,
  });
  return resolved.source === 'contract' ? toYuan(resolved.price) : undefined;
}

/** Search results and product detail: each pack's contractPrice of one unit, for members only. */
export async function productsWithContractPrices<T extends { materials: Material[] }>(
  db: Db,
  userId: number | null,
  orgId: number | null,
  products: T[],
): Promise<T[]> {
  const at = now();
  const ids = products.flatMap((p) => p.materials.map((m) => m.id));
  const tiers = await tiersForMember(db, userId, orgId, ids, at);
  if (!tiers || tiers.size === 0) return products;
  return products.map((p) => ({
    ...p,
    materials: p.materials.map((m) => {
      const contractPrice = contractYuan(tiers, m.id, m.userPrice, 1, at);
      return contractPrice === undefined ? m : { ...m, contractPrice };
    }),
  }));
}

/**
 * Lines with a quantity (cart lines, the quick order's preview): each line's contractPrice for
 * its quantity, for members of the organization; a line naming no pack is left as it is.
 */
export async function linesWithContractPrices<
  T extends { materialId: number | null; userPrice: number | null; quantity: number },
>(db: Db, userId: number, orgId: number | null, lines: T[]): Promise<T[]> {
  const at = now();
  const ids = lines.flatMap((l) => (l.materialId === null ? [] : [l.materialId]));
  const tiers = await tiersForMember(db, userId, orgId, ids, at);
  if (!tiers || tiers.size === 0) return lines;
  return lines.map((l) => {
    if (l.materialId === null) return l;
    const contractPrice = contractYuan(tiers, l.materialId, l.userPrice, l.quantity, at);
    return contractPrice === undefined ? l : { ...l, contractPrice };
  });
}
