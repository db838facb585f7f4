/**
 * Deterministic pseudo-random numbers keyed by a string, so every seeded database (and every
 * browser test against it) sees the same prices, stock levels and pictures.
 */
export type Random = () => number;

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: small, fast and well distributed for demo data. */
export function randomFor(key: string): Random {
  let state = hash(key);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Integer in [min, max]. */
export const intBetween = (rnd: Random, min: number, max: number): number =>
  min + Math.floor(rnd() * (max - min + 1));
