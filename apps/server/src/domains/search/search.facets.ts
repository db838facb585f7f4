import type { Brand, RelationName } from '@labshop/shared/schemas';
import { UI } from '@labshop/shared';
import type { Db } from '../../db/database.ts';
import * as repo from './search.repository.ts';
import type { Matches } from './search.matches.ts';

/** A term's facets on the search page: its brands and its related substances. */

/** Best-ranked matches read to collect the distinct names of the related-substances list. */
const RELATION_WINDOW = 200;

/** Brands with their match counts, most matches first. */
export async function brandsOf(db: Db, counts: Map<number, number>): Promise<Brand[]> {
  const ids = [...counts].filter(([id, n]) => id > 0 && n > 0).map(([id]) => id);
  if (ids.length === 0) return [];
  const brands = await repo.findBrands(db, ids);
  return brands
    .map((b) => ({ ...b, count: counts.get(b.id) ?? 0 }))
    .sort((a, b) => b.count - a.count || a.sort - b.sort || a.id - b.id)
    .map(({ id, name, count }) => ({ id, name, count }));
}

/** Distinct names of the best-ranked matches (at most UI.relatedMax) for the left list. */
export async function relationsOf(db: Db, matches: Matches): Promise<RelationName[]> {
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
