import { sql } from 'kysely';
import { isPostgres, readSqlite, type Db } from '../../db/database.ts';
import { chunks } from '../../db/chunks.ts';
import { RANK } from './search.text.ts';

/**
 * The query side of the search index: exact hits, key counts, pages of postings and candidates
 * checked against the stored texts, with the few catalogue reads a search makes (names, brands,
 * synonyms). The index side, which builds and updates these tables, is search-index.repository.ts.
 */

const TEXT_RANKS = [RANK.exact, RANK.namePrefix, RANK.name, RANK.text, RANK.category];
/** Ids per statement when checking many products: well under the bound-parameter limits. */
const ID_CHUNK = 5000;

// ---- query side -------------------------------------------------------------------------------
// Written as SQL templates: a search runs a handful of small indexed queries, and building them
// with the query builder would cost more than running them.

export interface Lookup {
  /** Products whose item number or CAS digits equal one of the words. */
  exact: Array<{ productId: number; brandId: number; numberKey: string; casKey: string }>;
  /** Posting counts per brand of the keys asked for (a missing key has no postings). */
  stats: Array<{ gram: string; brandId: number; hits: number }>;
}

/** Exact hits and key counts in one round trip: index lookups only. */
export async function lookUp(
  db: Db,
  numberKeys: readonly string[],
  casKeys: readonly string[],
  grams: readonly string[],
): Promise<Lookup> {
  const exact =
    casKeys.length === 0
      ? sql`number_key in (${sql.join(numberKeys)})`
      : sql`number_key in (${sql.join(numberKeys)}) or cas_key in (${sql.join(casKeys)})`;
  const { rows } = await sql<{
    kind: number;
    productId: number;
    brandId: number;
    text: string;
    casKey: string;
    hits: number;
  }>`select 0 as kind, product_id, brand_id, number_key as text, cas_key, 0 as hits
    from search_docs where ${exact}
    union all
    select 1, 0, brand_id, gram, '', hits from search_gram_stats
    where gram in (${sql.join(grams)})`.execute(db);
  const out: Lookup = { exact: [], stats: [] };
  for (const r of rows) {
    if (Number(r.kind) === 0) {
      out.exact.push({
        productId: r.productId,
        brandId: r.brandId,
        numberKey: r.text,
        casKey: r.casKey,
      });
    } else out.stats.push({ gram: r.text, brandId: r.brandId, hits: Number(r.hits) });
  }
  return out;
}

/** Which of the given products are posted under a key; primary key seeks, not scans. */
export async function findPosted(
  db: Db,
  gram: string,
  productIds: readonly number[],
): Promise<number[]> {
  const { rows } = await sql<{ productId: number }>`select product_id from search_grams
    where gram = ${gram} and rank in (${sql.join(TEXT_RANKS)})
      and product_id in (${sql.join(productIds)})`.execute(db);
  return rows.map((r) => r.productId);
}

export interface PostingPage {
  gram: string;
  /** Only this brand's products; null for all. */
  brandId: number | null;
  /** Products already listed (exact hits). */
  exclude: readonly number[];
  offset: number;
  limit: number;
}

/** Conditions of a page of postings: the key, the brand filter, the products listed already. */
function postingFilter(p: Omit<PostingPage, 'offset' | 'limit'>, alias = '') {
  const where = [sql`${sql.raw(alias)}gram = ${p.gram}`];
  if (p.brandId !== null) where.push(sql`${sql.raw(alias)}brand_id = ${p.brandId}`);
  if (p.exclude.length > 0) {
    where.push(sql`${sql.raw(alias)}product_id not in (${sql.join(p.exclude)})`);
  }
  return sql.join(where, sql` and `);
}

/**
 * One page of a key's postings, read in primary-key order (rank, product id): the work is the
 * page, not the number of matches. A brand filter skips other brands' postings on the way.
 */
export async function pagePostings(db: Db, p: PostingPage): Promise<number[]> {
  const { rows } = await sql<{ productId: number }>`select product_id from search_grams
    where ${postingFilter(p)} order by rank, product_id
    limit ${sql.lit(p.limit)} offset ${sql.lit(p.offset)}`.execute(db);
  return rows.map((r) => r.productId);
}

/** The best-ranked postings of a key with their product names. */
export async function pageNamedPostings(
  db: Db,
  p: Omit<PostingPage, 'offset'>,
): Promise<Array<{ productId: number; name: string }>> {
  const { rows } = await sql<{ productId: number; name: string }>`select g.product_id, p.name
    from search_grams g inner join products p on p.id = g.product_id
    where ${postingFilter(p, 'g.')} order by g.rank, g.product_id limit ${sql.lit(p.limit)}`.execute(
    db,
  );
  return rows;
}

/** Room for a posting's rank beside its product id in one number (ranks are 0 to RANK.category). */
export const RANK_SPAN = 8;

/** A key's postings in primary-key order (rank, product id), column by column. */
export interface PostingColumns {
  /** Each posting's product id * RANK_SPAN + rank. */
  packed: ArrayLike<number>;
  brands: ArrayLike<number>;
}

const packedColumn = `cast(product_id as bigint) * ${RANK_SPAN} + rank`;
const postingOrder = 'where gram = ? order by rank, product_id';

/**
 * Every posting of one key: an index range read as it is stored, with no sort on the database
 * side. A list has up to hundreds of thousands of postings, so on SQLite each column is read as
 * plain numbers, one per row (pluck), not as row objects: about a fifth of the cost.
 */
export async function readPostings(db: Db, gram: string): Promise<PostingColumns> {
  const plucked = await readSqlite(db, (prepare) => ({
    packed: prepare(`select ${packedColumn} from search_grams ${postingOrder}`)
      .pluck()
      .all(gram) as number[],
    brands: prepare(`select brand_id from search_grams ${postingOrder}`)
      .pluck()
      .all(gram) as number[],
  }));
  if (plucked) return plucked;
  const { rows } = await sql<{ packed: number; brand_id: number }>`select
    ${sql.raw(packedColumn)} as packed, brand_id from search_grams
    where gram = ${gram} order by rank, product_id`.execute(db.withoutPlugins());
  return { packed: rows.map((r) => Number(r.packed)), brands: rows.map((r) => r.brand_id) };
}

/** Which of the given products hold a text in their stored body, with that body; id seeks. */
export async function findHolding(
  db: Db,
  productIds: readonly number[],
  text: string,
): Promise<Array<{ productId: number; bodyText: string }>> {
  const holds = isPostgres(db)
    ? sql`strpos(body_text, ${text}) > 0`
    : sql`instr(body_text, ${text}) > 0`;
  const out: Array<{ productId: number; bodyText: string }> = [];
  for (const part of chunks(productIds, ID_CHUNK)) {
    const { rows } = await sql<{ productId: number; bodyText: string }>`select product_id, body_text
      from search_docs where product_id in (${sql.join(part)}) and ${holds}`.execute(db);
    out.push(...rows);
  }
  return out;
}

/** One word of a term, as the stored texts are checked for it. */
export interface WordCheck {
  /** Marked form, searched for in the body text. */
  marked: string;
  /** Normalized form, searched for in the category titles (null: not looked for there). */
  category: string | null;
  /** The word as an item number. */
  numberKey: string;
  /** CAS digits when the word looks like a CAS number. */
  casKey: string | null;
}

export interface Candidate {
  productId: number;
  brandId: number;
  numberKey: string;
  casKey: string;
  bodyText: string;
  categoryText: string;
}

/**
 * Products that hold every word, among the candidates: the products posted under one key (the
 * rarest key of all the words) or a short list of ids (a word's exact item-number or CAS hits).
 * Each candidate is a primary-key seek into search_docs; no table is scanned.
 */
export async function verifyCandidates(
  db: Db,
  from: { gram: string } | { productIds: readonly number[] },
  words: readonly WordCheck[],
): Promise<Candidate[]> {
  const contains = (column: string, text: string) =>
    isPostgres(db)
      ? sql`strpos(${sql.ref(column)}, ${text}) > 0`
      : sql`instr(${sql.ref(column)}, ${text}) > 0`;
  const checks = words.map((w) => {
    const any = [contains('d.body_text', w.marked), sql`d.number_key = ${w.numberKey}`];
    if (w.category !== null) any.push(contains('d.category_text', w.category));
    if (w.casKey !== null) any.push(sql`d.cas_key = ${w.casKey}`);
    return sql`(${sql.join(any, sql` or `)})`;
  });
  const where = sql.join(checks, sql` and `);
  const columns = sql`d.product_id, d.brand_id, d.number_key, d.cas_key, d.body_text,
    d.category_text`;
  const { rows } =
    'gram' in from
      ? await sql<Candidate>`select ${columns}
          from search_grams g inner join search_docs d on d.product_id = g.product_id
          where g.gram = ${from.gram} and ${where}`.execute(db)
      : await sql<Candidate>`select ${columns} from search_docs d
          where d.product_id in (${sql.join(from.productIds)}) and ${where}`.execute(db);
  return rows;
}

export async function findProductNames(db: Db, ids: readonly number[]) {
  const { rows } = await sql<{ id: number; name: string }>`select id, name from products
    where id in (${sql.join(ids)})`.execute(db);
  return rows;
}

export function findBrands(db: Db, ids: readonly number[]) {
  return db.selectFrom('brands').select(['id', 'name', 'sort']).where('id', 'in', ids).execute();
}

/**
 * How the staff's data reads a term, in one round trip: what the catalogue calls it (ACN -> 乙腈,
 * from the synonym list; a primary-key seek) and the brand of that name (brands are few).
 */
export async function lookUpTermData(
  db: Db,
  term: string,
  words: readonly string[],
): Promise<{ expansions: Map<string, string>; brandId: number | null }> {
  const { rows } = await sql<{
    kind: number;
    term: string;
    value: string;
  }>`select 0 as kind, term, expansion as value
    from search_synonyms where term in (${sql.join([...new Set([term, ...words])])})
    union all select 1, '', cast(id as text) from brands where lower(name) = ${term}`.execute(db);
  const expansions = new Map<string, string>();
  // A term with several expansions reads the first in text order, so answers are stable.
  for (const r of rows
    .filter((r) => Number(r.kind) === 0)
    .sort((a, b) => (a.value < b.value ? -1 : 1))) {
    if (!expansions.has(r.term)) expansions.set(r.term, r.value);
  }
  const brand = rows.find((r) => Number(r.kind) === 1);
  return { expansions, brandId: brand ? Number(brand.value) : null };
}

/** A page of one brand's products in catalogue order, and their count; brand index range. */
export async function pageBrandProducts(db: Db, brandId: number, offset: number, limit: number) {
  const [{ rows }, count] = await Promise.all([
    sql<{ id: number }>`select id from products where brand_id = ${brandId}
      order by id limit ${limit} offset ${offset}`.execute(db),
    sql<{ n: number }>`select count(*) as n from products where brand_id = ${brandId}`.execute(db),
  ]);
  return { ids: rows.map((r) => r.id), total: Number(count.rows[0]?.n ?? 0) };
}
