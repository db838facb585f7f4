import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen in time: this file never imports application code and is never edited once landed.

type Db = Kysely<unknown>;

function withId<T extends string>(db: Db, table: CreateTableBuilder<T, never>) {
  const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
  return isPg
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

const text = (c: { notNull(): any; defaultTo(v: string): any }) => c.notNull().defaultTo('');

/** The lot that stock of unknown lot is kept in (docs/lots.md). */
const UNBATCHED = '未分批';

/**
 * Stock per lot (docs/lots.md): a pack's count in a warehouse becomes the sum of its lots there,
 * movements name their lot and stock document, packages record the lot of each line.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('stock_lots')
    .addColumn('material_id', 'integer', (c) => c.notNull())
    .addColumn('store_id', 'integer', (c) => c.notNull())
    .addColumn('lot_number', 'text', (c) => c.notNull())
    // YYYY-MM-DD, the last day of use; null when unknown (未分批).
    .addColumn('expire', 'text')
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 0`))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('stock_lots_pk', ['material_id', 'store_id', 'lot_number'])
    .execute();
  // FEFO and the expiry lists read lots by date.
  await db.schema.createIndex('stock_lots_expire_idx').on('stock_lots').column('expire').execute();
  await db.schema
    .createIndex('stock_lots_lot_idx')
    .on('stock_lots')
    .columns(['material_id', 'lot_number'])
    .execute();

  // Receipts, transfers and stocktakes: the warehouse's paper; their lines are their movements.
  await withId(db, db.schema.createTable('stock_documents'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('store_id', 'integer', (c) => c.notNull())
    .addColumn('to_store_id', 'integer')
    .addColumn('supplier', 'text', text)
    .addColumn('remark', 'text', text)
    .addColumn('staff_id', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('stock_documents_created_idx')
    .on('stock_documents')
    .column('created_at')
    .execute();

  await db.schema
    .alterTable('stock_movements')
    .addColumn('lot_number', 'text', (c) => c.notNull().defaultTo(UNBATCHED))
    .execute();
  await db.schema.alterTable('stock_movements').addColumn('document_id', 'integer').execute();
  await db.schema
    .createIndex('stock_movements_lot_idx')
    .on('stock_movements')
    .columns(['material_id', 'lot_number'])
    .execute();
  await db.schema
    .createIndex('stock_movements_document_idx')
    .on('stock_movements')
    .column('document_id')
    .execute();

  // One goods line of a package per lot; null for packages shipped before lots.
  await db.schema.alterTable('delivery_goods').addColumn('lot_number', 'text').execute();
  await db.schema.alterTable('delivery_goods').addColumn('expire', 'text').execute();
  await db.schema
    .alterTable('deliveries')
    .addColumn('short_expiry_confirmed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // A package shipped by mistake is cancelled (撤销发货), never deleted: when, why and by whom.
  await db.schema.alterTable('deliveries').addColumn('cancelled_at', 'bigint').execute();
  await db.schema
    .alterTable('deliveries')
    .addColumn('cancel_reason', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('deliveries').addColumn('cancelled_by', 'integer').execute();
  // The sales ledger names the lots a regulated line shipped from, e.g. "20250312×2".
  await db.schema
    .alterTable('sales_ledger')
    .addColumn('lots', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  // Today's counts become one lot per pack and warehouse without expiry; every earlier movement
  // (default 未分批 above) belongs to it, so its movements still sum to its quantity.
  await sql`
    insert into stock_lots (material_id, store_id, lot_number, expire, quantity, created_at)
    select material_id, store_id, ${UNBATCHED}, null, count, ${Date.now()}
    from material_stocks where count > 0
  `.execute(db);
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('sales_ledger').dropColumn('lots').execute();
  await db.schema.alterTable('deliveries').dropColumn('cancelled_by').execute();
  await db.schema.alterTable('deliveries').dropColumn('cancel_reason').execute();
  await db.schema.alterTable('deliveries').dropColumn('cancelled_at').execute();
  await db.schema.alterTable('deliveries').dropColumn('short_expiry_confirmed').execute();
  await db.schema.alterTable('delivery_goods').dropColumn('expire').execute();
  await db.schema.alterTable('delivery_goods').dropColumn('lot_number').execute();
  await db.schema.dropIndex('stock_movements_document_idx').execute();
  await db.schema.dropIndex('stock_movements_lot_idx').execute();
  await db.schema.alterTable('stock_movements').dropColumn('document_id').execute();
  await db.schema.alterTable('stock_movements').dropColumn('lot_number').execute();
  await db.schema.dropTable('stock_documents').execute();
  await db.schema.dropTable('stock_lots').execute();
}
