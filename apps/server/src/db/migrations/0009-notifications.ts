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
  // Every email and SMS to send, written in the transaction of the event it tells of; a sender
  // claims a due row with a conditional update (state and lease), so one instance sends it.
  await withId(db, db.schema.createTable('notification_outbox'))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('recipient', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('subject', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('link', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('params', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('lease_until', 'bigint')
    .addColumn('claimed_by', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('notification_outbox_due_idx')
    .on('notification_outbox')
    .columns(['state', 'next_attempt_at'])
    .execute();

  // The member's message centre: one row per event told, read or not.
  await withId(db, db.schema.createTable('member_messages'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('read_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('member_messages_user_idx')
    .on('member_messages')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('member_messages_unread_idx')
    .on('member_messages')
    .columns(['user_id', 'read_at'])
    .execute();

  // Emails a member turned off, one row per member and event.
  await db.schema
    .createTable('notification_opt_outs')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_opt_outs_pk', ['user_id', 'event'])
    .execute();

  // Templates staff edited; an event without a row uses the shop's default text.
  await db.schema
    .createTable('message_templates')
    .addColumn('event', 'text', (c) => c.primaryKey())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('sms', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('staff_id', 'integer')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  // Staff answers to an online message or a bulk inquiry, mailed to the sender and kept in order.
  await withId(db, db.schema.createTable('inbox_replies'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('inbox_replies_item_idx')
    .on('inbox_replies')
    .columns(['kind', 'item_id', 'id'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('inbox_replies').execute();
  await db.schema.dropTable('message_templates').execute();
  await db.schema.dropTable('notification_opt_outs').execute();
  await db.schema.dropTable('member_messages').execute();
  await db.schema.dropTable('notification_outbox').execute();
}
