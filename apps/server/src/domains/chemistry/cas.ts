/** CAS registry numbers: check digits, and the corrections of a mistyped one. */

const CAS_RE = /^(\d{2,7})-(\d{2})-(\d)$/;

function checkDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * (i + 1);
  return sum % 10;
}

/** True when `cas` has the CAS shape and its check digit matches (weighted digit sum mod 10). */
export function isValidCas(cas: string): boolean {
  const m = CAS_RE.exec(cas);
  return m !== null && checkDigit(`${m[1]}${m[2]}`) === Number(m[3]);
}

/** A CAS-shaped text whose check digit is wrong: a typo somewhere. */
export function isMistypedCas(text: string): boolean {
  return CAS_RE.test(text) && !isValidCas(text);
}

/**
 * Valid CAS numbers one changed digit or one swap of neighbouring digits away from `cas`, as
 * digit strings (the form the search index keeps). Empty for what is not CAS-shaped.
 */
export function casCorrections(cas: string): string[] {
  const m = CAS_RE.exec(cas);
  if (!m) return [];
  const digits = `${m[1]}${m[2]}${m[3]}`;
  const out = new Set<string>();
  const consider = (d: string) => {
    if (d !== digits && d[0] !== '0' && checkDigit(d.slice(0, -1)) === Number(d.slice(-1))) {
      out.add(d);
    }
  };
  for (let i = 0; i < digits.length; i++) {
    for (let v = 0; v <= 9; v++) {
      consider(`${digits.slice(0, i)}${v}${digits.slice(i + 1)}`);
    }
    if (i + 1 < digits.length) {
      consider(`${digits.slice(0, i)}${digits[i + 1]}${digits[i]}${digits.slice(i + 2)}`);
    }
  }
  return [...out];
}
