import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen in time: this file never imports application code and is never edited once landed.

type Db = Kysely<unknown>;

/**
 * Safety data sheets (SDS) per product and language (docs/safety.md). Every upload is a row of
 * its own and the newest of a product's language is the current one, so a new version
 * supersedes the old without touching it and the old stays downloadable by its version. The
 * unique index keeps a version from being stored twice, whoever uploads it at the same time,
 * and serves the look-ups by product and language.
 */
export async function up(db: Db): Promise<void> {
  const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('safety_data_sheets')
    .addColumn('id', 'integer', (c) =>
      isPg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('product_id', 'integer', (c) => c.notNull())
    // 'zh' or 'en'.
    .addColumn('language', 'text', (c) => c.notNull())
    // As the supplier numbers it (1.0, V2.1 ...).
    .addColumn('version', 'text', (c) => c.notNull())
    // 修订日期 printed on the sheet, epoch ms.
    .addColumn('revised_at', 'bigint', (c) => c.notNull())
    // The file's path in the private area of the file store.
    .addColumn('file', 'text', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('safety_data_sheets_version_idx')
    .on('safety_data_sheets')
    .columns(['product_id', 'language', 'version'])
    .unique()
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('safety_data_sheets').execute();
}
