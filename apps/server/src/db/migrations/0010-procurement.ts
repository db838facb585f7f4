import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen in time: this file never imports application code and is never edited once landed.

type Db = Kysely<unknown>;

function withId<T extends string>(db: Db, table: CreateTableBuilder<T, never>) {
  const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
  return isPg
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

const text = (c: { notNull(): any; defaultTo(v: string): any }) => c.notNull().defaultTo('');

export async function up(db: Db): Promise<void> {
  // Quotes (报价单): requested by a member from the cart or made by staff from a bulk inquiry,
  // priced by staff, and turned into at most one order (order_id is set once, in the same
  // transaction as the order).
  await withId(db, db.schema.createTable('quotes'))
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    // requested | quoted | ordered
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('inquiry_id', 'integer')
    .addColumn('remark', 'text', text)
    .addColumn('staff_remark', 'text', text)
    .addColumn('valid_until', 'bigint')
    .addColumn('order_id', 'integer', (c) => c.unique())
    .addColumn('quoted_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('quotes_user_idx')
    .on('quotes')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('quotes_status_idx').on('quotes').columns(['status', 'id']).execute();

  // A quote's lines: the pack as it was described when asked for, its member price then
  // (list_price, fen, null for 询价) and the price staff quoted (unit_price, fen).
  await withId(db, db.schema.createTable('quote_lines'))
    .addColumn('quote_id', 'integer', (c) => c.notNull())
    .addColumn('material_id', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', text)
    .addColumn('number', 'text', text)
    .addColumn('brand_name', 'text', text)
    .addColumn('cas', 'text', text)
    .addColumn('pack', 'text', text)
    .addColumn('list_price', 'integer')
    .addColumn('unit_price', 'integer')
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('quote_lines_quote_idx')
    .on('quote_lines')
    .column('quote_id')
    .execute();

  // The issued e-fapiao file of an order (PDF or OFD), kept privately below DATA_DIR.
  await db.schema
    .createTable('order_fapiao_files')
    .addColumn('order_id', 'integer', (c) => c.primaryKey())
    .addColumn('file', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  // A member's request for a fapiao after the order, with the title taken from their invoice
  // data at the time; one per order, handled when the file is attached.
  await db.schema
    .createTable('fapiao_requests')
    .addColumn('order_id', 'integer', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('invoice_type', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', text)
    .addColumn('taxpayer_number', 'text', text)
    .addColumn('email', 'text', text)
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('handled_at', 'bigint')
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('fapiao_requests').ifExists().execute();
  await db.schema.dropTable('order_fapiao_files').ifExists().execute();
  await db.schema.dropTable('quote_lines').ifExists().execute();
  await db.schema.dropTable('quotes').ifExists().execute();
}
