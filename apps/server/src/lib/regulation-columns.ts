/*
 * How a product's regulation (classes, GHS label) and a pack's net amount are stored in their
 * columns, read and written by the catalogue (which owns the rows), the product cards and the
 * compliance rules alike: a codec of columns, so it sits below the domains.
 */
import {
  GHS_PICTOGRAMS,
  SIGNAL_WORDS,
  isRegulationCategory,
  parsePackAmount,
  sortCategories,
  strictest,
  type RegulationCategory,
  type GhsLabel,
  type GhsPictogram,
  type NetAmount,
  type Regulation,
} from '@labshop/shared';

/** The GHS label stored as JSON text; anything malformed reads as no label. */
export function parseGhs(text: string | null): GhsLabel | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as Partial<GhsLabel> | null;
    if (!v || typeof v !== 'object') return null;
    const pictograms = Array.isArray(v.pictograms)
      ? v.pictograms.filter((p): p is GhsPictogram =>
          (GHS_PICTOGRAMS as readonly string[]).includes(p),
        )
      : [];
    const signalWord =
      typeof v.signalWord === 'string' && (SIGNAL_WORDS as readonly string[]).includes(v.signalWord)
        ? v.signalWord
        : null;
    const hazardStatements = Array.isArray(v.hazardStatements)
      ? v.hazardStatements.filter((h): h is string => typeof h === 'string')
      : [];
    return { pictograms, signalWord, hazardStatements };
  } catch {
    return null;
  }
}

/** The classes stored as JSON text (strictest first); anything malformed reads as the one class. */
export function parseCategories(
  text: string | undefined,
  category: string | null,
): RegulationCategory[] {
  if (text !== undefined) {
    try {
      const v = JSON.parse(text) as unknown;
      if (Array.isArray(v)) {
        const list = sortCategories(v.filter(isRegulationCategory));
        if (list.length > 0 || category === null) return list;
      }
    } catch {
      // Fall through to the single class.
    }
  }
  return isRegulationCategory(category) ? [category] : [];
}

/** `regulation` of a product record from its columns. */
export function regulationOf(row: {
  regulationCategory: string | null;
  regulationCategories?: string;
  ghs: string | null;
}): Regulation {
  const categories = parseCategories(row.regulationCategories, row.regulationCategory);
  return { category: strictest(categories), categories, ghs: parseGhs(row.ghs) };
}

/** The product columns that store `regulation`: every class, the strictest, the label. */
export function regulationColumns(r: {
  categories: readonly RegulationCategory[];
  ghs: GhsLabel | null;
}): {
  regulationCategory: string | null;
  regulationCategories: string;
  ghs: string | null;
} {
  const categories = sortCategories(r.categories);
  return {
    regulationCategory: strictest(categories),
    regulationCategories: JSON.stringify(categories),
    ghs: r.ghs ? JSON.stringify(r.ghs) : null,
  };
}

/** The pack columns derived from its text, read once when the pack is written. */
export function netColumns(pack: string): {
  netAmount: number | null;
  netDimension: string | null;
} {
  const net = parsePackAmount(pack);
  return { netAmount: net?.amount ?? null, netDimension: net?.dimension ?? null };
}

/** A pack's stored net amount, or null. */
export function storedNet(row: {
  netAmount: number | null;
  netDimension: string | null;
}): NetAmount | null {
  if (row.netAmount === null || (row.netDimension !== 'mass' && row.netDimension !== 'volume')) {
    return null;
  }
  return { amount: Number(row.netAmount), dimension: row.netDimension };
}
