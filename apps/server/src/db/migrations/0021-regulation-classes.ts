import { sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports application code and is never edited once landed.

type Db = Kysely<unknown>;

/**
 * Classes from the reference lists (docs/compliance.md section 2): a product may carry several
 * (JSON text list, strictest first; `regulation_category` keeps the strictest), the CAS of a
 * solution's solute, and the reason staff gave for carrying fewer classes than the lists give.
 * An order line keeps the buyer's stated use (易制爆).
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('regulation_categories', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('solute_cas', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('regulation_reason', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`update products set regulation_categories = '["' || regulation_category || '"]'
    where regulation_category is not null`.execute(db);
  await db.schema
    .alterTable('order_goods')
    .addColumn('purpose', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('order_goods').dropColumn('purpose').execute();
  await db.schema.alterTable('products').dropColumn('regulation_reason').execute();
  await db.schema.alterTable('products').dropColumn('solute_cas').execute();
  await db.schema.alterTable('products').dropColumn('regulation_categories').execute();
}
