import { sql, type Kysely } from 'kysely';
import { isPostgres, type Db } from '../../db/database.ts';
import type { Database, NewRow } from '../../db/schema.ts';
import { RANK } from './search.text.ts';

/** A database or a transaction. */
type Q = Kysely<Database>;

/** Rows per multi-row insert: well under the bound-parameter limits of SQLite and PostgreSQL. */
const INSERT_CHUNK = 1000;
const TEXT_RANKS = [RANK.namePrefix, RANK.text, RANK.category];
/** Keys per delete statement in incremental updates. */
const DELETE_CHUNK = 200;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

// ---- query side -------------------------------------------------------------------------------

export interface ExactHit {
  productId: number;
  brandId: number;
  numberKey: string;
}

/** Products whose item number or CAS digits equal the term: two index lookups. */
export function findExactHits(db: Db, numberKey: string, casKey: string | null) {
  return db
    .selectFrom('searchDocs')
    .select(['productId', 'brandId', 'numberKey'])
    .where((eb) =>
      casKey === null
        ? eb('numberKey', '=', numberKey)
        : eb.or([eb('numberKey', '=', numberKey), eb('casKey', '=', casKey)]),
    )
    .execute();
}

/** Posting counts per brand of the given keys (a missing key has no postings). */
export function findKeyStats(db: Db, grams: readonly string[]) {
  return db
    .selectFrom('searchGramStats')
    .select(['gram', 'brandId', 'hits'])
    .where('gram', 'in', grams)
    .execute();
}

/** Which of the given products (with their brands) are posted under a key; seeks, not scans. */
export function findPosted(
  db: Db,
  gram: string,
  products: ReadonlyArray<{ productId: number; brandId: number }>,
) {
  return db
    .selectFrom('searchGrams')
    .select('productId')
    .where('gram', '=', gram)
    .where((eb) =>
      eb.or(
        products.map((p) =>
          eb.and([
            eb('brandId', '=', p.brandId),
            eb('rank', 'in', TEXT_RANKS),
            eb('productId', '=', p.productId),
          ]),
        ),
      ),
    )
    .execute();
}

export interface PostingPage {
  gram: string;
  /** Brands to read, one ordered index range each, merged; null reads the key in one sort. */
  brandIds: readonly number[] | null;
  /** Products already listed (exact hits). */
  exclude: readonly number[];
  offset: number;
  limit: number;
}

/**
 * One page of a key's postings in (rank, product id) order. The primary key is ordered by brand
 * first (so a brand filter is one range); without a filter each brand's range is read up to the
 * page end and the ranges are merged, which costs brands x page, never the whole posting list.
 */
export async function pagePostings(db: Db, p: PostingPage): Promise<number[]> {
  const postings = (brandId: number | null) => {
    let q = db.selectFrom('searchGrams').select(['productId', 'rank']).where('gram', '=', p.gram);
    if (brandId !== null) q = q.where('brandId', '=', brandId);
    if (p.exclude.length > 0) q = q.where('productId', 'not in', p.exclude);
    return q.orderBy('rank').orderBy('productId');
  };
  if (p.brandIds === null || p.brandIds.length <= 1) {
    if (p.brandIds?.length === 0) return [];
    const rows = await postings(p.brandIds?.[0] ?? null)
      .limit(p.limit)
      .offset(p.offset)
      .execute();
    return rows.map((r) => r.productId);
  }
  const [first, ...rest] = p.brandIds as [number, ...number[]];
  const arm = (brandId: number, i: number) =>
    db
      .selectFrom(
        postings(brandId)
          .limit(p.offset + p.limit)
          .as(`b${i}`),
      )
      .selectAll();
  const union = rest.reduce((u, brandId, i) => u.unionAll(arm(brandId, i + 1)), arm(first, 0));
  const rows = await db
    .selectFrom(union.as('m'))
    .select('m.productId')
    .orderBy('m.rank')
    .orderBy('m.productId')
    .limit(p.limit)
    .offset(p.offset)
    .execute();
  return rows.map((r) => r.productId);
}

export interface VerifiedMatch {
  productId: number;
  brandId: number;
  rank: number;
}

/**
 * Products posted under `gram` whose text really contains the marked term, with their rank.
 * Used for terms no single key answers (long Han terms, several words); `gram` is the rarest key.
 */
export async function verifyPostings(
  db: Db,
  gram: string,
  markedTerm: string,
  markedLength: number,
): Promise<VerifiedMatch[]> {
  const contains = isPostgres(db)
    ? sql<boolean>`strpos(d.body_text, ${markedTerm}) > 0`
    : sql<boolean>`instr(d.body_text, ${markedTerm}) > 0`;
  const prefix = sql<number>`case when substr(d.name_text, 1, ${markedLength}) = ${markedTerm}
    or substr(d.name_en_text, 1, ${markedLength}) = ${markedTerm} then 2 else 3 end`;
  return db
    .selectFrom('searchGrams as g')
    .innerJoin('searchDocs as d', 'd.productId', 'g.productId')
    .select(['d.productId', 'd.brandId', prefix.as('rank')])
    .where('g.gram', '=', gram)
    .where(contains)
    .execute();
}

export function findProductNames(db: Db, ids: readonly number[]) {
  return db.selectFrom('products').select(['id', 'name']).where('id', 'in', ids).execute();
}

export function findBrands(db: Db, ids: readonly number[]) {
  return db.selectFrom('brands').select(['id', 'name', 'sort']).where('id', 'in', ids).execute();
}

// ---- index side -------------------------------------------------------------------------------

export interface ProductSource {
  id: number;
  brandId: number | null;
  categoryId: number | null;
  name: string;
  nameEn: string;
  alias: string;
  synonyms: string;
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
  'number',
  'cas',
] as const;

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
    .orderBy('id')
    .limit(limit)
    .execute();
}

export function findProductSources(db: Q, ids: readonly number[]): Promise<ProductSource[]> {
  return db.selectFrom('products').select(sourceColumns).where('id', 'in', ids).execute();
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

/** Recounts every key's postings per brand (full rebuild only). */
export async function recountStats(db: Q) {
  await db.deleteFrom('searchGramStats').execute();
  await db
    .insertInto('searchGramStats')
    .columns(['gram', 'brandId', 'hits'])
    .expression((eb) =>
      eb
        .selectFrom('searchGrams')
        .select(['gram', 'brandId', eb.fn.countAll<number>().as('hits')])
        .groupBy(['gram', 'brandId']),
    )
    .execute();
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
              eb('brandId', '=', r.brandId),
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
