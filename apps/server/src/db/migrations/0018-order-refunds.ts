import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen in time: this file never imports application code and is never edited once landed.

type Db = Kysely<unknown>;

function withId<T extends string>(db: Db, table: CreateTableBuilder<T, never>) {
  const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
  return isPg
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/**
 * Refunds of balance and bank-transfer orders, in part or of what a cancel leaves
 * (docs/payments.md, "Refunds"). orders.refunded_amount is their sum: the refund's conditional
 * update keeps it within the amount paid, so concurrent refunds cannot give back more.
 */
export async function up(db: Db): Promise<void> {
  await withId(db, db.schema.createTable('order_refunds'))
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('pay_type', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('order_refunds_order_idx')
    .on('order_refunds')
    .columns(['order_id', 'id'])
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('refunded_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // Cancels before this migration refunded balance and bank orders in full, recorded as refund
  // payments (kind 2): they become the orders' refunds.
  await sql`
    insert into order_refunds (order_id, pay_type, amount, reason, staff_id, created_at)
    select order_id, pay_type, amount, reference, staff_id, created_at
    from order_payments where kind = 2 and pay_type in (1, 4)
  `.execute(db);
  await sql`
    update orders set refunded_amount =
      (select sum(r.amount) from order_refunds r where r.order_id = orders.id)
    where id in (select order_id from order_refunds)
  `.execute(db);
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('refunded_amount').execute();
  await db.schema.dropTable('order_refunds').execute();
}
