import { withId, type Db } from './support.ts';

// Frozen in time: this file never imports application code and is never edited once landed.

/**
 * Contract price lists (docs/contract-prices-credit.md section 1): a list with its validity
 * (both ends included), the organizations it applies to, and its lines, each a pack's price in
 * fen from a minimum quantity on (one pack's lines are its tiers; the unique index refuses two
 * with the same minimum). Order lines record which price they paid (`member`, `contract`,
 * `quote`); lines stored before stay null.
 */
export async function up(db: Db): Promise<void> {
  await withId(db, db.schema.createTable('price_lists'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('valid_from', 'bigint', (c) => c.notNull())
    .addColumn('valid_until', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('price_list_orgs')
    .addColumn('list_id', 'integer', (c) => c.notNull())
    .addColumn('org_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('price_list_orgs_pk', ['list_id', 'org_id'])
    .execute();
  await db.schema
    .createIndex('price_list_orgs_org')
    .on('price_list_orgs')
    .column('org_id')
    .execute();

  await withId(db, db.schema.createTable('price_list_lines'))
    .addColumn('list_id', 'integer', (c) => c.notNull())
    .addColumn('material_id', 'integer', (c) => c.notNull())
    // Fen, as every money column.
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('min_quantity', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('price_list_lines_tier')
    .unique()
    .on('price_list_lines')
    .columns(['list_id', 'material_id', 'min_quantity'])
    .execute();
  await db.schema
    .createIndex('price_list_lines_material')
    .on('price_list_lines')
    .columns(['material_id', 'list_id'])
    .execute();

  await db.schema.alterTable('order_goods').addColumn('price_source', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('order_goods').dropColumn('price_source').execute();
  for (const table of ['price_list_lines', 'price_list_orgs', 'price_lists']) {
    await db.schema.dropTable(table).execute();
  }
}
