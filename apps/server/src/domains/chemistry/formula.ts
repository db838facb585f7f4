/**
 * Molecular formulas as element counts: the catalogue's formula texts (with adducts and hydrates
 * such as `C4H11N5·HCl` or `(C22H24N2O8·HCl)2·C2H6O·H2O`), Hill order, and the formulas buyers type
 * into the search box (`c9h8o4`, `H8C9O4`).
 */

export type ElementCounts = Map<string, number>;

/** Standard atomic weights (IUPAC 2021 abridged values), for every element a formula may hold. */
const ATOMIC_WEIGHT: Record<string, number> = {
  H: 1.008,
  He: 4.0026,
  Li: 6.94,
  Be: 9.0122,
  B: 10.81,
  C: 12.011,
  N: 14.007,
  O: 15.999,
  F: 18.998,
  Ne: 20.18,
  Na: 22.99,
  Mg: 24.305,
  Al: 26.982,
  Si: 28.085,
  P: 30.974,
  S: 32.06,
  Cl: 35.45,
  Ar: 39.95,
  K: 39.098,
  Ca: 40.078,
  Sc: 44.956,
  Ti: 47.867,
  V: 50.942,
  Cr: 51.996,
  Mn: 54.938,
  Fe: 55.845,
  Co: 58.933,
  Ni: 58.693,
  Cu: 63.546,
  Zn: 65.38,
  Ga: 69.723,
  Ge: 72.63,
  As: 74.922,
  Se: 78.971,
  Br: 79.904,
  Kr: 83.798,
  Rb: 85.468,
  Sr: 87.62,
  Y: 88.906,
  Zr: 91.224,
  Nb: 92.906,
  Mo: 95.95,
  Ru: 101.07,
  Rh: 102.91,
  Pd: 106.42,
  Ag: 107.87,
  Cd: 112.41,
  In: 114.82,
  Sn: 118.71,
  Sb: 121.76,
  Te: 127.6,
  I: 126.9,
  Xe: 131.29,
  Cs: 132.91,
  Ba: 137.33,
  La: 138.91,
  Ce: 140.12,
  Nd: 144.24,
  Sm: 150.36,
  Eu: 151.96,
  Gd: 157.25,
  Hf: 178.49,
  Ta: 180.95,
  W: 183.84,
  Re: 186.21,
  Os: 190.23,
  Ir: 192.22,
  Pt: 195.08,
  Au: 196.97,
  Hg: 200.59,
  Tl: 204.38,
  Pb: 207.2,
  Bi: 208.98,
  Th: 232.04,
  U: 238.03,
};

export const isElement = (symbol: string): boolean => symbol in ATOMIC_WEIGHT;

function add(into: ElementCounts, from: ElementCounts, times: number): void {
  for (const [el, n] of from) into.set(el, (into.get(el) ?? 0) + n * times);
}

/**
 * Element counts of a formula text with proper element case. Parts joined by `·` or `.` add up,
 * each with an optional leading multiplier; parentheses group. Throws on anything else.
 */
export function parseFormula(text: string): ElementCounts {
  const f = text.replace(/\s+/g, '').replace(/[•∙]/g, '·');
  let pos = 0;
  const count = (fallback: number): number => {
    const m = /^\d+/.exec(f.slice(pos));
    if (!m) return fallback;
    pos += m[0].length;
    return Number(m[0]);
  };
  const group = (): ElementCounts => {
    const total: ElementCounts = new Map();
    for (;;) {
      const times = count(1);
      add(total, term(), times);
      if (f[pos] !== '·' && f[pos] !== '.') return total;
      pos++;
    }
  };
  const term = (): ElementCounts => {
    const total: ElementCounts = new Map();
    let parts = 0;
    while (pos < f.length && f[pos] !== '·' && f[pos] !== '.' && f[pos] !== ')') {
      if (f[pos] === '(') {
        pos++;
        const inner = group();
        if (f[pos] !== ')') throw new Error(`unbalanced formula: ${text}`);
        pos++;
        add(total, inner, count(1));
      } else {
        const m = /^[A-Z][a-z]?/.exec(f.slice(pos));
        if (!m || !isElement(m[0])) throw new Error(`unknown element in formula: ${text}`);
        pos += m[0].length;
        total.set(m[0], (total.get(m[0]) ?? 0) + count(1));
      }
      parts++;
    }
    if (parts === 0) throw new Error(`empty formula part: ${text}`);
    return total;
  };
  const total = group();
  if (pos !== f.length) throw new Error(`unbalanced formula: ${text}`);
  return total;
}

/** Hill order: C first, then H, then the rest alphabetically; without carbon all alphabetically. */
export function hillFormula(counts: ElementCounts): string {
  const present = [...counts].filter(([, n]) => n > 0);
  const hasCarbon = present.some(([el]) => el === 'C');
  const order = (el: string) => (hasCarbon ? (el === 'C' ? 0 : el === 'H' ? 1 : 2) : 2);
  return present
    .sort(([a], [b]) => order(a) - order(b) || (a < b ? -1 : a > b ? 1 : 0))
    .map(([el, n]) => (n === 1 ? el : `${el}${n}`))
    .join('');
}

/** Average molecular weight of the counts, rounded to two decimals. */
export function formulaWeight(counts: ElementCounts): number {
  let total = 0;
  for (const [el, n] of counts) total += (ATOMIC_WEIGHT[el] ?? Number.NaN) * n;
  return Math.round(total * 100) / 100;
}

/**
 * Reads a formula typed by a buyer, with element symbols in any case and any order: `C9H8O4`,
 * `c9h8o4`, `H8C9O4`. A lower-case text is read with one-letter symbols where they make sense
 * (`co` is C and O, `cl` is Cl). Null when the text is not a formula: a formula has at least two
 * symbols or a count, and every count follows a symbol.
 */
export function parseQueryFormula(text: string): ElementCounts | null {
  const t = text.trim();
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(t) || !/\d/.test(t) || t.length > 60) return null;
  const mixed = /[A-Z]/.test(t) && /[a-z]/.test(t);
  const tokens = mixed ? readCased(t) : readAnyCase(t.toLowerCase(), 0);
  if (!tokens) return null;
  const counts: ElementCounts = new Map();
  for (const [el, n] of tokens) {
    // Item numbers such as YF11001 are letters and digits too; no formula has such a count.
    if (n > MAX_QUERY_COUNT) return null;
    counts.set(el, (counts.get(el) ?? 0) + n);
  }
  return counts.has('C') || counts.size > 1 ? counts : null;
}

type Token = [string, number];

const MAX_QUERY_COUNT = 500;

function readCased(t: string): Token[] | null {
  const out: Token[] = [];
  const re = /([A-Z][a-z]?)(\d*)/gy;
  let m: RegExpExecArray | null;
  let pos = 0;
  while ((m = re.exec(t)) && m[0]) {
    if (!m[1] || !isElement(m[1])) return null;
    out.push([m[1], m[2] ? Number(m[2]) : 1]);
    pos = re.lastIndex;
  }
  return pos === t.length ? out : null;
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function readAnyCase(t: string, pos: number): Token[] | null {
  if (pos === t.length) return [];
  for (const len of [1, 2]) {
    const symbol = cap(t.slice(pos, pos + len));
    if (symbol.length !== len || !/^[a-z]+$/.test(t.slice(pos, pos + len)) || !isElement(symbol)) {
      continue;
    }
    const digits = /^\d*/.exec(t.slice(pos + len))?.[0] ?? '';
    const rest = readAnyCase(t, pos + len + digits.length);
    if (rest) return [[symbol, digits ? Number(digits) : 1], ...rest];
  }
  return null;
}
