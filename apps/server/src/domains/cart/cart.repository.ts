import type { Db } from '../../db/database.ts';

export interface PackRow {
  materialId: number;
  productId: number;
  name: string;
  number: string;
  brandName: string | null;
  cas: string;
  pack: string;
  image: string;
  userPrice: number | null;
}

export interface CartLineRow extends PackRow {
  id: number;
  price: number | null;
  quantity: number;
}

/** Packs with their product and brand: how the cart shows a line and an order records it. */
export function selectPacks(db: Db) {
  return db
    .selectFrom('materials as m')
    .innerJoin('products as p', 'p.id', 'm.productId')
    .leftJoin('brands as b', 'b.id', 'p.brandId')
    .select([
      'm.id as materialId',
      'p.id as productId',
      'p.name',
      'p.number',
      'b.name as brandName',
      'p.cas',
      'm.pack',
      'p.image',
      'm.userPrice',
    ]);
}

/** Removes the member's chosen lines for an order and answers what they held (one statement). */
export async function takeLines(
  db: Db,
  userId: number,
  ids: number[],
): Promise<{ materialId: number; quantity: number }[]> {
  return db
    .deleteFrom('cartItems')
    .where('userId', '=', userId)
    .where('id', 'in', ids)
    .returning(['materialId', 'quantity'])
    .execute();
}

/**
 * Packs with their product, as they are priced and described at order time; a pack or product
 * taken off sale since it went into the cart is missing, so the order is refused.
 */
export async function findPacks(db: Db, materialIds: number[]): Promise<PackRow[]> {
  return selectPacks(db)
    .where('m.id', 'in', materialIds)
    .where('m.onSale', '=', 1)
    .where('p.onSale', '=', 1)
    .execute();
}

/** The member's lines with their product and pack, optionally only the given ids, newest first. */
export async function listLines(db: Db, userId: number, ids?: number[]): Promise<CartLineRow[]> {
  let q = selectPacks(db)
    .innerJoin('cartItems as c', 'c.materialId', 'm.id')
    .select(['c.id', 'm.price', 'c.quantity'])
    .where('c.userId', '=', userId);
  if (ids) q = q.where('c.id', 'in', ids);
  return q.orderBy('c.createdAt', 'desc').orderBy('c.id', 'desc').execute();
}

export async function countLines(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('cartItems')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** True for a pack that can be bought: it and its product are on sale. */
export async function materialExists(db: Db, materialId: number): Promise<boolean> {
  const row = await db
    .selectFrom('materials')
    .innerJoin('products', 'products.id', 'materials.productId')
    .select('materials.id')
    .where('materials.id', '=', materialId)
    .where('materials.onSale', '=', 1)
    .where('products.onSale', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}

interface LineInput {
  userId: number;
  materialId: number;
  quantity: number;
  at: number;
}

/** A new line; callers decide what an existing line of the same material becomes. */
function insertLine(db: Db, line: LineInput) {
  return db.insertInto('cartItems').values({
    userId: line.userId,
    materialId: line.materialId,
    quantity: line.quantity,
    createdAt: line.at,
    updatedAt: line.at,
  });
}

/**
 * Adds to the member's line of this material, or creates it. One statement on the unique
 * (user, material) constraint, so concurrent adds neither duplicate the line nor lose a quantity.
 * Answers undefined when the sum would pass `max` (nothing is changed then).
 */
export async function addToLine(
  db: Db,
  line: LineInput,
  max: number,
): Promise<{ id: number; quantity: number } | undefined> {
  return insertLine(db, line)
    .onConflict((oc) =>
      oc
        .columns(['userId', 'materialId'])
        .doUpdateSet((eb) => ({
          quantity: eb(eb.ref('cartItems.quantity'), '+', eb.ref('excluded.quantity')),
          updatedAt: eb.ref('excluded.updatedAt'),
        }))
        .where((eb) =>
          eb(eb(eb.ref('cartItems.quantity'), '+', eb.ref('excluded.quantity')), '<=', max),
        ),
    )
    .returning(['id', 'quantity'])
    .executeTakeFirst();
}

/** Sets the quantity of the member's line of this material, creating the line if needed. */
export async function setLine(db: Db, line: LineInput): Promise<{ id: number; quantity: number }> {
  return insertLine(db, line)
    .onConflict((oc) =>
      oc.columns(['userId', 'materialId']).doUpdateSet((eb) => ({
        quantity: eb.ref('excluded.quantity'),
        updatedAt: eb.ref('excluded.updatedAt'),
      })),
    )
    .returning(['id', 'quantity'])
    .executeTakeFirstOrThrow();
}

/** Deletes the member's lines among `ids`; answers how many were deleted. */
export async function deleteLines(db: Db, userId: number, ids: number[]): Promise<number> {
  const res = await db
    .deleteFrom('cartItems')
    .where('userId', '=', userId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Deletes the member's lines of the given packs, whatever their quantity (a quote's order). */
export async function deletePackLines(
  db: Db,
  userId: number,
  materialIds: readonly number[],
): Promise<void> {
  if (materialIds.length === 0) return;
  await db
    .deleteFrom('cartItems')
    .where('userId', '=', userId)
    .where('materialId', 'in', [...materialIds])
    .execute();
}

export async function deleteAll(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('cartItems').where('userId', '=', userId).execute();
}
