import type { Db } from '../../db/database.ts';

/** On-sale products among the ids, with their brand's name. */
export function findCardProducts(db: Db, ids: readonly number[]) {
  return db
    .selectFrom('products as p')
    .leftJoin('brands as b', 'b.id', 'p.brandId')
    .select([
      'p.id',
      'p.name',
      'p.nameEn',
      'p.alias',
      'p.introduction',
      'b.name as brandName',
      'p.cas',
      'p.number',
      'p.temperature',
      'p.molecularWeight',
      'p.molecularFormula',
      'p.image',
      'p.summary',
      'p.smiles',
      'p.inchiKey',
    ])
    .where('p.id', 'in', ids)
    .where('p.onSale', '=', 1)
    .execute();
}

/** The on-sale packs of the products, in their display order. */
export function findCardMaterials(db: Db, productIds: readonly number[]) {
  return db
    .selectFrom('materials')
    .select(['id', 'productId', 'pack', 'price', 'userPrice'])
    .where('productId', 'in', productIds)
    .where('onSale', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** Stock of the packs per warehouse, with the warehouse's name. */
export function findCardStocks(db: Db, materialIds: readonly number[]) {
  return db
    .selectFrom('materialStocks as s')
    .innerJoin('stores as st', 'st.id', 's.storeId')
    .select(['s.materialId', 's.storeId', 'st.name as storeName', 's.count'])
    .where('s.materialId', 'in', materialIds)
    .orderBy('s.storeId')
    .execute();
}
