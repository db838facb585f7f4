/**
 * Small chemistry helpers for the demo catalogue: CAS check digits and molecular weights computed
 * from the formula, so a typo in the data shows up in tests instead of on a product page.
 */

const CAS_RE = /^(\d{2,7})-(\d{2})-(\d)$/;

/** True when `cas` has the CAS shape and its check digit matches (weighted digit sum mod 10). */
export function isValidCas(cas: string): boolean {
  const m = CAS_RE.exec(cas);
  if (!m) return false;
  const digits = `${m[1]}${m[2]}`;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    sum += Number(digits[digits.length - 1 - i]) * (i + 1);
  }
  return sum % 10 === Number(m[3]);
}

/** Standard atomic weights (IUPAC, abridged to what the catalogue uses). */
const ATOMIC_WEIGHT: Record<string, number> = {
  H: 1.008,
  Li: 6.94,
  B: 10.81,
  C: 12.011,
  N: 14.007,
  O: 15.999,
  F: 18.998,
  Na: 22.99,
  Mg: 24.305,
  Al: 26.982,
  Si: 28.085,
  P: 30.974,
  S: 32.06,
  Cl: 35.45,
  K: 39.098,
  Ca: 40.078,
  Cr: 51.996,
  Mn: 54.938,
  Fe: 55.845,
  Co: 58.933,
  Ni: 58.693,
  Cu: 63.546,
  Zn: 65.38,
  As: 74.922,
  Se: 78.971,
  Br: 79.904,
  Sr: 87.62,
  Mo: 95.95,
  Ag: 107.868,
  Cd: 112.414,
  Sn: 118.71,
  Sb: 121.76,
  I: 126.904,
  Ba: 137.327,
  Hg: 200.592,
  Tl: 204.38,
  Pb: 207.2,
};

/**
 * Molecular weight of a formula such as `C8H9NO2`, `(C22H24N2O8·HCl)2·C2H6O·H2O` or `Na2HPO4·12H2O`,
 * rounded to two decimals. Throws on an unknown element or malformed text.
 */
export function molecularWeight(formula: string): number {
  let pos = 0;
  const readCount = (fallback: number): number => {
    const m = /^\d+/.exec(formula.slice(pos));
    if (!m) return fallback;
    pos += m[0].length;
    return Number(m[0]);
  };
  // A group is terms joined by '·' (adducts, hydrates), each with an optional leading count.
  const group = (): number => {
    let total = 0;
    for (;;) {
      total += readCount(1) * term();
      if (formula[pos] !== '·') return total;
      pos++;
    }
  };
  const term = (): number => {
    let total = 0;
    let atoms = 0;
    while (pos < formula.length && formula[pos] !== '·' && formula[pos] !== ')') {
      if (formula[pos] === '(') {
        pos++;
        const inner = group();
        if (formula[pos] !== ')') throw new Error(`unbalanced formula: ${formula}`);
        pos++;
        total += inner * readCount(1);
      } else {
        const m = /^[A-Z][a-z]?/.exec(formula.slice(pos));
        const weight = m ? ATOMIC_WEIGHT[m[0]] : undefined;
        if (!m || weight === undefined) throw new Error(`unknown element in formula: ${formula}`);
        pos += m[0].length;
        total += weight * readCount(1);
      }
      atoms++;
    }
    if (atoms === 0) throw new Error(`empty term in formula: ${formula}`);
    return total;
  };
  const total = group();
  if (pos !== formula.length) throw new Error(`unbalanced formula: ${formula}`);
  return Math.round(total * 100) / 100;
}
