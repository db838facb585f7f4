import { type Kysely } from 'kysely';

// Frozen in time: this file never imports application code and is never edited once landed.

type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  // First answers of idempotent requests, one row per (caller, key). The key is stored only as a
  // hash together with the caller, and the answer is encrypted with a key derived from the
  // client's key, so the table alone never reveals an answer (a register answer holds a token).
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    // null while the first request is still running.
    .addColumn('status_code', 'integer')
    .addColumn('answer', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('idempotency_keys_created_idx')
    .on('idempotency_keys')
    .column('created_at')
    .execute();

  // Which order a set of cart lines became: a repeated submission of the same lines answers
  // that order instead of failing on the lines the first one took out of the cart.
  await db.schema
    .createTable('order_carts')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('cart_key', 'text', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_carts_pk', ['user_id', 'cart_key'])
    .execute();
  await db.schema
    .createIndex('order_carts_created_idx')
    .on('order_carts')
    .column('created_at')
    .execute();

  // Expired sessions and codes are pruned by their expiry.
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();
  await db.schema
    .createIndex('verification_codes_expires_idx')
    .on('verification_codes')
    .column('expires_at')
    .execute();

  // Visitors may request custom products; they leave an email besides name and phone.
  await db.schema
    .alterTable('customized')
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('customized').dropColumn('email').execute();
  await db.schema.dropIndex('verification_codes_expires_idx').ifExists().execute();
  await db.schema.dropIndex('sessions_expires_idx').ifExists().execute();
  await db.schema.dropTable('order_carts').ifExists().execute();
  await db.schema.dropTable('idempotency_keys').ifExists().execute();
}
