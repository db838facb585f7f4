import type { Regulation } from './regulation.ts';

/** Languages a safety data sheet (SDS) is kept in: the Chinese one is the one the law asks for. */
export const SDS_LANGUAGES = ['zh', 'en'] as const;
export type SdsLanguage = (typeof SDS_LANGUAGES)[number];
export const SDS_LANGUAGE_LABEL: Record<SdsLanguage, string> = { zh: '中文', en: '英文' };

/**
 * Whether the law asks a Chinese safety data sheet and a GB 15258 label of a product
 * (docs/safety.md): it carries any class of the reference lists, or a GHS label with a
 * pictogram. The server's SQL of the same rule is in domains/safety/sds.repository.ts.
 */
export function isHazardous(regulation: Pick<Regulation, 'category' | 'ghs'> | null | undefined) {
  if (!regulation) return false;
  return regulation.category !== null || (regulation.ghs?.pictograms.length ?? 0) > 0;
}
