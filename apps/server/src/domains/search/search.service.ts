import { MSG } from '@labshop/shared';
import type { Brand, ProductCard, RelationName } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import { catalogueVersion } from '../../lib/catalogue-version.ts';
import { badRequest } from '../../lib/errors.ts';
import { keptPerVersion } from '../../lib/kept-per-version.ts';
import { loadProductCards } from '../cards/index.ts';
import { searchChemistry, suggestCas } from '../chemistry/index.ts';
import { searchIndexVersion } from './search.version.ts';
import * as repo from './search.repository.ts';
import { brandsOf, relationsOf } from './search.facets.ts';
import type { Matches } from './search.matches.ts';
import { MAX_INTERSECTED_POSTINGS } from './search.postings.ts';
import { resolve, type TermData } from './search.resolve.ts';
import { normalize } from './search.text.ts';

/**
 * Product search's entry points: a term is resolved once per catalogue and index version and
 * kept (search.resolve.ts), then paged, filtered by brand and faceted from what is kept.
 */

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
const keptTerms = keptPerVersion<string, ResolvedTerm>('term matches', termVersion, {
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
