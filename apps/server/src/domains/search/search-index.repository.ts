import { CompiledQuery, sql, type Kysely } from 'kysely';
import { isPostgres } from '../../db/database.ts';
import type { Database, NewRow } from '../../db/schema.ts';
import { chunks } from '../../db/chunks.ts';
import * as settings from '../../lib/settings.repository.ts';

/**
 * The index side of search: the products and categories an index is built from, the full
 * rebuild and the incremental update of search_docs, search_grams, search_gram_stats and
 * search_phrases, and the format the index was built in. Searches read it through
 * search.repository.ts.
 */

/** A database or a transaction. */
type Q = Kysely<Database>;

/** Rows per multi-row insert: well under the bound-parameter limits of SQLite and PostgreSQL. */
const INSERT_CHUNK = 1000;
/** Keys per delete statement in incremental updates. */
const DELETE_CHUNK = 200;

// ---- index side -------------------------------------------------------------------------------

export interface ProductSource {
  id: number;
  brandId: number | null;
  categoryId: number | null;
  name: string;
  nameEn: string;
  alias: string;
  synonyms: string;
  purity: string;
  number: string;
  cas: string;
}

const sourceColumns = [
  'id',
  'brandId',
  'categoryId',
  'name',
  'nameEn',
  'alias',
  'synonyms',
  'purity',
  'number',
  'cas',
] as const;

/**
 * PostgreSQL: fresh planner statistics of the products before a full rebuild reads them in id
 * batches. Without any (a database just loaded or restored, with autovacuum off or not yet run)
 * the planner takes `on_sale = 1` for rare and plans every batch as a scan of the whole table:
 * at a million products the rebuild wrote its index about seven times slower
 * (docs/performance.md, "A million products"). SQLite reads each batch by its key anyway.
 */
export async function refreshProductStatistics(db: Q): Promise<void> {
  if (isPostgres(db)) await sql`analyze products`.execute(db);
}

/** Products after `afterId` in id order (keyset paging for the full rebuild). */
export function listProductSources(
  db: Q,
  afterId: number,
  limit: number,
): Promise<ProductSource[]> {
  return db
    .selectFrom('products')
    .select(sourceColumns)
    .where('id', '>', afterId)
    .where('onSale', '=', 1)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function countProducts(db: Q): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('onSale', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Stored documents after `afterId` in product id order. */
export function listDocs(db: Q, afterId: number, limit: number) {
  return db
    .selectFrom('searchDocs')
    .selectAll()
    .where('productId', '>', afterId)
    .orderBy('productId')
    .limit(limit)
    .execute();
}

/** The given products that are on sale (an off-sale product leaves the index). */
export function findProductSources(db: Q, ids: readonly number[]): Promise<ProductSource[]> {
  return db
    .selectFrom('products')
    .select(sourceColumns)
    .where('id', 'in', ids)
    .where('onSale', '=', 1)
    .execute();
}

export function listCategories(db: Q) {
  return db.selectFrom('categories').select(['id', 'pid', 'title']).execute();
}

export async function listPhrases(db: Q): Promise<string[]> {
  const rows = await db.selectFrom('searchPhrases').select('phrase').execute();
  return rows.map((r) => r.phrase);
}

export async function clearIndex(db: Q) {
  await db.deleteFrom('searchGramStats').execute();
  await db.deleteFrom('searchGrams').execute();
  await db.deleteFrom('searchDocs').execute();
  await db.deleteFrom('searchPhrases').execute();
}

export async function insertPhrases(db: Q, phrases: readonly string[]) {
  for (const part of chunks(phrases, INSERT_CHUNK)) {
    await db
      .insertInto('searchPhrases')
      .values(part.map((phrase) => ({ phrase })))
      .execute();
  }
}

export async function insertDocs(db: Q, docs: ReadonlyArray<NewRow<'searchDocs'>>) {
  for (const part of chunks(docs, INSERT_CHUNK))
    await db.insertInto('searchDocs').values(part).execute();
}

export async function insertGrams(db: Q, rows: ReadonlyArray<NewRow<'searchGrams'>>) {
  for (const part of chunks(rows, INSERT_CHUNK))
    await db.insertInto('searchGrams').values(part).execute();
}

/**
 * A full rebuild first appends postings to an unindexed scratch table, then moves them into
 * search_grams in key order: one sort instead of millions of inserts at random places in the
 * primary key (minutes on a large catalogue).
 */
const staging = (db: Q) => db.withTables<{ searchGramsStaging: NewRow<'searchGrams'> }>();

export async function createStaging(db: Q) {
  await sql`create temporary table search_grams_staging
    (gram text not null, brand_id integer not null, rank integer not null, product_id integer not null)`.execute(
    db,
  );
}

/** Rows per insert statement of a rebuild (four bound values each at most). */
const BULK_CHUNK = 4000;
const bulkStatements = new Map<string, string>();

/**
 * Inserts rows given as flat values, `width` per row, with the statement compiled once per
 * table, size and dialect: a rebuild writes millions of rows, so no row objects and no query
 * building per statement.
 */
async function insertFlat(
  db: Q,
  table: string,
  width: number,
  compile: (rows: number) => string,
  values: ReadonlyArray<string | number>,
) {
  for (let i = 0; i < values.length; i += BULK_CHUNK * width) {
    const part = values.slice(i, i + BULK_CHUNK * width);
    const rows = part.length / width;
    const key = `${table}:${isPostgres(db)}:${rows}`;
    let text = bulkStatements.get(key);
    if (text === undefined) {
      text = compile(rows);
      bulkStatements.set(key, text);
    }
    await db.executeQuery(CompiledQuery.raw(text, part));
  }
}

/** Appends postings as flat values: gram, rank, product id, brand id. */
export function insertStaging(db: Q, values: ReadonlyArray<string | number>) {
  const blank = { gram: '', rank: 0, productId: 0, brandId: 0 };
  return insertFlat(
    db,
    'staging',
    4,
    (rows) =>
      staging(db)
        .insertInto('searchGramsStaging')
        .values(Array.from({ length: rows }, () => blank))
        .compile().sql,
    values,
  );
}

/** Writes posting counts as flat values: gram, brand id, hits. */
export function insertStats(db: Q, values: ReadonlyArray<string | number>) {
  const blank = { gram: '', brandId: 0, hits: 0 };
  return insertFlat(
    db,
    'stats',
    3,
    (rows) =>
      db
        .insertInto('searchGramStats')
        .values(Array.from({ length: rows }, () => blank))
        .compile().sql,
    values,
  );
}

export async function moveStagingIntoGrams(db: Q) {
  await db
    .insertInto('searchGrams')
    .columns(['gram', 'brandId', 'rank', 'productId'])
    .expression(
      staging(db)
        .selectFrom('searchGramsStaging')
        .select(['gram', 'brandId', 'rank', 'productId'])
        .orderBy('gram')
        .orderBy('rank')
        .orderBy('productId'),
    )
    .execute();
  await sql`drop table search_grams_staging`.execute(db);
}

export function findDocs(db: Q, ids: readonly number[]) {
  return db.selectFrom('searchDocs').selectAll().where('productId', 'in', ids).execute();
}

export async function deleteDocs(db: Q, ids: readonly number[]) {
  await db.deleteFrom('searchDocs').where('productId', 'in', ids).execute();
}

/** Deletes postings by their full primary key (each branch is one index seek). */
export async function deleteGrams(db: Q, rows: ReadonlyArray<NewRow<'searchGrams'>>) {
  for (const part of chunks(rows, DELETE_CHUNK)) {
    await db
      .deleteFrom('searchGrams')
      .where((eb) =>
        eb.or(
          part.map((r) =>
            eb.and([
              eb('gram', '=', r.gram),
              eb('rank', '=', r.rank),
              eb('productId', '=', r.productId),
            ]),
          ),
        ),
      )
      .execute();
  }
}

/** Adds signed deltas to posting counts, then drops counts that reached zero. */
export async function applyStatDeltas(db: Q, deltas: ReadonlyArray<NewRow<'searchGramStats'>>) {
  for (const part of chunks(deltas, INSERT_CHUNK)) {
    await db
      .insertInto('searchGramStats')
      .values(part)
      .onConflict((oc) =>
        oc.columns(['gram', 'brandId']).doUpdateSet((eb) => ({
          hits: eb('searchGramStats.hits', '+', eb.ref('excluded.hits')),
        })),
      )
      .execute();
  }
  for (const part of chunks(deltas, DELETE_CHUNK)) {
    await db
      .deleteFrom('searchGramStats')
      .where(
        'gram',
        'in',
        part.map((d) => d.gram),
      )
      .where('hits', '<=', 0)
      .execute();
  }
}

// ---- index state ------------------------------------------------------------------------------

const INDEX_STATE_KEY = 'search_index';

/** The index format the last full rebuild wrote, or null when none is recorded. */
export async function findIndexVersion(db: Q): Promise<number | null> {
  const text = await settings.readSetting(db, INDEX_STATE_KEY);
  if (text === undefined) return null;
  try {
    const value = JSON.parse(text) as { version?: unknown };
    return typeof value.version === 'number' ? value.version : null;
  } catch {
    return null;
  }
}

export function saveIndexVersion(db: Q, version: number): Promise<void> {
  return settings.writeSetting(db, INDEX_STATE_KEY, JSON.stringify({ version }));
}

export async function countDocs(db: Q): Promise<number> {
  const row = await db
    .selectFrom('searchDocs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
