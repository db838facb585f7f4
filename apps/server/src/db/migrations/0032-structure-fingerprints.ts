import { isPostgres, withId, type Db } from './support.ts';

/**
 * Structure search at catalogue scale (docs/chemistry.md, "Searches"): one fingerprint per
 * distinct structure (its OpenChemLib idcode), computed once when a product carrying it is
 * written and read by every instance's screen at start instead of being recomputed; and the
 * products whose structure changed since the last full rebuild, in order, so a running screen
 * applies only those. The 512-bit fragment index each product row carried gives way to them
 * (a screen fills the fingerprints of structures written before this migration on first load).
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('structure_fingerprints')
    .addColumn('idcode', 'text', (c) => c.primaryKey())
    .addColumn('fingerprint', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull())
    .execute();
  await withId(db, db.schema.createTable('structure_changes'))
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('product_structures').dropColumn('fragment_index').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('product_structures').addColumn('fragment_index', 'text').execute();
  await db.schema.dropTable('structure_changes').ifExists().execute();
  await db.schema.dropTable('structure_fingerprints').ifExists().execute();
}
