import type { Db } from '../db/database.ts';
import { chinaDayNumber, now } from './clock.ts';
import { versionCounter } from './version-counter.ts';

export { VERSION_TTL_MS } from './version-counter.ts';

/**
 * The catalogue version, which every catalogue or content write bumps (products, packs, prices,
 * stock, categories, links, articles, literature, settings shown to visitors). Cached anonymous
 * answers are valid for one version; other instances see a bump within `VERSION_TTL_MS`.
 */
const catalogue = versionCounter('catalogue.version');

/** The current catalogue version, read from the database at most once a second per process. */
export function catalogueVersion(db: Db): Promise<number> {
  return catalogue.read(db);
}

/**
 * The catalogue version of today (China): what the storefront shows of stock also turns on the
 * day, as lots expire at midnight without a write (docs/lots.md), so whatever keeps answers or
 * pages between requests keeps them for one version and one day.
 */
export async function catalogueDayVersion(db: Db): Promise<string> {
  // The day's number, not its date: every cached answer asks, and formatting a date costs more
  // than the rest of a hit (docs/performance.md, "The request pipeline").
  return `${await catalogueVersion(db)}@${chinaDayNumber(now())}`;
}

/**
 * Call after every write to the catalogue or content (in or after its transaction): cached
 * anonymous answers of every instance stop being served.
 */
export function bumpCatalogueVersion(db: Db): Promise<number> {
  return catalogue.bump(db);
}
