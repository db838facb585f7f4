import { sql } from 'kysely';
import { netColumns } from '../../lib/regulation-columns.ts';
import type { Db } from '../../db/database.ts';
import { productTotalStock } from '../stock/index.ts';
import { isHazardous, lacksChineseSheet } from '../safety/index.ts';
import type { NewRow, RowUpdate } from '../../db/schema.ts';
import { chunks } from '../../db/chunks.ts';
import { contains } from '../../db/like.ts';
import type { UniqueKey } from '../../db/unique.ts';
import { listOrder, sortedBy, type ListOrder } from '../../db/sorting.ts';
import type { PRODUCT_SORTS, SortValue } from '@labshop/shared/schemas';

// ---- products ---------------------------------------------------------------------------------

const productColumns = [
  'p.id',
  'p.categoryId',
  'p.brandId',
  'p.name',
  'p.nameEn',
  'p.alias',
  'p.synonyms',
  'p.introduction',
  'p.cas',
  'p.number',
  'p.temperature',
  'p.molecularWeight',
  'p.molecularFormula',
  'p.smiles',
  'p.inchiKey',
  'p.image',
  'p.images',
  'p.control',
  'p.regulationCategory',
  'p.regulationCategories',
  'p.soluteCas',
  'p.regulationReason',
  'p.ghs',
  'p.mdl',
  'p.nationalStandard',
  'p.purity',
  'p.attributes',
  'p.summary',
  'p.isHot',
  'p.isNew',
  'p.onSale',
  'p.createdAt',
  'p.updatedAt',
] as const;

const selectProducts = (db: Db) =>
  db
    .selectFrom('products as p')
    .leftJoin('brands as b', 'b.id', 'p.brandId')
    .select([...productColumns, 'b.name as brandName']);

export type ProductRow = Awaited<ReturnType<typeof findProduct>> & object;

export function findProduct(db: Db, id: number) {
  return selectProducts(db).where('p.id', '=', id).executeTakeFirst();
}

/** Products by item number (exact), for imports and the uniqueness check. */
export async function findProductsByNumbers(db: Db, numbers: readonly string[]) {
  const out: NonNullable<Awaited<ReturnType<typeof findProduct>>>[] = [];
  for (const part of chunks(numbers)) {
    out.push(...(await selectProducts(db).where('p.number', 'in', part).execute()));
  }
  return out;
}

export async function findProductIdByNumber(db: Db, number: string) {
  const row = await db
    .selectFrom('products')
    .select('id')
    .where('number', '=', number)
    .executeTakeFirst();
  return row?.id;
}

/** Item numbers are unique: two saves of one number at once meet this key. */
export const PRODUCT_NUMBER: UniqueKey = { table: 'products', columns: ['number'] };
export const BRAND_NAME: UniqueKey = { table: 'brands', columns: ['name'] };

export async function insertProduct(db: Db, row: NewRow<'products'>): Promise<number> {
  const r = await db.insertInto('products').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

/** Inserts many products; answers their ids by item number. */
export async function insertProducts(db: Db, rows: ReadonlyArray<NewRow<'products'>>) {
  const ids = new Map<string, number>();
  for (const part of chunks(rows, 100)) {
    const inserted = await db
      .insertInto('products')
      .values(part)
      .returning(['id', 'number'])
      .execute();
    for (const r of inserted) ids.set(r.number, r.id);
  }
  return ids;
}

export async function updateProduct(db: Db, id: number, set: RowUpdate<'products'>) {
  await db.updateTable('products').set(set).where('id', '=', id).execute();
}

export function listRelations(db: Db, productIds: readonly number[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('productRelations as r')
    .innerJoin('products as p', 'p.id', 'r.relatedId')
    .select(['r.productId', 'p.id', 'p.name', 'p.number'])
    .where('r.productId', 'in', productIds)
    .orderBy('r.sort')
    .execute();
}

export async function replaceRelations(db: Db, productId: number, relatedIds: readonly number[]) {
  await db.deleteFrom('productRelations').where('productId', '=', productId).execute();
  if (relatedIds.length === 0) return;
  await db
    .insertInto('productRelations')
    .values(relatedIds.map((relatedId, sort) => ({ productId, relatedId, sort })))
    .execute();
}

/** Which of the ids are products (related products must exist). */
export async function existingProductIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('products').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

/** Product ids by item number, for related products named in an import. */
export async function productIdsByNumbers(db: Db, numbers: readonly string[]) {
  const out = new Map<string, number>();
  for (const part of chunks(numbers)) {
    const rows = await db
      .selectFrom('products')
      .select(['id', 'number'])
      .where('number', 'in', part)
      .execute();
    for (const r of rows) out.set(r.number, r.id);
  }
  return out;
}

// ---- packs and stock --------------------------------------------------------------------------

export async function listMaterials(db: Db, productIds: readonly number[]) {
  const out = [];
  for (const part of chunks(productIds)) {
    out.push(
      ...(await db
        .selectFrom('materials')
        .select([
          'id',
          'productId',
          'pack',
          'price',
          'userPrice',
          'sort',
          'onSale',
          'shippingClass',
          'unNumber',
          'hazardClass',
          'leadTimeDays',
        ])
        .where('productId', 'in', part)
        .orderBy('sort')
        .orderBy('id')
        .execute()),
    );
  }
  return out;
}

export async function insertMaterial(db: Db, row: NewRow<'materials'>): Promise<number> {
  const r = await db
    .insertInto('materials')
    .values({ ...row, ...netColumns(row.pack) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/** Inserts many packs; answers ids keyed `productId:pack`. */
export async function insertMaterials(db: Db, rows: ReadonlyArray<NewRow<'materials'>>) {
  const ids = new Map<string, number>();
  for (const part of chunks(rows, 200)) {
    const inserted = await db
      .insertInto('materials')
      .values(part.map((row) => ({ ...row, ...netColumns(row.pack) })))
      .returning(['id', 'productId', 'pack'])
      .execute();
    for (const r of inserted) ids.set(`${r.productId}:${r.pack}`, r.id);
  }
  return ids;
}

/** Updates a pack; a new pack text sets its net amount again (docs/compliance.md). */
export async function updateMaterial(db: Db, id: number, set: RowUpdate<'materials'>) {
  const net = set.pack === undefined ? {} : netColumns(set.pack);
  await db
    .updateTable('materials')
    .set({ ...set, ...net })
    .where('id', '=', id)
    .execute();
}

/**
 * Sets one price of a pack only if it still holds the value read (批量改价 works the new price
 * out from it); answers whether it did.
 */
export async function replaceMaterialPrice(
  db: Db,
  id: number,
  field: 'price' | 'userPrice',
  from: number,
  to: number,
): Promise<boolean> {
  const r = await db
    .updateTable('materials')
    .set({ [field]: to })
    .where('id', '=', id)
    .where(field, '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export function findMaterial(db: Db, id: number) {
  return db
    .selectFrom('materials')
    .select(['id', 'productId', 'pack', 'onSale'])
    .where('id', '=', id)
    .executeTakeFirst();
}

// ---- brands, stores, categories ---------------------------------------------------------------

export function listBrands(db: Db) {
  return db
    .selectFrom('brands as b')
    .select((eb) => [
      'b.id',
      'b.name',
      'b.sort',
      eb
        .selectFrom('products as p')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('p.brandId', '=', 'b.id')
        .as('products'),
    ])
    .orderBy('b.sort')
    .orderBy('b.id')
    .execute();
}

/**
 * The brand of that name, ignoring case and surrounding spaces: YifangLab is Yifanglab, not a
 * second brand beside it in the storefront's brand filter.
 */
export function findBrandByName(db: Db, name: string) {
  return db
    .selectFrom('brands')
    .select(['id', 'name'])
    .where(sql`lower(name)`, '=', name.trim().toLowerCase())
    .orderBy('id')
    .executeTakeFirst();
}

export function findBrand(db: Db, id: number) {
  return db
    .selectFrom('brands')
    .select(['id', 'name', 'sort'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The brand of that name, created (last in the order) when it is named for the first time. */
export async function brandIdFor(db: Db, name: string): Promise<number> {
  const known = await findBrandByName(db, name);
  if (known) return known.id;
  await db
    .insertInto('brands')
    .values({
      name,
      sort: sql<number>`(select coalesce(max(sort), 0) + 1 from brands)`,
    })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await findBrandByName(db, name);
  if (!row) throw new Error(`brand ${name} missing after insert`);
  return row.id;
}

export async function insertBrand(db: Db, row: NewRow<'brands'>) {
  return (await db.insertInto('brands').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateBrand(db: Db, id: number, set: RowUpdate<'brands'>) {
  await db.updateTable('brands').set(set).where('id', '=', id).execute();
}

export async function deleteBrand(db: Db, id: number) {
  await db.deleteFrom('brands').where('id', '=', id).execute();
}

export async function productIdsOfBrand(db: Db, brandId: number) {
  const rows = await db
    .selectFrom('products')
    .select('id')
    .where('brandId', '=', brandId)
    .execute();
  return rows.map((r) => r.id);
}

export function listCategories(db: Db) {
  return db
    .selectFrom('categories as c')
    .select((eb) => [
      'c.id',
      'c.pid',
      'c.title',
      'c.url',
      'c.model',
      'c.summary',
      'c.images',
      'c.sort',
      'c.isHot',
      eb
        .selectFrom('products as p')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('p.categoryId', '=', 'c.id')
        .as('products'),
    ])
    .orderBy('c.pid')
    .orderBy('c.sort')
    .orderBy('c.id')
    .execute();
}

export function findCategory(db: Db, id: number) {
  return db
    .selectFrom('categories')
    .select(['id', 'pid', 'title', 'url', 'model', 'summary', 'images', 'sort', 'isHot'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertCategory(db: Db, row: NewRow<'categories'>) {
  return (await db.insertInto('categories').values(row).returning('id').executeTakeFirstOrThrow())
    .id;
}

export async function updateCategory(db: Db, id: number, set: RowUpdate<'categories'>) {
  await db.updateTable('categories').set(set).where('id', '=', id).execute();
}

export async function deleteCategory(db: Db, id: number) {
  await db.deleteFrom('categories').where('id', '=', id).execute();
}

export async function categoryHasChildren(db: Db, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('categories')
    .select('id')
    .where('pid', '=', id)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function productIdsInCategories(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('products')
    .select('id')
    .where('categoryId', 'in', ids)
    .execute();
  return rows.map((r) => r.id);
}

export async function clearCategoryOf(db: Db, categoryId: number) {
  await db
    .updateTable('products')
    .set({ categoryId: null })
    .where('categoryId', '=', categoryId)
    .execute();
}

// ---- the console's product list ---------------------------------------------------------------

export interface ProductListFilter {
  /** Only these products (the storefront search's matches), when given. */
  ids?: readonly number[] | undefined;
  categoryIds?: readonly number[] | undefined;
  brandId?: number | undefined;
  tag?: 'hot' | 'new' | undefined;
  onSale?: boolean | undefined;
  stock?: 'in' | 'out' | undefined;
  /** Hazardous products without a current Chinese safety data sheet. */
  sds?: 'missing' | undefined;
  sort?: SortValue<(typeof PRODUCT_SORTS)[number]> | undefined;
}

/** The product list's sortable columns; by default the last changed first. */
const PRODUCT_COLUMNS = { updateTime: { column: 'p.updatedAt' }, number: { column: 'p.number' } };
const LAST_CHANGED: ListOrder = { column: 'p.updatedAt', desc: true, id: 'p.id' };

export async function pageProducts(db: Db, f: ProductListFilter, page: number, size: number) {
  let base = db
    .selectFrom('products as p')
    .leftJoin('brands as b', 'b.id', 'p.brandId')
    .leftJoin('categories as c', 'c.id', 'p.categoryId');
  if (f.ids) {
    if (f.ids.length === 0) return { records: [], total: 0 };
    base = base.where('p.id', 'in', f.ids);
  }
  if (f.categoryIds) base = base.where('p.categoryId', 'in', f.categoryIds);
  if (f.brandId !== undefined) base = base.where('p.brandId', '=', f.brandId);
  if (f.tag === 'hot') base = base.where('p.isHot', '=', 1);
  if (f.tag === 'new') base = base.where('p.isNew', '=', 1);
  if (f.onSale !== undefined) base = base.where('p.onSale', '=', f.onSale ? 1 : 0);
  const stockOf = productTotalStock;
  if (f.stock === 'in') base = base.where(stockOf, '>', 0);
  if (f.stock === 'out') base = base.where(stockOf, '<=', 0);
  if (f.sds === 'missing') base = base.where(isHazardous).where(lacksChineseSheet);
  const [records, count] = await Promise.all([
    sortedBy(
      base.select((eb) => [
        'p.id',
        'p.name',
        'p.number',
        'p.cas',
        'p.image',
        'p.onSale',
        'p.isHot',
        'p.isNew',
        'p.updatedAt',
        'b.name as brandName',
        'c.title as categoryTitle',
        stockOf.as('stock'),
        eb
          .selectFrom('materials as m')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('m.productId', '=', 'p.id')
          .as('packs'),
      ]),
      listOrder(f.sort, PRODUCT_COLUMNS, 'p.id', LAST_CHANGED),
    )
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { records, total: Number(count.total) };
}

/** Off-sale products matching a term by item number, CAS or name (the index holds none). */
export async function findOffSaleIds(db: Db, key: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('products')
    .select('id')
    .where('onSale', '=', 0)
    .where((eb) =>
      eb.or([
        eb(sql`lower(number)`, '=', key.toLowerCase()),
        eb('cas', '=', key),
        contains(sql.ref('name'), key),
      ]),
    )
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

export async function listProductIds(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('products').select('id').orderBy('id').execute();
  return rows.map((r) => r.id);
}

export function findProductsByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return selectProducts(db).where('p.id', 'in', ids).orderBy('p.id').execute();
}
