import { sortCategories, type RegulationCategory } from '@labshop/shared';
import { EXPLOSIVE_2017 } from './explosives.ts';
import { HIGHLY_TOXIC_2015 } from './highly-toxic.ts';
import { PRECURSOR_ADDITIONS, PRECURSOR_ANNEX } from './precursors.ts';
import { LIST_NAMES, SOURCES } from './sources.ts';
import type { ListEntry } from './types.ts';

export type { Confidence, ListEntry, ListId, SourceId } from './types.ts';
export { LIST_NAMES, SOURCES } from './sources.ts';

/** Every entry the shop follows (docs/compliance.md section 2). */
export const LIST_ENTRIES: readonly ListEntry[] = [
  ...PRECURSOR_ANNEX,
  ...PRECURSOR_ADDITIONS,
  ...EXPLOSIVE_2017,
  ...HIGHLY_TOXIC_2015,
];

/** An entry that matched a product, and by what. */
export interface ListMatch {
  entry: ListEntry;
  /** The product's own CAS, its solute's CAS, or (for entries without a CAS) its exact name. */
  by: 'cas' | 'solute-cas' | 'name';
}

const casKey = (cas: string) => cas.normalize('NFKC').replace(/\s+/g, '');
const nameKey = (name: string) => name.normalize('NFKC').replace(/\s+/g, '');

const BY_CAS = new Map<string, ListEntry[]>();
const BY_NAME = new Map<string, ListEntry[]>();
for (const e of LIST_ENTRIES) {
  const [map, key] = e.cas === null ? [BY_NAME, nameKey(e.name)] : [BY_CAS, casKey(e.cas)];
  map.set(key, [...(map.get(key) ?? []), e]);
}

/**
 * The entries a product matches: its CAS, the CAS of its solute (a solution standard), and, for
 * the few entries no source gives a CAS (羟亚胺, 麻黄浸膏, 镁铝粉), its exact Chinese name.
 * Unconfirmed entries (U) count like the others: the shop fails closed.
 */
export function lookUp(product: { cas: string; soluteCas?: string; name?: string }): ListMatch[] {
  const out: ListMatch[] = [];
  const seen = new Set<ListEntry>();
  const add = (entries: ListEntry[] | undefined, by: ListMatch['by']) => {
    for (const entry of entries ?? []) {
      if (seen.has(entry)) continue;
      seen.add(entry);
      out.push({ entry, by });
    }
  };
  if (product.cas.trim() !== '') add(BY_CAS.get(casKey(product.cas)), 'cas');
  if (product.soluteCas && product.soluteCas.trim() !== '') {
    add(BY_CAS.get(casKey(product.soluteCas)), 'solute-cas');
  }
  if (product.name) add(BY_NAME.get(nameKey(product.name)), 'name');
  return out;
}

/** The classes the matches give, strictest first. */
export const listedCategories = (matches: readonly ListMatch[]): RegulationCategory[] =>
  sortCategories(matches.map((m) => m.entry.category));

/** Where a class came from, as the console shows it beside the product's classes. */
export interface ClassSource {
  category: RegulationCategory;
  list: string;
  no: string;
  name: string;
  cas: string;
  casConfirmed: boolean;
  confidence: ListEntry['confidence'];
  sources: string[];
  matchedBy: ListMatch['by'];
  note: string;
}

export function classSources(matches: readonly ListMatch[]): ClassSource[] {
  return matches.map(({ entry, by }) => ({
    category: entry.category,
    list: LIST_NAMES[entry.list],
    no: entry.no,
    name: entry.name,
    cas: entry.cas ?? '',
    casConfirmed: entry.casConfirmed,
    confidence: entry.confidence,
    sources: entry.sources.map((s) => `${s} ${SOURCES[s]}`),
    matchedBy: by,
    note: entry.note ?? '',
  }));
}
