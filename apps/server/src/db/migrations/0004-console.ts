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
const zero = (c: { notNull(): any; defaultTo(v: number): any }) => c.notNull().defaultTo(0);

/** The four inbox tables get the same handling columns. */
const INBOX_TABLES = ['feedbacks', 'bulk_inquiries', 'survey_checkins', 'customized'];

export async function up(db: Db): Promise<void> {
  await withId(db, db.schema.createTable('staff'))
    .addColumn('account', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', text)
    .addColumn('password_hash', 'text', (c) => c.notNull())
    // Comma-separated role names.
    .addColumn('roles', 'text', text)
    .addColumn('disabled', 'integer', zero)
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('staff_sessions'))
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    // Slides forward with use; a session idle past it is expired.
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    // Hard end, however active the session is.
    .addColumn('max_until', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('staff_sessions_staff_idx')
    .on('staff_sessions')
    .column('staff_id')
    .execute();

  await withId(db, db.schema.createTable('audit_logs'))
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    // e.g. order:12, member:3, staff:2
    .addColumn('target', 'text', (c) => c.notNull())
    // JSON text of the state before and after the write.
    .addColumn('before', 'text', text)
    .addColumn('after', 'text', text)
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_logs_target_idx')
    .on('audit_logs')
    .columns(['target', 'id'])
    .execute();
  await db.schema
    .createIndex('audit_logs_time_idx')
    .on('audit_logs')
    .column('created_at')
    .execute();

  // Money staff record against an order: a received bank transfer, a bank or balance refund.
  await withId(db, db.schema.createTable('order_payments'))
    .addColumn('order_id', 'integer', (c) => c.notNull())
    // 1 transfer received, 2 refund
    .addColumn('kind', 'integer', (c) => c.notNull())
    .addColumn('pay_type', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('reference', 'text', text)
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // One received payment and one refund per order at most.
    .addUniqueConstraint('order_payments_order_kind_uq', ['order_id', 'kind'])
    .execute();

  await db.schema.alterTable('orders').addColumn('invoice_number', 'text', text).execute();
  await db.schema.alterTable('orders').addColumn('invoice_issued_at', 'bigint').execute();
  await db.schema.alterTable('orders').addColumn('cancel_reason', 'text', text).execute();
  await db.schema
    .createIndex('orders_status_idx')
    .on('orders')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema.createIndex('orders_created_idx').on('orders').column('created_at').execute();

  await db.schema.alterTable('users').addColumn('disabled', 'integer', zero).execute();

  for (const table of INBOX_TABLES) {
    // 1 new, 2 in progress, 3 done
    await db.schema
      .alterTable(table)
      .addColumn('handle_status', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.alterTable(table).addColumn('staff_remark', 'text', text).execute();
    await db.schema.alterTable(table).addColumn('assignee_id', 'integer').execute();
    await db.schema
      .createIndex(`${table}_handle_idx`)
      .on(table)
      .columns(['handle_status', 'created_at'])
      .execute();
  }
  // What the staff answer the member on /customizing/{id}.
  await db.schema.alterTable('customized').addColumn('reply', 'text', text).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('customized').dropColumn('reply').execute();
  for (const table of INBOX_TABLES) {
    await db.schema.dropIndex(`${table}_handle_idx`).execute();
    await db.schema.alterTable(table).dropColumn('assignee_id').execute();
    await db.schema.alterTable(table).dropColumn('staff_remark').execute();
    await db.schema.alterTable(table).dropColumn('handle_status').execute();
  }
  await db.schema.alterTable('users').dropColumn('disabled').execute();
  await db.schema.dropIndex('orders_created_idx').execute();
  await db.schema.dropIndex('orders_status_idx').execute();
  await db.schema.alterTable('orders').dropColumn('cancel_reason').execute();
  await db.schema.alterTable('orders').dropColumn('invoice_issued_at').execute();
  await db.schema.alterTable('orders').dropColumn('invoice_number').execute();
  await db.schema.dropTable('order_payments').execute();
  await db.schema.dropTable('audit_logs').execute();
  await db.schema.dropTable('staff_sessions').execute();
  await db.schema.dropTable('staff').execute();
}
