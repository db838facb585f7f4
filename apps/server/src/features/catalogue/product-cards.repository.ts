import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** What a product card shows of the product row (`products as p`, `brands as b`). */
export const CARD_COLUMNS = [
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
  'p.regulationCategory',
  'p.ghs',
] as const;

/** On-sale products among the ids, with their brand's name. */
export function findCardProducts(db: Db, ids: readonly number[]) {
  return db
    .selectFrom('products as p')
    .leftJoin('brands as b', 'b.id', 'p.brandId')
    .select(CARD_COLUMNS)
    .where('p.id', 'in', ids)
    .where('p.onSale', '=', 1)
    .execute();
}

/**
 * The on-sale packs of the products in their display order, each with its stock per warehouse
 * (one row per pack and warehouse; a pack without stock rows comes once, with null stock).
 */
/**
 * On-sale packs of the products with their stock per warehouse, and what their lots say
 * (docs/lots.md): the units of lots expired by `today` in that warehouse, which are not for sale,
 * and the expiry of the lot the pack would ship next from any warehouse.
 */
export function findCardMaterials(db: Db, productIds: readonly number[], today: string) {
  return db
    .selectFrom('materials as m')
    .leftJoin('materialStocks as s', 's.materialId', 'm.id')
    .leftJoin('stores as st', 'st.id', 's.storeId')
    .select([
      'm.id',
      'm.productId',
      'm.pack',
      'm.price',
      'm.userPrice',
      's.storeId',
      'st.name as storeName',
      's.count',
      sql<number>`(select coalesce(sum(l.quantity), 0) from stock_lots l
        where l.material_id = m.id and l.store_id = s.store_id and l.expire < ${today})`.as(
        'expiredUnits',
      ),
      sql<string | null>`(select min(l.expire) from stock_lots l
        where l.material_id = m.id and l.quantity > 0 and l.expire >= ${today})`.as('nextExpire'),
    ])
    .where('m.productId', 'in', productIds)
    .where('m.onSale', '=', 1)
    .orderBy('m.sort')
    .orderBy('m.id')
    .orderBy('s.storeId')
    .execute();
}
