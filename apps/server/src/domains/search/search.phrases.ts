/**
 * Phrases: keys longer than an n-gram (category titles, and phrases frequent in the catalogue,
 * found by frequentPhrases), and the index that finds the ones a stored text contains.
 */
import { FIELD_SEPARATOR, WORD_START, kindOf, marked, normalize, planTerm } from './search.text.ts';

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
