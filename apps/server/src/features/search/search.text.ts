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
 */
import { pinyin } from 'pinyin-pro';

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

const kindOf = (ch: string): RunKind => (HAN.test(ch) ? 'han' : WORD.test(ch) ? 'word' : 'other');

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
function runsOf(text: string): Run[] {
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
function partStarts(word: readonly string[]): number[] {
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
function markWord(word: readonly string[]): string {
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

/** Field positions in a body text (see documentOf); the grade ranks as an alias. */
const FIELD = { name: 0, nameEn: 1, alias: 2, synonyms: 3, pinyin: 4, grade: 5 } as const;

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
  const named = [
    ...names,
    ...field(FIELD.pinyin)
      .split(' ')
      .filter((w) => w !== ''),
  ];
  return (m) => {
    if (exact.has(m)) return RANK.exact;
    if (named.some((n) => n.startsWith(m))) return RANK.namePrefix;
    if (named.some((n) => n.includes(m))) return RANK.name;
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

/** A token of marked text: one Han character, or one word with its WORD_START. */
interface Token {
  start: number;
  end: number;
}

function tokensOf(markedText: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < markedText.length) {
    const ch = String.fromCodePoint(markedText.codePointAt(i) ?? 0);
    if (ch === WORD_START) {
      let j = i + 1;
      while (j < markedText.length) {
        const next = String.fromCodePoint(markedText.codePointAt(j) ?? 0);
        if (kindOf(next) !== 'word') break;
        j += next.length;
      }
      tokens.push({ start: i, end: j });
      i = j;
    } else {
      if (kindOf(ch) === 'han') tokens.push({ start: i, end: i + ch.length });
      i += ch.length;
    }
  }
  return tokens;
}

/** A key longer than an n-gram: a category title, or a phrase frequent in the catalogue. */
export interface Phrase {
  key: string;
  marked: string;
}

/**
 * The phrases indexed as whole keys, arranged to find the ones a text contains in one pass over
 * its tokens: a phrase of two or more tokens can only start where its first token stands.
 */
export class PhraseIndex {
  private readonly keySet = new Set<string>();
  private readonly byFirstToken = new Map<string, Phrase[]>();
  private readonly others: Phrase[] = [];

  constructor(keys: Iterable<string>) {
    for (const raw of keys) {
      const key = normalize(raw);
      if (key === '' || this.keySet.has(key)) continue;
      this.keySet.add(key);
      const phrase = { key, marked: marked(key) };
      const [first, second] = tokensOf(phrase.marked);
      if (first && second && first.start === 0) {
        const head = phrase.marked.slice(0, first.end);
        this.byFirstToken.set(head, [...(this.byFirstToken.get(head) ?? []), phrase]);
      } else this.others.push(phrase);
    }
  }

  /** Every phrase key. */
  keys(): IterableIterator<string> {
    return this.keySet.values();
  }

  has(key: string): boolean {
    return this.keySet.has(key);
  }

  /** The phrases a marked body text contains. */
  containedIn(bodyText: string): Set<Phrase> {
    const found = new Set<Phrase>();
    for (const field of bodyText.split(FIELD_SEPARATOR)) {
      for (const t of tokensOf(field)) {
        for (const p of this.byFirstToken.get(field.slice(t.start, t.end)) ?? []) {
          if (field.startsWith(p.marked, t.start)) found.add(p);
        }
      }
    }
    for (const p of this.others) if (bodyText.includes(p.marked)) found.add(p);
    return found;
  }
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

/**
 * Phrases of two or more tokens that occur in at least `minDocs` of the given marked body texts
 * (level by level: a sequence can only be frequent when both its shorter halves are). Indexing
 * them as keys answers frequent long terms (溶液标准物质, in methanol) from one key instead of
 * verifying tens of thousands of candidates. Short Han terms, already keys, are left out.
 */
export function frequentPhrases(
  bodies: readonly string[],
  minDocs: number,
  maxTokens: number,
): string[] {
  const docs = bodies.map((b) => b.split(FIELD_SEPARATOR).map((f) => ({ f, t: tokensOf(f) })));
  const count = (each: (doc: (typeof docs)[number], seen: Set<string>) => void) => {
    const counts = new Map<string, number>();
    for (const doc of docs) {
      const seen = new Set<string>();
      each(doc, seen);
      for (const s of seen) counts.set(s, (counts.get(s) ?? 0) + 1);
    }
    return new Set([...counts].filter(([, c]) => c >= minDocs).map(([s]) => s));
  };

  let frequent = count((doc, seen) => {
    for (const { f, t } of doc) for (const tok of t) seen.add(f.slice(tok.start, tok.end));
  });
  const found: string[] = [];
  for (let n = 2; n <= maxTokens && frequent.size > 0; n++) {
    const shorter = frequent;
    frequent = count((doc, seen) => {
      for (const { f, t } of doc) {
        for (let i = 0; i + n <= t.length; i++) {
          const first = t[i]!;
          const last = t[i + n - 1]!;
          if (!shorter.has(f.slice(first.start, t[i + n - 2]!.end))) continue;
          if (!shorter.has(f.slice(t[i + 1]!.start, last.end))) continue;
          seen.add(f.slice(first.start, last.end));
        }
      }
    });
    found.push(...frequent);
  }
  return found.map((m) => m.replaceAll(WORD_START, '')).filter((key) => !planTerm(key).direct);
}

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
