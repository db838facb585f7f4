import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen in time: this file never imports application code and is never edited once landed.

type Db = Kysely<unknown>;

/** Clustered tables on SQLite: the primary key is the table, so no second copy of each row. */
function clustered<T extends string>(db: Db, table: CreateTableBuilder<T, never>) {
  const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
  return isPg ? table : table.modifyEnd(sql`without rowid`);
}

export async function up(db: Db): Promise<void> {
  // One row per indexed product: normalized text used to verify long terms and to rank, and the
  // exact-match keys (item number lower-cased, CAS digits only).
  await db.schema
    .createTable('search_docs')
    .addColumn('product_id', 'integer', (c) => c.primaryKey())
    .addColumn('brand_id', 'integer', (c) => c.notNull())
    .addColumn('number_key', 'text', (c) => c.notNull())
    .addColumn('cas_key', 'text', (c) => c.notNull())
    .addColumn('name_text', 'text', (c) => c.notNull())
    .addColumn('name_en_text', 'text', (c) => c.notNull())
    .addColumn('body_text', 'text', (c) => c.notNull())
    .addColumn('category_text', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('search_docs_number_idx')
    .on('search_docs')
    .column('number_key')
    .execute();
  await db.schema.createIndex('search_docs_cas_idx').on('search_docs').column('cas_key').execute();

  // Postings: which products contain a key, in result order (rank, then id), with their brand
  // for the brand filter.
  await clustered(
    db,
    db.schema
      .createTable('search_grams')
      .addColumn('gram', 'text', (c) => c.notNull())
      .addColumn('rank', 'integer', (c) => c.notNull())
      .addColumn('product_id', 'integer', (c) => c.notNull())
      .addColumn('brand_id', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('search_grams_pk', ['gram', 'rank', 'product_id']),
  ).execute();

  // Posting counts per key and brand: totals and brand counts without counting rows.
  await clustered(
    db,
    db.schema
      .createTable('search_gram_stats')
      .addColumn('gram', 'text', (c) => c.notNull())
      .addColumn('brand_id', 'integer', (c) => c.notNull())
      .addColumn('hits', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('search_gram_stats_pk', ['gram', 'brand_id']),
  ).execute();

  // Category titles indexed as whole keys at the last full rebuild.
  await db.schema
    .createTable('search_phrases')
    .addColumn('phrase', 'text', (c) => c.primaryKey())
    .execute();
}

export async function down(db: Db): Promise<void> {
  for (const t of ['search_phrases', 'search_gram_stats', 'search_grams', 'search_docs']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
