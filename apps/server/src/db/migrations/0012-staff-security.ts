import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen in time: this file never imports application code and is never edited once landed.

type Db = Kysely<unknown>;

function withId<T extends string>(db: Db, table: CreateTableBuilder<T, never>) {
  const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
  return isPg
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

const zero = (c: { notNull(): any; defaultTo(v: number): any }) => c.notNull().defaultTo(0);

/** Staff two-factor login (TOTP, RFC 6238) and its recovery codes (docs/console.md). */
export async function up(db: Db): Promise<void> {
  // The base32 TOTP secret in use; null while two-factor login is off.
  await db.schema.alterTable('staff').addColumn('totp_secret', 'text').execute();
  // A secret shown for enrolment, not yet confirmed with a code.
  await db.schema.alterTable('staff').addColumn('totp_pending_secret', 'text').execute();
  await db.schema.alterTable('staff').addColumn('totp_enabled_at', 'bigint').execute();
  // The last 30-second step a code was accepted for: a code is never accepted twice.
  await db.schema.alterTable('staff').addColumn('totp_last_step', 'bigint', zero).execute();

  // One-time recovery codes, stored hashed; a used one keeps its row with used_at set.
  await withId(db, db.schema.createTable('staff_recovery_codes'))
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('staff_recovery_codes_staff_idx')
    .on('staff_recovery_codes')
    .column('staff_id')
    .execute();

  // The second step of a login: the password was right, the code is still to come.
  await withId(db, db.schema.createTable('staff_login_tickets'))
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    .addColumn('ticket_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('failures', 'integer', zero)
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('staff_login_tickets').execute();
  await db.schema.dropTable('staff_recovery_codes').execute();
  for (const column of [
    'totp_last_step',
    'totp_enabled_at',
    'totp_pending_secret',
    'totp_secret',
  ]) {
    await db.schema.alterTable('staff').dropColumn(column).execute();
  }
}
