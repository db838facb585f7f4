import type { Db } from '../../db/database.ts';
import { CARD_COLUMNS } from './card-columns.ts';

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
