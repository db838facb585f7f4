/**
 * A product's stored search document, the rank its text gives a term, and its postings: all
 * derived from the document alone, by the text rules of search.text.ts, so the indexer and the
 * query side always agree.
 */
import { pinyin } from 'pinyin-pro';
import type { PhraseIndex } from './search.phrases.ts';
import {
  FIELD_SEPARATOR,
  HAN_GRAM_MAX,
  RANK,
  WORD_PREFIX_MAX,
  WORD_START,
  casDigits,
  marked,
  markWord,
  normalize,
  partStarts,
  runsOf,
} from './search.text.ts';

/**
 * Adds the index keys of one normalized field, each with its marked form: Han 1-3-grams, and
 * prefixes of every word and of every word from each of its parts on.
 */
function addFieldKeys(normalized: string, keys: Map<string, string>) {
  for (const run of runsOf(normalized)) {
    if (run.kind === 'han') {
      for (let n = 1; n <= HAN_GRAM_MAX; n++) {
        for (let i = 0; i + n <= run.chars.length; i++) {
          const gram = run.chars.slice(i, i + n).join('');
          keys.set(gram, gram);
        }
      }
    } else if (run.kind === 'word') {
      for (const start of partStarts(run.chars)) {
        const end = Math.min(run.chars.length, start + WORD_PREFIX_MAX);
        for (let n = start + 1; n <= end; n++) {
          const prefix = run.chars.slice(start, n);
          keys.set(prefix.join(''), markWord(prefix));
        }
      }
    }
  }
}

export interface ProductText {
  brandId: number | null;
  name: string;
  nameEn: string;
  alias: string;
  synonyms: string;
  /** Purity and grade (≥99.9%（GC），HPLC级): its grade words are searched, not its figures. */
  purity: string;
  number: string;
  cas: string;
  /** Titles of the product's category and its ancestors. */
  categoryTitles: string[];
}

export interface SearchDoc {
  brandId: number;
  numberKey: string;
  casKey: string;
  nameText: string;
  nameEnText: string;
  bodyText: string;
  categoryText: string;
}

export interface Posting {
  gram: string;
  rank: number;
}

/** Separators between the several names an alias or synonym field may hold. */
const ENTRY_SEPARATOR = /[;、|]/;

/** The names of a marked field, each as it would be typed alone. */
const entriesOf = (field: string) =>
  field
    .split(ENTRY_SEPARATOR)
    .map((e) => e.trim())
    .filter((e) => e !== '');

/**
 * Field positions in a body text (see documentOf); the grade ranks as an alias. The pinyin read
 * from a later character of the name (`pinyinInside`) ranks as a name containing the term.
 */
const FIELD = {
  name: 0,
  nameEn: 1,
  alias: 2,
  synonyms: 3,
  pinyin: 4,
  grade: 5,
  pinyinInside: 6,
} as const;

const wordsOf = (field: string) => field.split(' ').filter((w) => w !== '');

/**
 * The rank a document's text gives a marked term it contains, read from the stored document
 * alone so the indexer and the query side always agree. Build once per document: the indexer
 * asks it for every key.
 */
export function rankerOf(doc: Pick<SearchDoc, 'bodyText'>): (markedTerm: string) => number {
  const fields = doc.bodyText.split(FIELD_SEPARATOR);
  const field = (i: number) => fields[i] ?? '';
  const names = [field(FIELD.name), field(FIELD.nameEn)].filter((f) => f !== '');
  const exact = new Set([
    ...names,
    ...entriesOf(field(FIELD.alias)),
    ...entriesOf(field(FIELD.synonyms)),
  ]);
  const named = [...names, ...wordsOf(field(FIELD.pinyin))];
  const inside = wordsOf(field(FIELD.pinyinInside));
  return (m) => {
    if (exact.has(m)) return RANK.exact;
    if (named.some((n) => n.startsWith(m))) return RANK.namePrefix;
    if (named.some((n) => n.includes(m)) || inside.some((n) => n.includes(m))) return RANK.name;
    return RANK.text;
  };
}

const HAN_RE = /\p{Script=Han}/u;

/**
 * The Chinese name in pinyin, whole and as initials (苯酚 -> benfen, bf), so buyers typing pinyin
 * find it; pinyin-pro reads polyphonic characters from their word (重铬酸钾 -> zhonggesuanjia).
 */
export function pinyinWords(name: string): string[] {
  if (!HAN_RE.test(name)) return [];
  const options = { toneType: 'none', type: 'array', nonZh: 'removed', v: true } as const;
  const full = pinyin(name, options).join('');
  const initials = pinyin(name, { ...options, pattern: 'first' }).join('');
  return [full, initials].filter((w) => /^[a-z]+$/.test(w));
}

/**
 * The name's pinyin from each of its later characters on (对乙酰氨基酚 -> yixiananjifen,
 * xiananjifen, ananjifen, jifen, fen), so the pinyin of a word inside the name finds it as its
 * Chinese does (yixian finds 对乙酰氨基酚 like 乙酰), and, being words of their own, from the
 * start of a syllable only. Initials stay whole-name only: two letters from any character on
 * would match most of the catalogue.
 */
export function pinyinInsideWords(name: string): string[] {
  if (!HAN_RE.test(name)) return [];
  const syllables = pinyin(name, {
    toneType: 'none',
    type: 'array',
    nonZh: 'removed',
    v: true,
  }).filter((s) => /^[a-z]+$/.test(s));
  return syllables.slice(1).map((_, i) => syllables.slice(i + 1).join(''));
}

/**
 * A body text without the fields that only repeat the name in another form: frequent phrases are
 * mined from the rest, or the name's pinyin read from each character on would make the endings
 * of common names (jisuan suan) phrases of their own.
 */
export const phraseSourceOf = (bodyText: string): string =>
  bodyText.split(FIELD_SEPARATOR).slice(0, FIELD.pinyinInside).join(FIELD_SEPARATOR);

/**
 * The grade words of a purity text (HPLC级, GC, 色谱纯, AR), so 甲醇 HPLC finds the HPLC-grade
 * methanol; figures and comparison signs are left out, or 98 would find every ≥98% standard.
 */
export const gradeWords = (purity: string): string =>
  normalize(purity).replace(/[\d.,%~≥≤<>=±+-]+/g, ' ');

/** The stored document of a product: everything its postings and its rank derive from. */
export function documentOf(product: ProductText): SearchDoc {
  // In FIELD order (see rankerOf).
  const fields = [
    product.name,
    product.nameEn,
    product.alias,
    product.synonyms,
    pinyinWords(product.name).join(' '),
    gradeWords(product.purity),
    pinyinInsideWords(product.name).join(' '),
  ].map(normalize);
  return {
    brandId: product.brandId ?? 0,
    numberKey: normalize(product.number),
    casKey: casDigits(product.cas),
    nameText: marked(fields[0] ?? ''),
    nameEnText: marked(fields[1] ?? ''),
    bodyText: fields.map(marked).join(FIELD_SEPARATOR),
    categoryText: product.categoryTitles
      .map(normalize)
      .filter((t) => t.length > 0)
      .join(FIELD_SEPARATOR),
  };
}

/**
 * The postings of a document, computed from the stored document alone so an update can find the
 * old postings it replaces. Each phrase is posted for every product whose text contains it and,
 * when it is a category title, at the lowest rank for every product in that category or below.
 */
export function postingsOf(doc: SearchDoc, phrases: PhraseIndex): Posting[] {
  const keys = new Map<string, string>();
  for (const field of doc.bodyText.split(FIELD_SEPARATOR)) {
    addFieldKeys(field.replaceAll(WORD_START, ''), keys);
  }
  const postings: Posting[] = [];
  const rank = rankerOf(doc);
  for (const [gram, m] of keys) postings.push({ gram, rank: rank(m) });
  for (const phrase of phrases.containedIn(doc.bodyText)) {
    if (keys.has(phrase.key)) continue;
    keys.set(phrase.key, phrase.marked);
    postings.push({ gram: phrase.key, rank: rank(phrase.marked) });
  }
  if (doc.categoryText !== '') {
    for (const title of doc.categoryText.split(FIELD_SEPARATOR)) {
      if (keys.has(title) || !phrases.has(title)) continue;
      keys.set(title, title);
      postings.push({ gram: title, rank: RANK.category });
    }
    // Two- and three-character pieces of the titles too, so 农药 or 兽药 finds the products of
    // 农药残留标准品 or 兽药标准品 (single characters would match nearly every standard).
    for (const title of doc.categoryText.split(FIELD_SEPARATOR)) {
      for (const run of runsOf(title)) {
        if (run.kind !== 'han') continue;
        for (let n = 2; n <= HAN_GRAM_MAX; n++) {
          for (let i = 0; i + n <= run.chars.length; i++) {
            const gram = run.chars.slice(i, i + n).join('');
            if (keys.has(gram)) continue;
            keys.set(gram, gram);
            postings.push({ gram, rank: RANK.category });
          }
        }
      }
    }
  }
  return postings;
}
