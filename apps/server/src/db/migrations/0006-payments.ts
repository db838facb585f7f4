import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen in time: this file never imports application code and is never edited once landed.

type Db = Kysely<unknown>;

function withId<T extends string>(db: Db, table: CreateTableBuilder<T, never>) {
  const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
  return isPg
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Db): Promise<void> {
  // One row per order and gateway the buyer opened a payment with (out_trade_no is the order
  // number, unique per merchant account); its state moves open -> paid or open -> closed once.
  await withId(db, db.schema.createTable('payment_transactions'))
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('pay_type', 'integer', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('out_trade_no', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('gateway_trade_no', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('paid_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('payment_transactions_trade_uq', ['pay_type', 'out_trade_no'])
    .execute();
  await db.schema
    .createIndex('payment_transactions_order_idx')
    .on('payment_transactions')
    .column('order_id')
    .execute();
  await db.schema
    .createIndex('payment_transactions_state_idx')
    .on('payment_transactions')
    .columns(['state', 'updated_at'])
    .execute();

  // Every gateway call and notification as it was sent or received, verified or not.
  await withId(db, db.schema.createTable('payment_records'))
    .addColumn('order_id', 'integer')
    .addColumn('pay_type', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('out_trade_no', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('outcome', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payment_records_order_idx')
    .on('payment_records')
    .columns(['order_id', 'id'])
    .execute();

  // Refunds sent back through a gateway; pending until the gateway reports the money returned.
  await withId(db, db.schema.createTable('payment_refunds'))
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('pay_type', 'integer', (c) => c.notNull())
    .addColumn('out_trade_no', 'text', (c) => c.notNull())
    .addColumn('out_refund_no', 'text', (c) => c.notNull().unique())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('staff_id', 'integer')
    .addColumn('gateway_refund_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('completed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('payment_refunds_order_idx')
    .on('payment_refunds')
    .column('order_id')
    .execute();

  // Unpaid orders are scanned by the closing job.
  await db.schema
    .createIndex('orders_unpaid_idx')
    .on('orders')
    .columns(['pay_status', 'created_at'])
    .execute();

  // Scheduled jobs: the instance whose conditional update moves next_run_at runs the job.
  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('next_run_at', 'bigint', (c) => c.notNull())
    .addColumn('holder', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_started_at', 'bigint')
    .addColumn('last_finished_at', 'bigint')
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('job_leases').execute();
  await db.schema.dropIndex('orders_unpaid_idx').execute();
  await db.schema.dropTable('payment_refunds').execute();
  await db.schema.dropTable('payment_records').execute();
  await db.schema.dropTable('payment_transactions').execute();
}
