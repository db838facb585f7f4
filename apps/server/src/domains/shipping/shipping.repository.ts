import type { Db } from '../../db/database.ts';
import { packTotalStock } from '../stock/index.ts';

/** How packs travel, with their product's classes and their stock over all warehouses. */
export interface PackShippingRow {
  materialId: number;
  shippingClass: string;
  unNumber: string;
  hazardClass: string;
  leadTimeDays: number | null;
  regulationCategory: string | null;
  regulationCategories: string;
  stock: number;
}

export async function packShipping(db: Db, materialIds: number[]): Promise<PackShippingRow[]> {
  if (materialIds.length === 0) return [];
  const rows = await db
    .selectFrom('materials as m')
    .innerJoin('products as p', 'p.id', 'm.productId')
    .select([
      'm.id as materialId',
      'm.shippingClass',
      'm.unNumber',
      'm.hazardClass',
      'm.leadTimeDays',
      'p.regulationCategory',
      'p.regulationCategories',
      packTotalStock.as('stock'),
    ])
    .where('m.id', 'in', materialIds)
    .execute();
  return rows.map((r) => ({ ...r, stock: Number(r.stock) }));
}

/** An order's lines and their packs, in line order. */
export function orderLines(db: Db, orderId: number) {
  return db
    .selectFrom('orderGoods')
    .select(['id as orderGoodsId', 'materialId'])
    .where('orderId', '=', orderId)
    .orderBy('id')
    .execute();
}
