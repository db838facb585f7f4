import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code and is never edited once landed.

type Db = Kysely<unknown>;

/**
 * Shipping classes and lead times of packs (docs/shipping.md): how a pack travels (normal,
 * dangerous with its UN number and hazard class, cold, frozen) and, for a pack that may be
 * ordered without stock, its lead time in days. The freight rules per class are a setting.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('materials')
    .addColumn('shipping_class', 'text', (c) => c.notNull().defaultTo('normal'))
    .execute();
  await db.schema
    .alterTable('materials')
    .addColumn('un_number', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('materials')
    .addColumn('hazard_class', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('materials').addColumn('lead_time_days', 'integer').execute();
}
