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
  'p.regulationCategories',
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
