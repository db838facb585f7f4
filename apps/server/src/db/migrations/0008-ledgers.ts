import { sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports application code and is never edited once landed.

type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  // A shipment's movement names its package, so a package's stock can be traced and put back.
  await db.schema.alterTable('stock_movements').addColumn('delivery_id', 'integer').execute();
  await db.schema
    .createIndex('stock_movements_delivery_idx')
    .on('stock_movements')
    .column('delivery_id')
    .execute();

  // Until now packages took stock without a movement, and first stock was written bare: one
  // movement per pack and warehouse brings the history to its count, so from here on the sum of
  // a pack's movements in a warehouse is its count.
  await sql`
    insert into stock_movements
      (material_id, store_id, change, count_after, reason, remark, staff_id, order_id, created_at)
    select s.material_id, s.store_id, s.count - coalesce(m.moved, 0), s.count, 'counted',
      '台账对齐：此前的发货与初始库存未记流水', null, null, ${Date.now()}
    from material_stocks s
    left join (
      select material_id, store_id, sum(change) as moved from stock_movements
      group by material_id, store_id
    ) m on m.material_id = s.material_id and m.store_id = s.store_id
    where s.count <> coalesce(m.moved, 0)
  `.execute(db);
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('stock_movements_delivery_idx').execute();
  await db.schema.alterTable('stock_movements').dropColumn('delivery_id').execute();
}
