import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code and is never edited once landed.

type Db = Kysely<unknown>;

/**
 * What paid orders hold is their lines less what their packages shipped (docs/catalogue.md,
 * "Held stock"): the shipped sum is read per order line, so it needs an index by line.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createIndex('delivery_goods_order_goods_idx')
    .on('delivery_goods')
    .column('order_goods_id')
    .execute();
}
