/**
 * Text rules of product search, shared by the indexer and the query side so both always agree.
 *
 * Matching: a product matches a term when its normalized text (name, English name, alias,
 * synonyms) contains the normalized term, where Han characters match anywhere and Latin words
 * (runs of letters and digits) match from the start of a word or of a part of a chemical name:
 * "acid" finds "Acetic acid", "benzoic acid" finds "4-Methylbenzoic acid", "2-氯" finds
 * "2-氯苯酚", "cid" finds nothing. The item number (case-insensitively) and the CAS number
 * (digits only) match exactly, and the full title of a category finds its products.
 *
 * The word-start rule is enforced by "marking" text: a marker character is put before every
 * word and part, in the stored texts and in the term alike, so plain substring search does the
 * rest.
 *
 * A product's stored document, its ranks and its postings follow these rules in
 * search.document.ts; phrase keys in search.phrases.ts.
 */

/** Put before every word in marked text; normalization removes it from input. */
export const WORD_START = '\u0002';
/** Separates the fields of a marked body text; normalization removes it from input too. */
export const FIELD_SEPARATOR = '\n';
/** Han n-grams up to this length are index keys: 1-3 character Han terms are one lookup. */
export const HAN_GRAM_MAX = 3;
/**
 * Word prefixes up to this length are index keys (chemical words run long: trifluoromethyl,
 * acetonitrile); a longer word is found through its first WORD_PREFIX_MAX letters and verified.
 */
export const WORD_PREFIX_MAX = 20;

/**
 * Parts of English chemical names after which a word is split too. No part is a prefix of
 * another, so a term cut short inside a part is split exactly as the full name is.
 */
export const NAME_PARTS = [
  'methyl',
  'ethyl',
  'propyl',
  'butyl',
  'pentyl',
  'hexyl',
  'phenyl',
  'benzyl',
  'vinyl',
  'allyl',
  'acetyl',
  'formyl',
  'methoxy',
  'ethoxy',
  'phenoxy',
  'hydroxy',
  'carboxy',
  'amino',
  'nitro',
  'cyano',
  'chloro',
  'bromo',
  'fluoro',
  'iodo',
  'thio',
  'oxy',
  'mono',
  'di',
  'tri',
  'tetra',
  'penta',
  'hexa',
  'iso',
  'cyclo',
] as const;

const PART_LENGTH_MAX = Math.max(...NAME_PARTS.map((p) => p.length));

/**
 * Result ranks, lower first (the rule is written down in docs/chemistry.md, "Ranking"): item
 * number, CAS, a name, English name, alias or synonym that is exactly the term, a name (or its
 * pinyin) starting with the term, a name containing it, an alias or synonym containing it, and
 * last the products of a category whose title matches.
 */
export const RANK = {
  number: 0,
  cas: 1,
  exact: 2,
  namePrefix: 3,
  name: 4,
  text: 5,
  category: 6,
} as const;

const HAN = /\p{Script=Han}/u;
const WORD = /[\p{L}\p{N}]/u;
const CAS_INPUT = /^[\d\s\-\u2010-\u2015\u2212]+$/;
const CAS_DIGITS_MIN = 5;
const CAS_DIGITS_MAX = 10;

type RunKind = 'han' | 'word' | 'other';
interface Run {
  kind: RunKind;
  chars: string[];
}

export const kindOf = (ch: string): RunKind =>
  HAN.test(ch) ? 'han' : WORD.test(ch) ? 'word' : 'other';

/** NFKC (full-width to half-width), lower case, control and format characters dropped, spaces collapsed. */
export function normalize(input: string): string {
  return input
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\p{Cf}+/gu, '')
    .replace(/[\s\p{Cc}]+/gu, ' ')
    .trim();
}

/** Splits normalized text into maximal runs of Han characters, word characters and the rest. */
export function runsOf(text: string): Run[] {
  const runs: Run[] = [];
  for (const ch of text) {
    const kind = kindOf(ch);
    const last = runs.at(-1);
    if (last && last.kind === kind) last.chars.push(ch);
    else runs.push({ kind, chars: [ch] });
  }
  return runs;
}

/** Where the parts of a word start: at 0, and after each name part that leaves letters behind. */
export function partStarts(word: readonly string[]): number[] {
  const starts = [0];
  for (let at = 0; ;) {
    const rest = word.slice(at, at + PART_LENGTH_MAX).join('');
    const part = NAME_PARTS.find((p) => p.length < word.length - at && rest.startsWith(p));
    if (!part) return starts;
    at += part.length;
    starts.push(at);
  }
}

/** A word with WORD_START before each of its parts. */
export function markWord(word: readonly string[]): string {
  const starts = partStarts(word);
  return starts
    .map((start, i) => WORD_START + word.slice(start, starts[i + 1] ?? word.length).join(''))
    .join('');
}

/** Normalized text with WORD_START before each word and each part of a word. */
export function marked(normalized: string): string {
  return runsOf(normalized)
    .map((r) => (r.kind === 'word' ? markWord(r.chars) : r.chars.join('')))
    .join('');
}

/** Digits of a CAS number, or '' when there are none. */
export const casDigits = (cas: string): string => cas.normalize('NFKC').replace(/\D/g, '');

export interface SearchTerm {
  /** The normalized term; also the index key tried first (a category title, a short term). */
  text: string;
  /** Marked form, searched for in the stored texts. */
  marked: string;
  /** Length of `marked` in characters, as SQL substr counts them. */
  markedLength: number;
  /** True when the index key `text` holds exactly the products that contain the term. */
  direct: boolean;
  /** Keys every product containing the term has (the whole term when direct). */
  keys: string[];
  /** CAS digits when the term looks like a CAS number. */
  casKey: string | null;
}

/** Works out how to answer a normalized, non-empty term. */
export function planTerm(text: string): SearchTerm {
  const runs = runsOf(text);
  const only = runs.length === 1 ? runs[0] : undefined;
  const direct =
    only !== undefined &&
    ((only.kind === 'han' && only.chars.length <= HAN_GRAM_MAX) ||
      (only.kind === 'word' && only.chars.length <= WORD_PREFIX_MAX));

  const keys = new Set<string>();
  if (direct) keys.add(text);
  else {
    for (const run of runs) {
      if (run.kind === 'han' && run.chars.length <= HAN_GRAM_MAX) keys.add(run.chars.join(''));
      else if (run.kind === 'han') {
        for (let i = 0; i + HAN_GRAM_MAX <= run.chars.length; i++) {
          keys.add(run.chars.slice(i, i + HAN_GRAM_MAX).join(''));
        }
      } else if (run.kind === 'word') keys.add(run.chars.slice(0, WORD_PREFIX_MAX).join(''));
    }
  }

  const digits = CAS_INPUT.test(text) ? casDigits(text) : '';
  const m = marked(text);
  return {
    text,
    marked: m,
    markedLength: [...m].length,
    direct,
    keys: [...keys],
    casKey: digits.length >= CAS_DIGITS_MIN && digits.length <= CAS_DIGITS_MAX ? digits : null,
  };
}
