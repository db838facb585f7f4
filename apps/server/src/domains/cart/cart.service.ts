import { CartUpdateType, LIMITS, toYuan } from '@labshop/shared';
import type { CartLine } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { lineAvailability } from '../shipping/index.ts';
import * as repo from './cart.repository.ts';

const toLine = (
  r: repo.CartLineRow,
  stock: { expectedShipDate: string | null; outOfStock: boolean },
): CartLine => ({
  id: r.id,
  materialId: r.materialId,
  productId: r.productId,
  name: r.name,
  number: r.number,
  brandName: r.brandName ?? '',
  cas: r.cas,
  pack: r.pack,
  price: r.price === null ? null : toYuan(r.price),
  userPrice: r.userPrice === null ? null : toYuan(r.userPrice),
  quantity: r.quantity,
  image: r.image,
  // Selection lives in the browser (local storage key selectCartId), not on the server.
  checked: false,
  expectedShipDate: stock.expectedShipDate,
  outOfStock: stock.outOfStock,
});

/**
 * The lines as the cart shows them, with 预计发货 of those waiting for stock and 库存不足 of
 * those that cannot be ordered (docs/shipping.md).
 */
async function linesOf(db: Db, rows: repo.CartLineRow[]): Promise<CartLine[]> {
  const stock = await lineAvailability(db, rows, now());
  return rows.map((r) =>
    toLine(r, stock.get(r.materialId) ?? { expectedShipDate: null, outOfStock: false }),
  );
}

export async function listCart(db: Db, userId: number): Promise<CartLine[]> {
  return linesOf(db, await repo.listLines(db, userId));
}

/** The member's lines among `ids`; ids of other members' lines are simply absent. */
export async function chosenLines(db: Db, userId: number, ids: number[]): Promise<CartLine[]> {
  return linesOf(db, await repo.listLines(db, userId, ids));
}

/** Number of lines (not the total quantity): what the header's cart badge shows. */
export const countCart = (db: Db, userId: number) => repo.countLines(db, userId);

export async function updateCart(
  db: Db,
  userId: number,
  input: { materialId: number; quantity: number; type: number },
): Promise<{ id: number; quantity: number }> {
  if (!(await repo.materialExists(db, input.materialId))) throw notFound('商品不存在');
  const line = { userId, materialId: input.materialId, quantity: input.quantity, at: now() };
  if (input.type === CartUpdateType.SET) return repo.setLine(db, line);
  const added = await repo.addToLine(db, line, LIMITS.quantityMax);
  if (!added) throw badRequest(`购物车中该商品数量最多为 ${LIMITS.quantityMax}`);
  return added;
}

/** Deletes the member's chosen lines; refuses (changing nothing) when any id is not theirs. */
export async function deleteLines(db: Db, userId: number, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  await db.transaction().execute(async (trx) => {
    const deleted = await repo.deleteLines(trx, userId, unique);
    if (deleted !== unique.length) throw notFound('购物车商品不存在，请刷新后重试');
  });
}

export const clearCart = (db: Db, userId: number) => repo.deleteAll(db, userId);
