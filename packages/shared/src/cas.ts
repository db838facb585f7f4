const CAS_RE = /^(\d{2,7})-(\d{2})-(\d)$/;

/**
 * True when `cas` has the CAS Registry Number shape and its check digit matches (the digits
 * weighted 1, 2, 3, ... from the right, summed, modulo 10). Used by the console form and by the
 * server on every catalogue write, so a typo is refused before it reaches the storefront.
 */
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
