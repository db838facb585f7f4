import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, NewRow } from '../../db/schema.ts';

const COLUMNS = [
  's.id',
  's.productId',
  's.language',
  's.version',
  's.revisedAt',
  's.file',
] as const;

/**
 * A sheet that no later upload of its product and language superseded: the current one. Every
 * upload is kept, so "current" is simply "newest of its language" (migration 0024).
 */
const isCurrent = (eb: ExpressionBuilder<Database & { s: Database['safetyDataSheets'] }, 's'>) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom('safetyDataSheets as later')
        .select(sql.lit(1).as('one'))
        .whereRef('later.productId', '=', 's.productId')
        .whereRef('later.language', '=', 's.language')
        .whereRef('later.id', '>', 's.id'),
    ),
  );

/** The current sheets of these products, one per product and language, Chinese first. */
export function currentSheets(db: Db, productIds: readonly number[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('safetyDataSheets as s')
    .select(COLUMNS)
    .where('s.productId', 'in', productIds)
    .where(isCurrent)
    .orderBy('s.productId')
    .orderBy('s.language', 'desc')
    .execute();
}

/** Every stored sheet of a product, newest first, with the staff member who uploaded it. */
export function allSheets(db: Db, productId: number) {
  return db
    .selectFrom('safetyDataSheets as s')
    .leftJoin('staff as st', 'st.id', 's.staffId')
    .select([...COLUMNS, 's.createdAt', 'st.name as staffName'])
    .where('s.productId', '=', productId)
    .orderBy('s.language', 'desc')
    .orderBy('s.id', 'desc')
    .execute();
}

/** One version of a product's sheet in a language. */
export function findVersion(db: Db, productId: number, language: string, version: string) {
  return db
    .selectFrom('safetyDataSheets as s')
    .select(COLUMNS)
    .where('s.productId', '=', productId)
    .where('s.language', '=', language)
    .where('s.version', '=', version)
    .executeTakeFirst();
}

/** The current sheet of a product's language. */
export function findCurrent(db: Db, productId: number, language: string) {
  return db
    .selectFrom('safetyDataSheets as s')
    .select(COLUMNS)
    .where('s.productId', '=', productId)
    .where('s.language', '=', language)
    .orderBy('s.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Stores an uploaded sheet; a version already stored fails on the unique index. */
export async function insertSheet(db: Db, row: NewRow<'safetyDataSheets'>): Promise<number> {
  const inserted = await db
    .insertInto('safetyDataSheets')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** What a product's sheets and labels need of it: on sale or not, and its label data. */
export function findProduct(db: Db, id: number) {
  return db
    .selectFrom('products')
    .select(['id', 'name', 'nameEn', 'number', 'cas', 'onSale', 'regulationCategory', 'ghs'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Products by item number (the SDS import names its files so), with their id and name. */
export function findProductsByNumber(db: Db, numbers: readonly string[]) {
  if (numbers.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('products')
    .select(['id', 'number', 'name'])
    .where('number', 'in', numbers)
    .execute();
}

/** A pack of a product, for the label. */
export function findPack(db: Db, productId: number, materialId: number) {
  return db
    .selectFrom('materials')
    .select(['id', 'pack'])
    .where('id', '=', materialId)
    .where('productId', '=', productId)
    .executeTakeFirst();
}

/**
 * A product the law asks a Chinese SDS of (docs/safety.md): any regulatory class, or a GHS label
 * with a pictogram. The label is stored as JSON text whose pictogram codes (GHS01 ... GHS09) are
 * the only place the text "GHS0 can occur, so a LIKE tells it on both engines.
 */
export function isHazardous(eb: ExpressionBuilder<Database & { p: Database['products'] }, 'p'>) {
  return eb.or([eb('p.regulationCategory', 'is not', null), eb('p.ghs', 'like', '%"GHS0%')]);
}

/** No Chinese sheet was ever uploaded for the product (a current one exists as soon as one is). */
export function lacksChineseSheet(
  eb: ExpressionBuilder<Database & { p: Database['products'] }, 'p'>,
): Expression<SqlBool> {
  return eb.not(
    eb.exists(
      eb
        .selectFrom('safetyDataSheets as zh')
        .select(sql.lit(1).as('one'))
        .whereRef('zh.productId', '=', 'p.id')
        .where('zh.language', '=', 'zh'),
    ),
  );
}

/** The lines of an order whose product is hazardous: each package of them gets a label. */
export function hazardousLines(db: Db, orderId: number) {
  return db
    .selectFrom('orderGoods as og')
    .innerJoin('products as p', 'p.id', 'og.productId')
    .select(['og.id as orderGoodsId', 'og.productId', 'og.materialId'])
    .where('og.orderId', '=', orderId)
    .where(isHazardous)
    .orderBy('og.id')
    .execute();
}

/** The hazardous products a package holds, each once, in the order of their lines. */
export function hazardousProductsOfDelivery(db: Db, deliveryId: number) {
  return db
    .selectFrom('deliveryGoods as dg')
    .innerJoin('orderGoods as og', 'og.id', 'dg.orderGoodsId')
    .innerJoin('products as p', 'p.id', 'og.productId')
    .select(['p.id', 'og.name'])
    .distinct()
    .where('dg.deliveryId', '=', deliveryId)
    .where(isHazardous)
    .orderBy('p.id')
    .execute();
}

/** On-sale hazardous products without a current Chinese SDS: the console dashboard's count. */
export async function countMissingChineseSheets(db: Db): Promise<number> {
  const row = await db
    .selectFrom('products as p')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('p.onSale', '=', 1)
    .where(isHazardous)
    .where(lacksChineseSheet)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
