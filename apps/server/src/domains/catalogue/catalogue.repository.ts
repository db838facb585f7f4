import type { Db } from '../../db/database.ts';
import { CARD_COLUMNS } from '../cards/index.ts';

const categoryColumns = ['id', 'pid', 'title', 'url', 'model', 'summary', 'images'] as const;

export function listCategoryChildren(db: Db, pid: number) {
  return db
    .selectFrom('categories')
    .select(categoryColumns)
    .where('pid', '=', pid)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function findCategory(db: Db, id: number) {
  return db
    .selectFrom('categories')
    .select(categoryColumns)
    .where('id', '=', id)
    .executeTakeFirst();
}

export type ProductTag = 'hot' | 'new';

/** One page of product ids carrying a tag, plus the tag's total. */
export async function pageTaggedProductIds(
  db: Db,
  tag: ProductTag,
  page: number,
  size: number,
): Promise<{ ids: number[]; total: number }> {
  const flag = tag === 'hot' ? 'isHot' : 'isNew';
  const base = db.selectFrom('products').where(flag, '=', 1).where('onSale', '=', 1);
  const ordered =
    tag === 'hot'
      ? base.orderBy('sort').orderBy('id')
      : base.orderBy('createdAt', 'desc').orderBy('id', 'desc');
  const [rows, count] = await Promise.all([
    ordered
      .select('id')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { ids: rows.map((r) => r.id), total: Number(count.total) };
}

/** The detail-only columns of a product with its category title. */
/** A product's page: its card's columns and the rest the page shows. */
export function findProductDetail(db: Db, id: number) {
  return db
    .selectFrom('products as p')
    .leftJoin('brands as b', 'b.id', 'p.brandId')
    .leftJoin('categories as c', 'c.id', 'p.categoryId')
    .select([
      ...CARD_COLUMNS,
      'p.synonyms',
      'p.images',
      'p.control',
      'p.mdl',
      'p.nationalStandard',
      'p.purity',
      'p.attributes',
      'p.categoryId',
      'c.title as categoryTitle',
    ])
    .where('p.id', '=', id)
    .where('p.onSale', '=', 1)
    .executeTakeFirst();
}

export function listRelatedProducts(db: Db, productId: number) {
  return db
    .selectFrom('productRelations as r')
    .innerJoin('products as p', 'p.id', 'r.relatedId')
    .select(['p.id', 'p.name', 'p.number', 'p.cas', 'p.image'])
    .where('r.productId', '=', productId)
    .where('p.onSale', '=', 1)
    .orderBy('r.sort')
    .orderBy('p.id')
    .execute();
}

/** Keeps the history table small: a member's older views beyond this many are dropped. */
export const HISTORY_KEEP = 50;

/** Records (or refreshes) a member's view of a product and trims their oldest views. */
export async function recordView(db: Db, userId: number, productId: number, viewedAt: number) {
  await db
    .insertInto('browseHistory')
    .values({ userId, productId, viewedAt })
    .onConflict((oc) => oc.columns(['userId', 'productId']).doUpdateSet({ viewedAt }))
    .execute();
  await db
    .deleteFrom('browseHistory')
    .where('userId', '=', userId)
    .where('productId', 'not in', (eb) =>
      eb
        .selectFrom('browseHistory')
        .select('productId')
        .where('userId', '=', userId)
        .orderBy('viewedAt', 'desc')
        .orderBy('productId', 'desc')
        .limit(HISTORY_KEEP),
    )
    .execute();
}

export function listHistory(db: Db, userId: number, size: number) {
  return db
    .selectFrom('browseHistory as h')
    .innerJoin('products as p', 'p.id', 'h.productId')
    .select(['p.id', 'p.name', 'p.number', 'p.cas', 'p.image', 'h.viewedAt'])
    .where('h.userId', '=', userId)
    .where('p.onSale', '=', 1)
    .orderBy('h.viewedAt', 'desc')
    .orderBy('h.productId', 'desc')
    .limit(size)
    .execute();
}

export function listSearchKeys(db: Db) {
  return db
    .selectFrom('searchKeys')
    .select(['id', 'keyword'])
    .orderBy('sort')
    .orderBy('id')
    .execute();
}
