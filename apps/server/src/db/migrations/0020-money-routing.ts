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
 * Proposed changes of the money-routing settings (the receiving bank account, the company
 * details and the seal on documents; docs/console.md, "Money routing"). A change waits here
 * until a second staff member confirms it; only then is it written to `settings`.
 * `pending_key` holds the setting's key while the change is pending and null afterwards: its
 * unique index allows one pending change per setting on both databases, also when two staff
 * propose at once.
 */
export async function up(db: Db): Promise<void> {
  await withId(db, db.schema.createTable('setting_changes'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('pending_key', 'text')
    .addColumn('before', 'text', (c) => c.notNull())
    .addColumn('after', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('proposed_by', 'integer', (c) => c.notNull())
    .addColumn('proposed_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_by', 'integer')
    .addColumn('decided_at', 'bigint')
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('setting_changes_pending_key')
    .unique()
    .on('setting_changes')
    .column('pending_key')
    .execute();
  await db.schema
    .createIndex('setting_changes_key_idx')
    .on('setting_changes')
    .columns(['key', 'id'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('setting_changes').execute();
}
