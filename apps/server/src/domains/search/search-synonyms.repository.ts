import { sql } from 'kysely';
import { isPostgres, type Db } from '../../db/database.ts';
import type { UniqueKey } from '../../db/unique.ts';

/** One row per term and expansion (the primary key). */
export const SYNONYM_KEY: UniqueKey = { table: 'search_synonyms', columns: ['term', 'expansion'] };

/** The staff's synonym list, a term at a time (the search reads the first expansion of a term). */
export function listSynonyms(db: Db) {
  return db
    .selectFrom('searchSynonyms')
    .select(['term', 'expansion'])
    .orderBy('term')
    .orderBy('expansion')
    .execute();
}

/**
 * Serializes the writes of one term until the transaction ends: the key is a term and its
 * expansion, so two saves of one term with different expansions would both pass the check
 * beside each other on PostgreSQL (SQLite has one writer anyway).
 */
export async function lockTerm(trx: Db, term: string): Promise<void> {
  if (isPostgres(trx)) {
    await sql`select pg_advisory_xact_lock(hashtext(${`search-synonym:${term}`}))`.execute(trx);
  }
}

export function findSynonyms(db: Db, term: string) {
  return db
    .selectFrom('searchSynonyms')
    .select(['term', 'expansion'])
    .where('term', '=', term)
    .orderBy('expansion')
    .execute();
}

export async function insertSynonym(db: Db, term: string, expansion: string): Promise<void> {
  await db.insertInto('searchSynonyms').values({ term, expansion }).execute();
}

export async function deleteSynonyms(db: Db, term: string): Promise<void> {
  await db.deleteFrom('searchSynonyms').where('term', '=', term).execute();
}
