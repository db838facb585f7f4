/**
 * Abbreviations and everyday words lab buyers type, and what the catalogue calls them. Seeded
 * into search_synonyms (terms normalized: lower case); the staff extend the list there.
 */
export const searchSynonyms: Array<[term: string, expansion: string]> = [
  ['acn', '乙腈'],
  ['mecn', '乙腈'],
  ['dcm', '二氯甲烷'],
  ['meoh', '甲醇'],
  ['etoh', '无水乙醇'],
  ['dmso', '二甲基亚砜'],
  ['thf', '四氢呋喃'],
  ['tfa', '三氟乙酸'],
  ['hcl', '盐酸'],
  ['vc', '维生素c'],
  ['维c', '维生素c'],
  ['vd3', '维生素d3'],
  ['农残', '农药残留'],
  ['bpa', '双酚a'],
];
