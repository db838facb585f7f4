import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen in time: this file never imports application code and is never edited once landed.

type Db = Kysely<unknown>;

function withId<T extends string>(db: Db, table: CreateTableBuilder<T, never>) {
  const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
  return isPg
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/**
 * PunchOut (docs/punchout.md): the connections of buyers' procurement systems (cXML or OCI; the
 * shared secret kept as a scrypt hash; the member account a session acts as), their sessions
 * (the one-time start link's hash, the return URL, the cart returned), every message in and out,
 * and the purchase orders taken: one per connection and PO number (the unique index settles two
 * deliveries of the same OrderRequest at once). Orders record the buyer's PO number.
 */
export async function up(db: Db): Promise<void> {
  await withId(db, db.schema.createTable('punchout_connections'))
    .addColumn('org_id', 'integer', (c) => c.notNull())
    .addColumn('protocol', 'text', (c) => c.notNull())
    .addColumn('from_domain', 'text', (c) => c.notNull())
    .addColumn('from_identity', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('allowed_return_hosts', 'text', (c) => c.notNull())
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('punchout_connections_identity')
    .unique()
    .on('punchout_connections')
    .columns(['protocol', 'from_domain', 'from_identity'])
    .execute();

  await withId(db, db.schema.createTable('punchout_sessions'))
    .addColumn('connection_id', 'integer', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('started_at', 'bigint')
    .addColumn('member_session_id', 'integer')
    .addColumn('operation', 'text', (c) => c.notNull())
    .addColumn('buyer_cookie', 'text', (c) => c.notNull())
    .addColumn('return_url', 'text', (c) => c.notNull())
    .addColumn('contact_email', 'text', (c) => c.notNull())
    .addColumn('returned_cart', 'text')
    .addColumn('returned_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('punchout_sessions_token')
    .unique()
    .on('punchout_sessions')
    .column('token_hash')
    .execute();
  await db.schema
    .createIndex('punchout_sessions_member_session')
    .on('punchout_sessions')
    .column('member_session_id')
    .execute();
  await db.schema
    .createIndex('punchout_sessions_connection')
    .on('punchout_sessions')
    .columns(['connection_id', 'id'])
    .execute();

  await withId(db, db.schema.createTable('punchout_messages'))
    .addColumn('connection_id', 'integer')
    .addColumn('session_id', 'integer')
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('punchout_messages_connection')
    .on('punchout_messages')
    .columns(['connection_id', 'id'])
    .execute();

  await withId(db, db.schema.createTable('punchout_orders'))
    .addColumn('connection_id', 'integer', (c) => c.notNull())
    .addColumn('po_number', 'text', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('ship_to', 'text', (c) => c.notNull())
    .addColumn('bill_to', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('punchout_orders_po')
    .unique()
    .on('punchout_orders')
    .columns(['connection_id', 'po_number'])
    .execute();

  await db.schema
    .alterTable('orders')
    .addColumn('po_number', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('po_number').execute();
  for (const table of [
    'punchout_orders',
    'punchout_messages',
    'punchout_sessions',
    'punchout_connections',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
