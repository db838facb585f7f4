import type { Db } from '../../db/database.ts';

export interface CartLineRow {
  id: number;
  materialId: number;
  productId: number;
  name: string;
  number: string;
  brandName: string | null;
  cas: string;
  pack: string;
  price: number | null;
  userPrice: number | null;
  quantity: number;
  image: string;
}

/** The member's lines with their product and pack, optionally only the given ids, newest first. */
export async function listLines(db: Db, userId: number, ids?: number[]): Promise<CartLineRow[]> {
  let q = db
    .selectFrom('cartItems as c')
    .innerJoin('materials as m', 'm.id', 'c.materialId')
    .innerJoin('products as p', 'p.id', 'm.productId')
    .leftJoin('brands as b', 'b.id', 'p.brandId')
    .select([
      'c.id',
      'c.materialId',
      'p.id as productId',
      'p.name',
      'p.number',
      'b.name as brandName',
      'p.cas',
      'm.pack',
      'm.price',
      'm.userPrice',
      'c.quantity',
      'p.image',
    ])
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

export async function materialExists(db: Db, materialId: number): Promise<boolean> {
  const row = await db
    .selectFrom('materials')
    .innerJoin('products', 'products.id', 'materials.productId')
    .select('materials.id')
    .where('materials.id', '=', materialId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Adds to the member's line of this material, or creates it. One statement on the unique
 * (user, material) constraint, so concurrent adds neither duplicate the line nor lose a quantity.
 * Answers undefined when the sum would pass `max` (nothing is changed then).
 */
export async function addToLine(
  db: Db,
  line: { userId: number; materialId: number; quantity: number; at: number },
  max: number,
): Promise<{ id: number; quantity: number } | undefined> {
  return db
    .insertInto('cartItems')
    .values({
      userId: line.userId,
      materialId: line.materialId,
      quantity: line.quantity,
      createdAt: line.at,
      updatedAt: line.at,
    })
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
export async function setLine(
  db: Db,
  line: { userId: number; materialId: number; quantity: number; at: number },
): Promise<{ id: number; quantity: number }> {
  return db
    .insertInto('cartItems')
    .values({
      userId: line.userId,
      materialId: line.materialId,
      quantity: line.quantity,
      createdAt: line.at,
      updatedAt: line.at,
    })
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

export async function deleteAll(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('cartItems').where('userId', '=', userId).execute();
}
