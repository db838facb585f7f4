import type { Db } from '../../db/database.ts';
import * as repo from './search.repository.ts';
import { rankerOf } from './search.document.ts';
import { Listed, Matches, byRank } from './search.matches.ts';
import { MAX_INTERSECTED_POSTINGS, improveBy, intersect, postingLists } from './search.postings.ts';
import { RANK, marked, normalize, planTerm, type SearchTerm } from './search.text.ts';

/**
 * Term resolution: what a typed term matches, in a fixed number of queries, answered as
 * Matches in result order (docs/chemistry.md, "Searches" and "Ranking").
 */

export type TermData = Awaited<ReturnType<typeof repo.lookUpTermData>>;

/** A word of a term, planned for the index and checked against the stored texts. */
interface Word {
  plan: SearchTerm;
  check: repo.WordCheck;
}

function wordOf(text: string): Word {
  const plan = planTerm(text);
  // Two or more Han characters may name a category (标准品, 农药残留); one would match nearly all.
  const category = [...text].length >= 2 && /^\p{Script=Han}+$/u.test(text) ? text : null;
  return {
    plan,
    check: { marked: plan.marked, category, numberKey: text, casKey: plan.casKey },
  };
}

/**
 * The rank of a verified product: the weakest of its words' matches (an item number or CAS
 * number, a text match ranked as the index ranks it, or a category title), improved by the
 * whole term when its text holds the words in that order.
 */
function rankOf(c: repo.Candidate, words: readonly Word[], whole: string | null): number {
  const rank = rankerOf(c);
  const wordRank = ({ check }: Word) =>
    c.numberKey === check.numberKey
      ? RANK.number
      : check.casKey !== null && c.casKey === check.casKey
        ? RANK.cas
        : c.bodyText.includes(check.marked)
          ? rank(check.marked)
          : RANK.category;
  const worst = Math.max(...words.map(wordRank));
  return whole !== null && c.bodyText.includes(whole) ? Math.min(worst, rank(whole)) : worst;
}

/**
 * Finds everything a term matches with a fixed number of queries: exact hits and key counts
 * (two index lookups), then, only for terms no single key answers, candidates verified against
 * the stored text. Several words (甲醇 HPLC, 甲醇 67-56-1, 甲 醇) must all match: the candidates
 * are the products under the rarest key of all the words, or a word's exact item-number or CAS
 * hits when it has any, so words intersect on index keys, not by scanning; words that are all
 * keys themselves intersect their posting lists in memory.
 */
export async function resolve(
  db: Db,
  typed: string,
  known: TermData,
  maxIntersected = MAX_INTERSECTED_POSTINGS,
): Promise<Matches> {
  // Abbreviations and synonyms lab buyers use (ACN, 维C, 农残) are data the staff extend.
  const expanded = known.expansions.get(typed);
  const text = expanded ? normalize(expanded) : typed;
  const split = expanded ? [text] : [...new Set(typed.split(' '))];
  const texts = split.map((w) => normalize(known.expansions.get(w) ?? w));
  const words = texts.map(wordOf);
  const term = planTerm(text);
  const several = words.length > 1;
  // The words as one name, in the order typed and without spaces between Han words (甲 醇).
  const whole = text.replace(/(?<=\p{Script=Han}) (?=\p{Script=Han})/gu, '');

  const { exact: exactRows, stats } = await repo.lookUp(
    db,
    several ? texts : [text],
    (several ? words.map((w) => w.plan.casKey) : [term.casKey]).filter((k) => k !== null),
    [...new Set([text, whole, ...texts, ...words.flatMap((w) => w.plan.keys)])],
  );

  const hitsByKey = new Map<string, Map<number, number>>();
  for (const s of stats) {
    const hits = hitsByKey.get(s.gram) ?? new Map<number, number>();
    hits.set(s.brandId, s.hits);
    hitsByKey.set(s.gram, hits);
  }
  const totalOf = (gram: string) =>
    [...(hitsByKey.get(gram)?.values() ?? [])].reduce((a, b) => a + b, 0);
  const found: KeyCounts = { exactRows, hitsByKey, totalOf };
  if (!several) return resolveOneWord(db, text, term, found);
  return resolveSeveralWords(db, { text, words, whole }, found, maxIntersected);
}

/** What the index lookups of a term found: exact hits and posting counts per key and brand. */
interface KeyCounts {
  exactRows: repo.Lookup['exact'];
  hitsByKey: Map<string, Map<number, number>>;
  totalOf: (gram: string) => number;
}

/** A term of one word: a key's postings when it is one, else candidates verified. */
async function resolveOneWord(
  db: Db,
  text: string,
  term: SearchTerm,
  { exactRows, hitsByKey, totalOf }: KeyCounts,
): Promise<Matches> {
  const exact = exactRows
    .map((r) => ({
      productId: r.productId,
      brandId: r.brandId,
      rank: r.numberKey === text ? RANK.number : RANK.cas,
    }))
    .sort(byRank);
  const direct = hitsByKey.get(text);
  if (direct) {
    const postedExact =
      exact.length === 0
        ? new Set<number>()
        : new Set(
            await repo.findPosted(
              db,
              text,
              exact.map((m) => m.productId),
            ),
          );
    return new Matches(exact, { kind: 'posted', gram: text, hits: direct, postedExact });
  }
  const unanswerable =
    term.direct || term.keys.length === 0 || term.keys.some((k) => totalOf(k) === 0);
  if (unanswerable) return new Matches(exact, { kind: 'listed', matches: Listed.none });
  const rarest = term.keys.reduce((a, b) => (totalOf(b) < totalOf(a) ? b : a));
  const exactIds = new Set(exact.map((m) => m.productId));
  const one = wordOf(text);
  const matches = (await repo.verifyCandidates(db, { gram: rarest }, [one.check]))
    .filter((c) => !exactIds.has(c.productId))
    .map((c) => ({ productId: c.productId, brandId: c.brandId, rank: rankOf(c, [one], null) }))
    .sort(byRank);
  return new Matches(exact, { kind: 'listed', matches: Listed.of(matches) });
}

/** A term of several words: all must match (see resolve). */
async function resolveSeveralWords(
  db: Db,
  { text, words, whole }: { text: string; words: readonly Word[]; whole: string },
  { exactRows, hitsByKey, totalOf }: KeyCounts,
  maxIntersected: number,
): Promise<Matches> {
  // Several words. A phrase indexed as a whole key (in methanol) answers from its postings.
  const phrase = hitsByKey.get(text);
  if (phrase)
    return new Matches([], { kind: 'posted', gram: text, hits: phrase, postedExact: new Set() });

  // The smallest set every match lies in: a word's exact hits, or the rarest key's postings.
  const exactOf = (w: Word) =>
    exactRows.filter(
      (r) =>
        r.numberKey === w.check.numberKey || (w.plan.casKey !== null && r.casKey === w.plan.casKey),
    );
  const byExact = words
    .map((w) => exactOf(w))
    .filter((rows) => rows.length > 0)
    .sort((a, b) => a.length - b.length)[0];
  // A word is posted when it is a key of its own: short, or a phrase frequent in the catalogue.
  const posted = (w: Word) => w.plan.direct || hitsByKey.has(w.plan.text);
  const postings = words.reduce((n, w) => n + totalOf(w.plan.text), 0);
  if (!byExact && words.every(posted) && postings <= maxIntersected) {
    // Every word is an index key: intersect their posting lists.
    if (words.some((w) => totalOf(w.plan.text) === 0)) {
      return new Matches([], { kind: 'listed', matches: Listed.none });
    }
    const matches = await intersectWords(db, words, whole, hitsByKey.has(whole));
    return new Matches([], { kind: 'listed', matches });
  }
  const textKeys = (w: Word) => (w.plan.direct ? [w.plan.text] : w.plan.keys);
  const keyed = words.filter((w) => exactOf(w).length === 0);
  let from: { gram: string } | { productIds: number[] };
  if (byExact) from = { productIds: byExact.map((r) => r.productId) };
  else {
    const keys = keyed.flatMap(textKeys);
    if (keys.length === 0 || keys.some((k) => totalOf(k) === 0)) {
      return new Matches([], { kind: 'listed', matches: Listed.none });
    }
    from = { gram: keys.reduce((a, b) => (totalOf(b) < totalOf(a) ? b : a)) };
  }
  const matches = (
    await repo.verifyCandidates(
      db,
      from,
      words.map((w) => w.check),
    )
  )
    .map((c) => ({
      productId: c.productId,
      brandId: c.brandId,
      rank: rankOf(c, words, marked(whole)),
    }))
    .sort(byRank);
  return new Matches([], { kind: 'listed', matches: Listed.of(matches) });
}

/**
 * Several words that are all index keys: the products posted under every word, each ranked at
 * its worst-matched word and improved where its text holds the whole term. A whole that is a
 * key (甲醇 of 甲 醇, a frequent phrase) has its own postings; another is looked for in the
 * stored texts of the matches.
 */
async function intersectWords(
  db: Db,
  words: readonly Word[],
  whole: string,
  wholePosted: boolean,
): Promise<Listed> {
  const wholePlan = planTerm(whole);
  const grams = words.map((w) => w.plan.text);
  const lists = await postingLists(db, wholePosted ? [...grams, whole] : grams);
  const found = intersect(lists.slice(0, words.length));
  const wholeList = lists[words.length];
  if (wholeList) improveBy(found, wholeList);
  else {
    // Only a text holding every word can hold the whole; a rank of 2 cannot get better.
    const improvable = [...found.ids].filter((_, i) => found.ranks[i]! > RANK.exact);
    const holders = new Map(
      (await repo.findHolding(db, improvable, wholePlan.marked)).map((d) => [
        d.productId,
        rankerOf(d)(wholePlan.marked),
      ]),
    );
    for (let i = 0; i < found.ids.length; i++) {
      const rank = holders.get(found.ids[i]!);
      if (rank !== undefined && rank < found.ranks[i]!) found.ranks[i] = rank;
    }
  }
  return Listed.byRank(found);
}
