import SQLite from 'better-sqlite3';
import { random, type Random } from './catalogue.ts';

/** The fixed mix: what shoppers type, drawn from products that exist. */
export const CLASSES = [
  '1-char Chinese',
  '2-char Chinese',
  '3+-char Chinese',
  'English',
  'CAS',
  'Item number',
  'Several words',
] as const;
export type TermClass = (typeof CLASSES)[number];

interface Row {
  name: string;
  nameEn: string;
  cas: string;
  number: string;
}

const HAN_RUN = /\p{Script=Han}+/gu;
const hanRuns = (s: string, min: number) =>
  [...s.matchAll(HAN_RUN)].map((m) => [...m[0]]).filter((r) => r.length >= min);

const toFullWidth = (s: string) =>
  s.replace(/[0-9A-Za-z-]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

function anyCase(rnd: Random, s: string): string {
  const r = rnd.int(3);
  return r === 0 ? s.toLowerCase() : r === 1 ? s.toUpperCase() : s;
}

/** A term of the class from one product, or null when the product has none of that kind. */
function termOf(cls: TermClass, p: Row, rnd: Random, categories: readonly string[]): string | null {
  switch (cls) {
    case '1-char Chinese': {
      const run = rnd.pick(hanRuns(p.name, 1));
      return run ? rnd.pick(run) : null;
    }
    case '2-char Chinese': {
      const run = hanRuns(p.name, 2)[0];
      if (!run) return null;
      const i = rnd.int(run.length - 1);
      return run.slice(i, i + 2).join('');
    }
    case '3+-char Chinese': {
      if (rnd.next() < 0.1) return rnd.pick(categories);
      const runs = hanRuns(p.name, 3);
      const run = runs.reduce<string[] | undefined>(
        (a, b) => (a && a.length >= b.length ? a : b),
        undefined,
      );
      if (!run) return null;
      if (rnd.next() < 0.5) return run.join('');
      const len = 3 + rnd.int(Math.min(4, run.length - 2));
      const i = rnd.int(run.length - len + 1);
      return run.slice(i, i + len).join('');
    }
    case 'English': {
      // A word of three or more letters, sometimes with the word after it, as written.
      const words = p.nameEn.split(/[\s,-]+/);
      const starts = words.flatMap((w, i) => (/^[A-Za-z]{3,}$/.test(w) ? [i] : []));
      if (starts.length === 0) return null;
      const i = rnd.pick(starts);
      const next = words[i + 1];
      const term = rnd.next() < 0.3 && next ? `${words[i]} ${next}` : words[i]!;
      return anyCase(rnd, term);
    }
    case 'CAS': {
      const r = rnd.next();
      if (r < 0.4) return p.cas;
      if (r < 0.7) return p.cas.replace(/-/g, '');
      if (r < 0.9) return toFullWidth(p.cas);
      return p.cas.replace('-', '');
    }
    case 'Item number':
      return anyCase(rnd, p.number);
    case 'Several words': {
      // A name with its CAS number or an English word of it, or a name typed apart (甲 醇).
      const run = rnd.pick(hanRuns(p.name, 2));
      if (!run) return null;
      const word = p.nameEn.split(/[\s,-]+/).find((w) => /^[A-Za-z]{3,}$/.test(w));
      const r = rnd.next();
      if (r < 0.4 && p.cas) return `${run.join('')} ${p.cas}`;
      if (r < 0.7 && word) return `${run.join('')} ${anyCase(rnd, word)}`;
      return `${run[0]} ${run.slice(1).join('')}`;
    }
  }
}

/**
 * `perClass` terms of every class (repeats allowed: common words are searched more often),
 * drawn from random products of the catalogue in
 * `file` (and, for long Chinese terms, now and then a category title: the home tiles search
 * those). Deterministic for a given catalogue.
 */
export function pickTerms(file: string, perClass: number): Map<TermClass, string[]> {
  const db = new SQLite(file, { readonly: true });
  try {
    const { max } = db.prepare('select max(id) as max from products').get() as { max: number };
    const byId = db.prepare(
      'select name, name_en as nameEn, cas, number from products where id = ?',
    );
    const categories = (
      db
        .prepare("select title from categories where title like '%标准品' and pid <> 0")
        .all() as Array<{
        title: string;
      }>
    ).map((c) => c.title);
    const rnd = random(7);
    const out = new Map<TermClass, string[]>();
    for (const cls of CLASSES) {
      const terms: string[] = [];
      for (let tries = 0; terms.length < perClass && tries < perClass * 50; tries++) {
        const row = byId.get(1 + rnd.int(max)) as Row | undefined;
        const term = row ? termOf(cls, row, rnd, categories) : null;
        if (term) terms.push(term);
      }
      out.set(cls, terms);
    }
    return out;
  } finally {
    db.close();
  }
}
