import { MSG, UI } from '@labshop/shared';
import type { Brand, ProductCard, RelationName } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import { catalogueVersion } from '../../lib/catalogue-version.ts';
import { badRequest } from '../../lib/errors.ts';
import { keptPerVersion } from '../../lib/kept-per-version.ts';
import { loadProductCards } from '../catalogue/product-cards.ts';
import { searchChemistry, suggestCas } from '../chemistry/chemistry.service.ts';
import { searchIndexVersion } from './search.version.ts';
import * as repo from './search.repository.ts';
import {
  MAX_INTERSECTED_POSTINGS,
  improveBy,
  intersect,
  postingLists,
  type PostingList,
} from './search.postings.ts';
import { RANK, marked, normalize, planTerm, rankerOf, type SearchTerm } from './search.text.ts';

type TermData = Awaited<ReturnType<typeof repo.lookUpTermData>>;

/** Best-ranked matches read to collect the distinct names of the related-substances list. */
const RELATION_WINDOW = 200;

interface Match {
  productId: number;
  brandId: number;
  rank: number;
}

const byRank = (a: Match, b: Match) => a.rank - b.rank || a.productId - b.productId;

/**
 * Matches in result order, held as two number arrays (8 bytes a match instead of an object's
 * 60 or so), so the term cache keeps several million of them in little memory.
 */
class Listed {
  private constructor(
    private readonly ids: Uint32Array,
    private readonly brands: Uint32Array,
  ) {}

  static of(sorted: readonly Match[]): Listed {
    const listed = new Listed(new Uint32Array(sorted.length), new Uint32Array(sorted.length));
    sorted.forEach((m, i) => {
      listed.ids[i] = m.productId;
      listed.brands[i] = m.brandId;
    });
    return listed;
  }

  /**
   * Matches of a posting list (product id order) in result order: ranks are few, so a counting
   * sort by rank keeps each rank's products in id order.
   */
  static byRank({ ids, ranks, brands }: PostingList): Listed {
    const starts = new Uint32Array(repo.RANK_SPAN + 1);
    for (const rank of ranks) starts[rank + 1]! += 1;
    for (let r = 1; r <= repo.RANK_SPAN; r++) starts[r]! += starts[r - 1]!;
    const listed = new Listed(new Uint32Array(ids.length), new Uint32Array(ids.length));
    for (let i = 0; i < ids.length; i++) {
      const at = starts[ranks[i]!]!++;
      listed.ids[at] = ids[i]!;
      listed.brands[at] = brands[i]!;
    }
    return listed;
  }

  static readonly none = Listed.of([]);

  get length(): number {
    return this.ids.length;
  }

  count(brandId: number | null): number {
    if (brandId === null) return this.ids.length;
    let n = 0;
    for (const b of this.brands) if (b === brandId) n += 1;
    return n;
  }

  /** Product ids of the matches from `offset` on (of one brand, or of all), at most `limit`. */
  slice(offset: number, limit: number, brandId: number | null): number[] {
    if (brandId === null) return Array.from(this.ids.subarray(offset, offset + limit));
    const out: number[] = [];
    let skip = offset;
    for (let i = 0; i < this.ids.length && out.length < limit; i++) {
      if (this.brands[i] !== brandId) continue;
      if (skip > 0) skip -= 1;
      else out.push(this.ids[i]!);
    }
    return out;
  }

  addBrandCounts(add: (brandId: number, n: number) => void) {
    for (const b of this.brands) add(b, 1);
  }
}

/**
 * Text matches of a term: either a key's postings, read page by page (exact hits that are also
 * posted are known, so counts stay exact), or a short list verified against the stored text.
 */
type TextMatches =
  | { kind: 'posted'; gram: string; hits: Map<number, number>; postedExact: Set<number> }
  | { kind: 'listed'; matches: Listed };

/** All matches of a term: exact item number / CAS hits first, then text matches. */
class Matches {
  constructor(
    private readonly exact: Match[],
    private readonly text: TextMatches,
  ) {}

  private exactIn(brandId: number | null) {
    return brandId === null ? this.exact : this.exact.filter((m) => m.brandId === brandId);
  }

  /** Text matches not already listed as exact hits, for one brand or all. */
  private textCount(brandId: number | null): number {
    if (this.text.kind === 'listed') return this.text.matches.count(brandId);
    const { hits, postedExact } = this.text;
    const posted =
      brandId === null ? [...hits.values()].reduce((a, b) => a + b, 0) : (hits.get(brandId) ?? 0);
    return posted - this.exactIn(brandId).filter((m) => postedExact.has(m.productId)).length;
  }

  total(brandId: number | null): number {
    return this.exactIn(brandId).length + this.textCount(brandId);
  }

  /** Matches held in memory (a posted key's are counted, not held), for the term cache. */
  get size(): number {
    return (
      this.exact.length +
      (this.text.kind === 'listed' ? this.text.matches.length : this.text.hits.size)
    );
  }

  brandCounts(): Map<number, number> {
    const counts = new Map<number, number>();
    const add = (brandId: number, n: number) => counts.set(brandId, (counts.get(brandId) ?? 0) + n);
    for (const m of this.exact) add(m.brandId, 1);
    if (this.text.kind === 'listed') this.text.matches.addBrandCounts(add);
    else for (const brandId of this.text.hits.keys()) add(brandId, this.textCount(brandId));
    return counts;
  }

  /** Product ids of one page, best first. */
  async page(db: Db, offset: number, limit: number, brandId: number | null): Promise<number[]> {
    const exact = this.exactIn(brandId);
    const ids = exact.slice(offset, offset + limit).map((m) => m.productId);
    const need = limit - ids.length;
    const textOffset = Math.max(0, offset - exact.length);
    if (need === 0 || textOffset >= this.textCount(brandId)) return ids;

    if (this.text.kind === 'listed') {
      return [...ids, ...this.text.matches.slice(textOffset, need, brandId)];
    }
    const rest = await repo.pagePostings(db, {
      gram: this.text.gram,
      brandId,
      exclude: this.exact.map((m) => m.productId),
      offset: textOffset,
      limit: need,
    });
    return [...ids, ...rest];
  }

  /** The best `limit` matches with their names, best first. */
  async named(db: Db, limit: number): Promise<Array<{ productId: number; name: string }>> {
    const exactIds = this.exact.slice(0, limit).map((m) => m.productId);
    if (this.text.kind === 'listed') {
      const ids = [...exactIds, ...this.text.matches.slice(0, limit - exactIds.length, null)];
      return ids.length === 0 ? [] : withNames(ids, await repo.findProductNames(db, ids));
    }
    const rest = limit - exactIds.length;
    const [exact, posted] = await Promise.all([
      exactIds.length > 0 ? repo.findProductNames(db, exactIds) : [],
      rest > 0
        ? repo.pageNamedPostings(db, {
            gram: this.text.gram,
            brandId: null,
            exclude: this.exact.map((m) => m.productId),
            limit: rest,
          })
        : [],
    ]);
    return [...withNames(exactIds, exact), ...posted];
  }
}

/** The ids in their order, each with its name (ids without a product are dropped). */
function withNames(ids: readonly number[], products: ReadonlyArray<{ id: number; name: string }>) {
  const names = new Map(products.map((p) => [p.id, p.name]));
  return ids.flatMap((productId) => {
    const name = names.get(productId);
    return name === undefined ? [] : [{ productId, name }];
  });
}

/** A word of a term, planned for the index and checked against the stored texts. */
interface Word {
  plan: SearchTerm;
  check: repo.WordCheck;
}

function wordOf(text: string): Word {
  const plan = planTerm(text);
  // Two or more Han characters may name a category (标准品, 农药残留); one would match nearly all.
  const category = [...text].length >= 2 && /^\p{Script=Han}+$/u.test(text) ? text : null;
  return {
    plan,
    check: { marked: plan.marked, category, numberKey: text, casKey: plan.casKey },
  };
}

/**
 * The rank of a verified product: the weakest of its words' matches (an item number or CAS
 * number, a text match ranked as the index ranks it, or a category title), improved by the
 * whole term when its text holds the words in that order.
 */
function rankOf(c: repo.Candidate, words: readonly Word[], whole: string | null): number {
  const rank = rankerOf(c);
  const wordRank = ({ check }: Word) =>
    c.numberKey === check.numberKey
      ? RANK.number
      : check.casKey !== null && c.casKey === check.casKey
        ? RANK.cas
        : c.bodyText.includes(check.marked)
          ? rank(check.marked)
          : RANK.category;
  const worst = Math.max(...words.map(wordRank));
  return whole !== null && c.bodyText.includes(whole) ? Math.min(worst, rank(whole)) : worst;
}

/**
 * Finds everything a term matches with a fixed number of queries: exact hits and key counts
 * (two index lookups), then, only for terms no single key answers, candidates verified against
 * the stored text. Several words (甲醇 HPLC, 甲醇 67-56-1, 甲 醇) must all match: the candidates
 * are the products under the rarest key of all the words, or a word's exact item-number or CAS
 * hits when it has any, so words intersect on index keys, not by scanning; words that are all
 * keys themselves intersect their posting lists in memory.
 */
async function resolve(
  db: Db,
  typed: string,
  known: TermData,
  maxIntersected = MAX_INTERSECTED_POSTINGS,
): Promise<Matches> {
  // Abbreviations and synonyms lab buyers use (ACN, 维C, 农残) are data the staff extend.
  const expanded = known.expansions.get(typed);
  const text = expanded ? normalize(expanded) : typed;
  const split = expanded ? [text] : [...new Set(typed.split(' '))];
  const texts = split.map((w) => normalize(known.expansions.get(w) ?? w));
  const words = texts.map(wordOf);
  const term = planTerm(text);
  const several = words.length > 1;
  // The words as one name, in the order typed and without spaces between Han words (甲 醇).
  const whole = text.replace(/(?<=\p{Script=Han}) (?=\p{Script=Han})/gu, '');

  const { exact: exactRows, stats } = await repo.lookUp(
    db,
    several ? texts : [text],
    (several ? words.map((w) => w.plan.casKey) : [term.casKey]).filter((k) => k !== null),
    [...new Set([text, whole, ...texts, ...words.flatMap((w) => w.plan.keys)])],
  );

  const hitsByKey = new Map<string, Map<number, number>>();
  for (const s of stats) {
    const hits = hitsByKey.get(s.gram) ?? new Map<number, number>();
    hits.set(s.brandId, s.hits);
    hitsByKey.set(s.gram, hits);
  }
  const totalOf = (gram: string) =>
    [...(hitsByKey.get(gram)?.values() ?? [])].reduce((a, b) => a + b, 0);

  if (!several) {
    const exact = exactRows
      .map((r) => ({
        productId: r.productId,
        brandId: r.brandId,
        rank: r.numberKey === text ? RANK.number : RANK.cas,
      }))
      .sort(byRank);
    const direct = hitsByKey.get(text);
    if (direct) {
      const postedExact =
        exact.length === 0
          ? new Set<number>()
          : new Set(
              await repo.findPosted(
                db,
                text,
                exact.map((m) => m.productId),
              ),
            );
      return new Matches(exact, { kind: 'posted', gram: text, hits: direct, postedExact });
    }
    const unanswerable =
      term.direct || term.keys.length === 0 || term.keys.some((k) => totalOf(k) === 0);
    if (unanswerable) return new Matches(exact, { kind: 'listed', matches: Listed.none });
    const rarest = term.keys.reduce((a, b) => (totalOf(b) < totalOf(a) ? b : a));
    const exactIds = new Set(exact.map((m) => m.productId));
    const one = wordOf(text);
    const matches = (await repo.verifyCandidates(db, { gram: rarest }, [one.check]))
      .filter((c) => !exactIds.has(c.productId))
      .map((c) => ({ productId: c.productId, brandId: c.brandId, rank: rankOf(c, [one], null) }))
      .sort(byRank);
    return new Matches(exact, { kind: 'listed', matches: Listed.of(matches) });
  }

  // Several words. A phrase indexed as a whole key (in methanol) answers from its postings.
  const phrase = hitsByKey.get(text);
  if (phrase)
    return new Matches([], { kind: 'posted', gram: text, hits: phrase, postedExact: new Set() });

  // The smallest set every match lies in: a word's exact hits, or the rarest key's postings.
  const exactOf = (w: Word) =>
    exactRows.filter(
      (r) =>
        r.numberKey === w.check.numberKey || (w.plan.casKey !== null && r.casKey === w.plan.casKey),
    );
  const byExact = words
    .map((w) => exactOf(w))
    .filter((rows) => rows.length > 0)
    .sort((a, b) => a.length - b.length)[0];
  // A word is posted when it is a key of its own: short, or a phrase frequent in the catalogue.
  const posted = (w: Word) => w.plan.direct || hitsByKey.has(w.plan.text);
  const postings = words.reduce((n, w) => n + totalOf(w.plan.text), 0);
  if (!byExact && words.every(posted) && postings <= maxIntersected) {
    // Every word is an index key: intersect their posting lists.
    if (words.some((w) => totalOf(w.plan.text) === 0)) {
      return new Matches([], { kind: 'listed', matches: Listed.none });
    }
    const matches = await intersectWords(db, words, whole, hitsByKey.has(whole));
    return new Matches([], { kind: 'listed', matches });
  }
  const textKeys = (w: Word) => (w.plan.direct ? [w.plan.text] : w.plan.keys);
  const keyed = words.filter((w) => exactOf(w).length === 0);
  let from: { gram: string } | { productIds: number[] };
  if (byExact) from = { productIds: byExact.map((r) => r.productId) };
  else {
    const keys = keyed.flatMap(textKeys);
    if (keys.length === 0 || keys.some((k) => totalOf(k) === 0)) {
      return new Matches([], { kind: 'listed', matches: Listed.none });
    }
    from = { gram: keys.reduce((a, b) => (totalOf(b) < totalOf(a) ? b : a)) };
  }
  const matches = (
    await repo.verifyCandidates(
      db,
      from,
      words.map((w) => w.check),
    )
  )
    .map((c) => ({
      productId: c.productId,
      brandId: c.brandId,
      rank: rankOf(c, words, marked(whole)),
    }))
    .sort(byRank);
  return new Matches([], { kind: 'listed', matches: Listed.of(matches) });
}

/**
 * Several words that are all index keys: the products posted under every word, each ranked at
 * its worst-matched word and improved where its text holds the whole term. A whole that is a
 * key (甲醇 of 甲 醇, a frequent phrase) has its own postings; another is looked for in the
 * stored texts of the matches.
 */
async function intersectWords(
  db: Db,
  words: readonly Word[],
  whole: string,
  wholePosted: boolean,
): Promise<Listed> {
  const wholePlan = planTerm(whole);
  const grams = words.map((w) => w.plan.text);
  const lists = await postingLists(db, wholePosted ? [...grams, whole] : grams);
  const found = intersect(lists.slice(0, words.length));
  const wholeList = lists[words.length];
  if (wholeList) improveBy(found, wholeList);
  else {
    // Only a text holding every word can hold the whole; a rank of 2 cannot get better.
    const improvable = [...found.ids].filter((_, i) => found.ranks[i]! > RANK.exact);
    const holders = new Map(
      (await repo.findHolding(db, improvable, wholePlan.marked)).map((d) => [
        d.productId,
        rankerOf(d)(wholePlan.marked),
      ]),
    );
    for (let i = 0; i < found.ids.length; i++) {
      const rank = holders.get(found.ids[i]!);
      if (rank !== undefined && rank < found.ranks[i]!) found.ranks[i] = rank;
    }
  }
  return Listed.byRank(found);
}

/** A term read once: normalized, with what the staff's data says of it and of its words. */
async function readTerm(db: Db, key: string): Promise<{ typed: string; known: TermData }> {
  const typed = normalize(key);
  if (typed === '') throw badRequest(MSG.searchRequired);
  return { typed, known: await repo.lookUpTermData(db, typed, typed.split(' ')) };
}

/** A term's matches, and its brands and related substances once asked for. */
interface ResolvedTerm {
  matches: Matches;
  facets?: Promise<{ brands: Brand[]; relations: RelationName[] }>;
}

/** Matches kept per process, 8 bytes each (`Listed`): about 32 MB at most. */
const MAX_KEPT_MATCHES = 4_000_000;

/** Both versions a term's matches depend on. */
async function termVersion(db: Db): Promise<string> {
  const [catalogue, index] = await Promise.all([catalogueVersion(db), searchIndexVersion(db)]);
  return `${catalogue}:${index}`;
}

/** Resolved terms of the current catalogue and index version, least recently used dropped. */
const keptTerms = keptPerVersion<string, ResolvedTerm>(termVersion, {
  maxSize: MAX_KEPT_MATCHES,
  sizeCalculation: (t) => Math.max(1, t.matches.size),
});

/**
 * A term's matches, resolved once per catalogue and index version and then kept: the next page,
 * a brand filter, a member's search (members skip the answer cache: they see member prices) and
 * the separate brands and relations endpoints reuse them. Every write that changes what a term
 * finds bumps one of the two versions: the index its own, brands and synonyms the catalogue
 * version (docs/chemistry.md, "Searches").
 */
async function resolveTerm(
  db: Db,
  typed: string,
  known: TermData,
  maxIntersected = MAX_INTERSECTED_POSTINGS,
): Promise<ResolvedTerm> {
  const terms = await keptTerms(db);
  // The synonyms read for the term are part of the key, so a synonym row takes effect at once.
  const key = JSON.stringify([maxIntersected, typed, [...known.expansions]]);
  const kept = terms.get(key);
  if (kept) return kept;
  const resolved: ResolvedTerm = { matches: await resolve(db, typed, known, maxIntersected) };
  // A term holding more matches than the whole cache is answered but not kept.
  if (resolved.matches.size <= MAX_KEPT_MATCHES) terms.set(key, resolved);
  return resolved;
}

/** The term's brands and related substances, computed once per resolved term. */
function facetsOf(db: Db, term: ResolvedTerm) {
  term.facets ??= Promise.all([
    brandsOf(db, term.matches.brandCounts()),
    relationsOf(db, term.matches),
  ]).then(([brands, relations]) => ({ brands, relations }));
  // A failed read is not kept: the next request tries again.
  term.facets.catch(() => (term.facets = undefined));
  return term.facets;
}

export interface SearchQuery {
  key: string;
  brandId?: number | null | undefined;
  page: number;
  size: number;
  /** Also answer the term's brands and related substances (the search page's one request). */
  facets?: boolean | undefined;
}

export interface SearchPage {
  records: ProductCard[];
  current: number;
  size: number;
  total: number;
  /** Corrections of the term (catalogue CAS numbers near a mistyped one). */
  suggest?: string[];
  brands?: Brand[];
  relations?: RelationName[];
}

export interface SearchOptions {
  /**
   * Postings a several-word term may intersect in memory (MAX_INTERSECTED_POSTINGS); 0 checks
   * the candidates' stored texts always, the way a term past the bound is answered.
   */
  maxIntersected?: number;
}

export async function searchProducts(
  db: Db,
  query: SearchQuery,
  showMemberPrice: boolean,
  options: SearchOptions = {},
): Promise<SearchPage> {
  // A molecular formula (C9H8O4, c9h8o4) or a weight range (180-200) answers when it finds products.
  if (!query.brandId) {
    const chemistry = await searchChemistry(db, query.key, query.page, query.size, showMemberPrice);
    if (chemistry) return query.facets ? { ...chemistry, brands: [], relations: [] } : chemistry;
  }
  const { typed, known } = await readTerm(db, query.key);
  // A brand's name lists that brand's products.
  const brandOfTerm = query.brandId ? null : known.brandId;
  if (brandOfTerm !== null) {
    const { ids, total } = await repo.pageBrandProducts(
      db,
      brandOfTerm,
      (query.page - 1) * query.size,
      query.size,
    );
    if (total > 0) {
      const [records, brands] = await Promise.all([
        loadProductCards(db, ids, showMemberPrice),
        query.facets ? brandsOf(db, new Map([[brandOfTerm, total]])) : [],
      ]);
      return {
        records,
        current: query.page,
        size: query.size,
        total,
        ...(query.facets ? { brands, relations: [] } : {}),
      };
    }
  }
  const [term, suggest] = await Promise.all([
    resolveTerm(db, typed, known, options.maxIntersected),
    suggestCas(db, query.key),
  ]);
  const { matches } = term;
  const brandId = query.brandId ?? null;
  const [records, facets] = await Promise.all([
    matches
      .page(db, (query.page - 1) * query.size, query.size, brandId)
      .then((ids) => loadProductCards(db, ids, showMemberPrice)),
    query.facets ? facetsOf(db, term) : null,
  ]);
  return {
    records,
    current: query.page,
    size: query.size,
    total: matches.total(brandId),
    ...(suggest.length > 0 ? { suggest } : {}),
    ...(facets ?? {}),
  };
}

/** Brands with their match counts, most matches first. */
async function brandsOf(db: Db, counts: Map<number, number>): Promise<Brand[]> {
  const ids = [...counts].filter(([id, n]) => id > 0 && n > 0).map(([id]) => id);
  if (ids.length === 0) return [];
  const brands = await repo.findBrands(db, ids);
  return brands
    .map((b) => ({ ...b, count: counts.get(b.id) ?? 0 }))
    .sort((a, b) => b.count - a.count || a.sort - b.sort || a.id - b.id)
    .map(({ id, name, count }) => ({ id, name, count }));
}

/** Distinct names of the best-ranked matches (at most UI.relatedMax) for the left list. */
async function relationsOf(db: Db, matches: Matches): Promise<RelationName[]> {
  const seen = new Set<string>();
  const out: RelationName[] = [];
  for (const { productId, name } of await matches.named(db, RELATION_WINDOW)) {
    if (seen.has(name)) continue;
    seen.add(name);
    out.push({ id: productId, name });
    if (out.length === UI.relatedMax) break;
  }
  return out;
}

async function resolveKey(db: Db, key: string): Promise<ResolvedTerm> {
  const { typed, known } = await readTerm(db, key);
  return resolveTerm(db, typed, known);
}

/** Brands among all matches, most matches first. */
export async function searchBrands(db: Db, key: string): Promise<Brand[]> {
  return (await facetsOf(db, await resolveKey(db, key))).brands;
}

/** Distinct names of the best-ranked matches for the left list. */
export async function searchRelations(db: Db, key: string): Promise<RelationName[]> {
  return (await facetsOf(db, await resolveKey(db, key))).relations;
}

/** Ids of the best `limit` matches of a term, best first: the console's product search. */
export async function searchProductIds(db: Db, key: string, limit: number): Promise<number[]> {
  const { matches } = await resolveKey(db, key);
  return matches.page(db, 0, limit, null);
}
