import type { Db } from '../../db/database.ts';
import * as repo from './search.repository.ts';
import type { PostingList } from './search.postings.ts';

/**
 * A term's matches as a search holds them: exact item-number and CAS hits, then text matches
 * either as a key's postings read page by page or as a short list in result order; counted per
 * brand and paged without reading them all again.
 */

export interface Match {
  productId: number;
  brandId: number;
  rank: number;
}

export const byRank = (a: Match, b: Match) => a.rank - b.rank || a.productId - b.productId;

/**
 * Matches in result order, held as two number arrays (8 bytes a match instead of an object's
 * 60 or so), so the term cache keeps several million of them in little memory.
 */
export class Listed {
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
export class Matches {
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
