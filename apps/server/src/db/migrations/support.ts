import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

// Shared by migrations from 0029 on. Frozen like them: it never imports application code, and
// once a migration that uses it has landed it is only ever added to, never changed.

export type Db = Kysely<unknown>;

export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An integer primary key `id` that the database assigns, on either engine. */
export function withId<T extends string>(db: Db, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
