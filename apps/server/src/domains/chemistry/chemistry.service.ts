import type { ProductCard } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../lib/errors.ts';
import { loadProductCards } from '../cards/index.ts';
import { casCorrections, isMistypedCas } from './cas.ts';
import * as repo from './chemistry.repository.ts';
import { structureScreen } from './chemistry.screen.ts';
import { hillFormula, parseQueryFormula } from './formula.ts';
import { StructureError, readMolecule } from './structure.ts';

/** One page of products found by structure, formula or weight (the search's page shape). */
export interface ChemistryPage {
  records: ProductCard[];
  current: number;
  size: number;
  total: number;
}

export const MSG_BAD_STRUCTURE = '无法识别的结构式，请检查SMILES';
const DEFAULT_THRESHOLD = 0.7;
/** Recent structure searches kept with their ordered product ids, so paging does not re-search. */
const RECENT_MAX = 32;

export interface StructureQuery {
  smiles: string;
  mode: 'substructure' | 'similarity';
  threshold?: number | undefined;
  page: number;
  size: number;
}

const recent = new Map<string, number[]>();

function remember(key: string, ids: number[]): number[] {
  recent.delete(key);
  recent.set(key, ids);
  if (recent.size > RECENT_MAX) {
    const oldest = recent.keys().next().value;
    if (oldest !== undefined) recent.delete(oldest);
  }
  return ids;
}

/** Products whose structure contains the query, or is similar to it; most similar first. */
export async function searchStructures(
  db: Db,
  query: StructureQuery,
  showMemberPrice: boolean,
): Promise<ChemistryPage> {
  let idcode: string;
  try {
    idcode = readMolecule(query.smiles).getIDCode();
  } catch (e) {
    if (e instanceof StructureError) throw badRequest(MSG_BAD_STRUCTURE);
    throw e;
  }
  const threshold = query.threshold ?? DEFAULT_THRESHOLD;
  const screen = await structureScreen(db);
  const key = [screen.version, query.mode, threshold, idcode].join('\u0000');
  let ids = recent.get(key);
  if (!ids) {
    const hits =
      query.mode === 'substructure'
        ? screen.substructure(query.smiles)
        : screen.similar(query.smiles, threshold);
    ids = remember(
      key,
      hits.flatMap((h) => h.productIds),
    );
  }
  const offset = (query.page - 1) * query.size;
  return {
    records: await loadProductCards(db, ids.slice(offset, offset + query.size), showMemberPrice),
    current: query.page,
    size: query.size,
    total: ids.length,
  };
}

const WEIGHT_RANGE_RE =
  /^(?:mw|分子量)?\s*[:：]?\s*(\d{1,5}(?:\.\d+)?)\s*(?:-|~|～|至|到)\s*(\d{1,5}(?:\.\d+)?)$/i;

/** `180-200`, `MW 180~200`, `分子量180-200`: a molecular weight range, or null. */
export function weightRangeOf(key: string): [number, number] | null {
  const m = WEIGHT_RANGE_RE.exec(key.trim());
  if (!m) return null;
  const a = Number(m[1]);
  const b = Number(m[2]);
  return a <= b ? [a, b] : [b, a];
}

/**
 * Formula and weight-range searches for the ordinary search: a page of products, or null when the
 * term is neither or finds nothing (the text search answers then).
 */
export async function searchChemistry(
  db: Db,
  key: string,
  page: number,
  size: number,
  showMemberPrice: boolean,
): Promise<ChemistryPage | null> {
  const offset = (page - 1) * size;
  const range = weightRangeOf(key);
  if (range) {
    const { ids, total } = await repo.pageByWeight(db, range[0], range[1], offset, size);
    if (total === 0) return null;
    return {
      records: await loadProductCards(db, ids, showMemberPrice),
      current: page,
      size,
      total,
    };
  }
  const counts = parseQueryFormula(key.replace(/\s+/g, ''));
  if (!counts) return null;
  const ids = await repo.findByFormula(db, hillFormula(counts));
  if (ids.length === 0) return null;
  return {
    records: await loadProductCards(db, ids.slice(offset, offset + size), showMemberPrice),
    current: page,
    size,
    total: ids.length,
  };
}

/** Suggestions shown at most for a mistyped CAS number. */
const CAS_SUGGESTIONS_MAX = 5;

/**
 * For a CAS number whose check digit is wrong, the catalogue's CAS numbers one digit or one swap
 * of neighbouring digits away (您是否要找 …); empty otherwise.
 */
export async function suggestCas(db: Db, key: string): Promise<string[]> {
  const cas = key
    .normalize('NFKC')
    .trim()
    .replace(/[‐‑–—－]/g, '-');
  if (!isMistypedCas(cas)) return [];
  const found = await repo.findCatalogueCas(db, casCorrections(cas));
  return found.sort().slice(0, CAS_SUGGESTIONS_MAX);
}
