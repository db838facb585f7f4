import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports application code and is never edited once landed.

type Db = Kysely<unknown>;

/**
 * The shop's files kept in the database itself, for instances that share nothing but
 * PostgreSQL (docs/architecture.md, "Files"). A file is a row of file_objects and its bytes in
 * file_chunks, 256 KiB a row, so it is written and read a piece at a time. The chunks go in
 * under a row that is not yet complete; one short transaction then marks it complete and
 * removes the file it replaces, so a reader sees the old file or the whole new one, never a
 * part. The unique index keeps one complete file per key.
 */
export async function up(db: Db): Promise<void> {
  const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('file_objects')
    .addColumn('id', 'integer', (c) =>
      isPg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    // The path below DATA_DIR it would have on disk: files/... or private/...
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('type', 'text', (c) => c.notNull().defaultTo(''))
    // Hex SHA-256 of the bytes, set when complete.
    .addColumn('sha256', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('complete', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('file_objects_key_idx')
    .on('file_objects')
    .column('key')
    .unique()
    .where(sql.ref('complete'), '=', 1)
    .execute();
  // Unfinished writes, found and removed by age.
  await db.schema
    .createIndex('file_objects_unfinished_idx')
    .on('file_objects')
    .columns(['complete', 'created_at'])
    .execute();
  await db.schema
    .createTable('file_chunks')
    .addColumn('object_id', 'integer', (c) =>
      c.notNull().references('file_objects.id').onDelete('cascade'),
    )
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('data', isPg ? 'bytea' : 'blob', (c) => c.notNull())
    .addPrimaryKeyConstraint('file_chunks_pk', ['object_id', 'seq'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('file_chunks').execute();
  await db.schema.dropTable('file_objects').execute();
}
