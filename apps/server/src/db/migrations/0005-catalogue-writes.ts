import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen in time: this file never imports application code and is never edited once landed.

type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  const isPg = db.getExecutor().adapter instanceof PostgresAdapter;

  // Off sale: hidden from the storefront (search, detail, lists, cart), kept for existing orders.
  await db.schema
    .alterTable('products')
    .addColumn('on_sale', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('materials')
    .addColumn('on_sale', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  // Unpublished content and links stay editable in the console but are not shown.
  await db.schema
    .alterTable('contents')
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('links')
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  // Every change of a stock figure: staff adjustments and shipments alike.
  const movements = db.schema.createTable('stock_movements');
  await (
    isPg
      ? movements.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : movements.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('material_id', 'integer', (c) => c.notNull())
    .addColumn('store_id', 'integer', (c) => c.notNull())
    .addColumn('change', 'integer', (c) => c.notNull())
    .addColumn('count_after', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('staff_id', 'integer')
    .addColumn('order_id', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('stock_movements_store_idx')
    .on('stock_movements')
    .columns(['store_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('stock_movements_material_idx')
    .on('stock_movements')
    .columns(['material_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('coa_product_idx')
    .on('coa_records')
    .columns(['product_number', 'created_at'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('stock_movements').ifExists().execute();
  await db.schema.dropIndex('coa_product_idx').ifExists().execute();
  await db.schema.alterTable('links').dropColumn('published').execute();
  await db.schema.alterTable('contents').dropColumn('published').execute();
  await db.schema.alterTable('materials').dropColumn('on_sale').execute();
  await db.schema.alterTable('products').dropColumn('on_sale').execute();
}
