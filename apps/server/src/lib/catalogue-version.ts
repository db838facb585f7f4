import type { Db } from '../db/database.ts';
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
 * Call after every write to the catalogue or content (in or after its transaction): cached
 * anonymous answers of every instance stop being served.
 */
export function bumpCatalogueVersion(db: Db): Promise<number> {
  return catalogue.bump(db);
}
