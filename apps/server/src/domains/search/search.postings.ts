import type { Db } from '../../db/database.ts';
import { keptPerVersion } from '../../lib/kept-per-version.ts';
import * as repo from './search.repository.ts';
import { searchIndexVersion } from './search.version.ts';

/**
 * Posting lists of index keys held in memory, so several words intersect their keys' lists
 * instead of checking the stored text of every product under the rarest key (a common pair such
 * as 甲 基 has tens of thousands of them). A list is read once per index version; the version
 * changes with every index write on any instance (docs/chemistry.md, "Searches").
 */
export interface PostingList {
  /** Product ids, ascending. */
  ids: Int32Array;
  /** The rank each product is posted with. */
  ranks: Uint8Array;
  brands: Int32Array;
}

/**
 * Postings one several-word term may bring into memory to intersect (a long term of many common
 * characters would read millions); past it, the rarest key's candidates are checked against
 * their stored texts instead. Reading a list costs far less than checking as many texts: at a
 * million products 乙 基 (two lists of about 300,000 and 675,000) took 0.7 s to intersect and
 * 3.1 s to check under 乙 (docs/performance.md, "A million products"), so any two keys fit.
 */
export const MAX_INTERSECTED_POSTINGS = 2_000_000;

/** Postings kept per process, about 9 bytes each: some 36 MB at most. */
const MAX_POSTINGS = 4_000_000;

const EMPTY: PostingList = {
  ids: new Int32Array(0),
  ranks: new Uint8Array(0),
  brands: new Int32Array(0),
};

/** The lists of the current index version, least recently used dropped past MAX_POSTINGS. */
const keptLists = keptPerVersion<string, PostingList>('posting lists', searchIndexVersion, {
  maxSize: MAX_POSTINGS,
  sizeCalculation: (l) => Math.max(1, l.ids.length),
});

/** The posting lists of the given keys at the current index version, read once and then kept. */
export async function postingLists(db: Db, grams: readonly string[]): Promise<PostingList[]> {
  const lists = await keptLists(db);
  const found = new Map<string, PostingList>();
  const missing: string[] = [];
  for (const gram of new Set(grams)) {
    const list = lists.get(gram);
    if (list) found.set(gram, list);
    else missing.push(gram);
  }
  const read = await Promise.all(missing.map((gram) => repo.readPostings(db, gram)));
  missing.forEach((gram, i) => {
    const list = listOf(read[i]!);
    lists.set(gram, list);
    found.set(gram, list);
  });
  return grams.map((g) => found.get(g) ?? EMPTY);
}

/**
 * A key's postings as a list in product id order. They come in (rank, product id) order: one
 * ascending run of product ids per rank, so merging the few runs is linear where a sort is not.
 */
export function listOf({ packed, brands }: repo.PostingColumns): PostingList {
  const n = packed.length;
  const ids = new Int32Array(n);
  const ranks = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const p = packed[i]!;
    ranks[i] = p % repo.RANK_SPAN;
    ids[i] = (p - ranks[i]!) / repo.RANK_SPAN;
  }
  const heads: number[] = [];
  const ends: number[] = [];
  for (let i = 0; i < n; i++) {
    if (i > 0 && ranks[i] === ranks[i - 1]) continue;
    if (i > 0) ends.push(i);
    heads.push(i);
  }
  ends.push(n);
  const list: PostingList = {
    ids: new Int32Array(n),
    ranks: new Uint8Array(n),
    brands: new Int32Array(n),
  };
  for (let out = 0; out < n; out++) {
    let run = -1;
    for (let r = 0; r < heads.length; r++) {
      if (heads[r]! < ends[r]! && (run < 0 || ids[heads[r]!]! < ids[heads[run]!]!)) run = r;
    }
    const at = heads[run]!++;
    list.ids[out] = ids[at]!;
    list.ranks[out] = ranks[at]!;
    list.brands[out] = brands[at]!;
  }
  return list;
}

/** The first index in `ids` from `from` on whose id is at least `id` (ids ascending). */
function seek(ids: Int32Array, from: number, id: number): number {
  // Gallop, then halve: cheap when one list is much longer than the other.
  let step = 1;
  let hi = from;
  while (hi < ids.length && ids[hi]! < id) {
    from = hi + 1;
    hi += step;
    step *= 2;
  }
  hi = Math.min(hi, ids.length);
  while (from < hi) {
    const mid = (from + hi) >>> 1;
    if (ids[mid]! < id) from = mid + 1;
    else hi = mid;
  }
  return from;
}

/**
 * The products posted under every key, each with the weakest (largest) of its ranks: a product
 * matches several words at the rank of its worst-matched word.
 */
export function intersect(lists: readonly PostingList[]): PostingList {
  const sorted = [...lists].sort((a, b) => a.ids.length - b.ids.length);
  const first = sorted[0];
  if (!first) return EMPTY;
  let ids = first.ids.slice();
  let ranks = first.ranks.slice();
  let n = ids.length;
  for (const other of sorted.slice(1)) {
    let kept = 0;
    let at = 0;
    for (let i = 0; i < n && at < other.ids.length; i++) {
      const id = ids[i]!;
      at = seek(other.ids, at, id);
      if (other.ids[at] !== id) continue;
      ids[kept] = id;
      ranks[kept] = Math.max(ranks[i]!, other.ranks[at]!);
      kept++;
    }
    n = kept;
  }
  ids = ids.subarray(0, n);
  ranks = ranks.subarray(0, n);
  // Brands come from the shortest list, which holds every product that is left.
  const brands = new Int32Array(n);
  let at = 0;
  for (let i = 0; i < n; i++) {
    at = seek(first.ids, at, ids[i]!);
    brands[i] = first.brands[at]!;
  }
  return { ids, ranks, brands };
}

/** Lowers each product's rank to the rank it is posted with under `better`, where it is. */
export function improveBy(matches: PostingList, better: PostingList): void {
  let at = 0;
  for (let i = 0; i < matches.ids.length && at < better.ids.length; i++) {
    at = seek(better.ids, at, matches.ids[i]!);
    if (better.ids[at] === matches.ids[i]) {
      matches.ranks[i] = Math.min(matches.ranks[i]!, better.ranks[at]!);
    }
  }
}
