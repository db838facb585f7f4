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

/**
 * Bank transfers finance can record as they arrive (docs/payments.md, "Bank transfers"): a
 * payment whose statement note does not match is recorded with its reason, and one transfer may
 * pay several orders, stored once and named by each order's payment.
 */
export async function up(db: Db): Promise<void> {
  await withId(db, db.schema.createTable('bank_transfers'))
    // Fen: the whole transfer, the sum of the orders it paid.
    .addColumn('amount', 'integer', (c) => c.notNull())
    // The statement's note or the bank's serial number (流水号).
    .addColumn('reference', 'text', text)
    .addColumn('payer', 'text', text)
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('order_payments')
    .addColumn('override', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('order_payments').addColumn('override_reason', 'text', text).execute();
  await db.schema.alterTable('order_payments').addColumn('bank_transfer_id', 'integer').execute();
  // Each order's detail lists the other orders its transfer paid.
  await db.schema
    .createIndex('order_payments_transfer_idx')
    .on('order_payments')
    .column('bank_transfer_id')
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('order_payments_transfer_idx').execute();
  await db.schema.alterTable('order_payments').dropColumn('bank_transfer_id').execute();
  await db.schema.alterTable('order_payments').dropColumn('override_reason').execute();
  await db.schema.alterTable('order_payments').dropColumn('override').execute();
  await db.schema.dropTable('bank_transfers').execute();
}
