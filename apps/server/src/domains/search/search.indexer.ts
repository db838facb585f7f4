import type { Db } from '../../db/database.ts';
import type { NewRow } from '../../db/schema.ts';
import { indexStructures, rebuildStructures } from '../chemistry/index.ts';
import * as repo from './search-index.repository.ts';
import { bumpSearchIndexVersion } from './search.version.ts';
import { documentOf, phraseSourceOf, postingsOf, type SearchDoc } from './search.document.ts';
import { PhraseIndex, frequentPhrases } from './search.phrases.ts';

/**
 * Format of the stored index. Bump it whenever what documentOf or postingsOf derive from a
 * product changes: a start on a database indexed in an older format rebuilds the index.
 */
export const INDEX_VERSION = 4;

/** Products read and written per step of a rebuild or an update. */
const BATCH = 500;
/**
 * A phrase found in this many products becomes a key of its own. Terms that are not keys are
 * verified against the text of the products posted under their rarest key: common long terms
 * (溶液标准物质, in methanol) would verify tens of thousands; a rarer term usually has a rarer part.
 */
const PHRASE_MIN_PRODUCTS = 200;
/** Products the frequent phrases are counted on (a sample of large catalogues). */
const PHRASE_SAMPLE = 20_000;
/** Longest phrase, in tokens (Han characters and words). */
const PHRASE_MAX_TOKENS = 8;
/** Category nesting followed upwards; guards against a cycle in bad data. */
const CATEGORY_DEPTH_MAX = 10;

type Category = Awaited<ReturnType<typeof repo.listCategories>>[number];

/** Titles of each category and its ancestors, by category id. */
function categoryTitles(categories: readonly Category[]): Map<number, string[]> {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const titles = new Map<number, string[]>();
  for (const c of categories) {
    const chain: string[] = [];
    let at: Category | undefined = c;
    for (let depth = 0; at && depth < CATEGORY_DEPTH_MAX; depth++) {
      chain.push(at.title);
      at = byId.get(at.pid);
    }
    titles.set(c.id, chain);
  }
  return titles;
}

function docOf(source: repo.ProductSource, titles: Map<number, string[]>): SearchDoc {
  return documentOf({
    ...source,
    categoryTitles: source.categoryId === null ? [] : (titles.get(source.categoryId) ?? []),
  });
}

const postingRows = (productId: number, doc: SearchDoc, phrases: PhraseIndex) =>
  postingsOf(doc, phrases).map((p) => ({ ...p, brandId: doc.brandId, productId }));

/**
 * Runs `work` in the caller's transaction when there is one (a catalogue write indexes what it
 * changed before it commits, so the index never disagrees with the products), else in its own.
 */
function inTransaction(db: Db, work: (trx: Db) => Promise<void>): Promise<void> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

const STAT_KEY_SEPARATOR = '\u0000';
const statKey = (gram: string, brandId: number) => `${gram}${STAT_KEY_SEPARATOR}${brandId}`;

/**
 * Rebuilds the whole search index from the products, brands and categories tables. Call it after
 * loading a catalogue and after changing categories: their titles, and the phrases frequent in
 * the catalogue at this moment, are indexed as whole keys.
 */
export async function rebuildSearchIndex(db: Db): Promise<void> {
  // Outside the rebuild's transaction where it can be: the analyze's lock is then held briefly.
  await repo.refreshProductStatistics(db);
  await inTransaction(db, async (trx) => {
    await repo.clearIndex(trx);
    const categories = await repo.listCategories(trx);
    const titles = categoryTitles(categories);
    const total = await repo.countProducts(trx);
    const every = Math.max(1, Math.ceil(total / PHRASE_SAMPLE));
    const sample: string[] = [];

    for (let after = 0, seen = 0; ;) {
      const sources = await repo.listProductSources(trx, after, BATCH);
      const last = sources.at(-1);
      if (!last) break;
      const docs = sources.map((source) => ({ productId: source.id, ...docOf(source, titles) }));
      for (const d of docs) if (seen++ % every === 0) sample.push(phraseSourceOf(d.bodyText));
      await repo.insertDocs(trx, docs);
      after = last.id;
    }

    const mined =
      total >= PHRASE_MIN_PRODUCTS
        ? frequentPhrases(sample, Math.ceil(PHRASE_MIN_PRODUCTS / every), PHRASE_MAX_TOKENS)
        : [];
    const phrases = new PhraseIndex([...categories.map((c) => c.title), ...mined]);
    await repo.insertPhrases(trx, [...phrases.keys()]);

    await repo.createStaging(trx);
    const hits = new Map<string, number>();
    for (let after = 0; ;) {
      const docs = await repo.listDocs(trx, after, BATCH);
      const last = docs.at(-1);
      if (!last) break;
      const values: Array<string | number> = [];
      for (const { productId, ...doc } of docs) {
        for (const p of postingsOf(doc, phrases)) {
          values.push(p.gram, p.rank, productId, doc.brandId);
          const key = statKey(p.gram, doc.brandId);
          hits.set(key, (hits.get(key) ?? 0) + 1);
        }
      }
      await repo.insertStaging(trx, values);
      after = last.productId;
    }
    await repo.moveStagingIntoGrams(trx);
    const stats: Array<string | number> = [];
    for (const [key, n] of hits) {
      const [gram = '', brandId = ''] = key.split(STAT_KEY_SEPARATOR);
      stats.push(gram, Number(brandId), n);
    }
    await repo.insertStats(trx, stats);
    await rebuildStructures(trx);
    await repo.saveIndexVersion(trx, INDEX_VERSION);
    await bumpSearchIndexVersion(trx);
  });
}

/**
 * Rebuilds the index on start when it is empty while products are on sale, was written in
 * another format, or does not hold exactly the products on sale (a database changed by hand or
 * restored from a backup). Answers whether it rebuilt.
 */
export async function ensureSearchIndex(db: Db): Promise<boolean> {
  const [version, docs, products] = await Promise.all([
    repo.findIndexVersion(db),
    repo.countDocs(db),
    repo.countProducts(db),
  ]);
  const current = docs === products && (version === INDEX_VERSION || products === 0);
  if (current) return false;
  await rebuildSearchIndex(db);
  return true;
}

const rowKey = (r: NewRow<'searchGrams'>) =>
  `${r.productId}\u0000${r.gram}\u0000${r.brandId}\u0000${r.rank}`;

/**
 * Brings the index up to date for the given products after they were inserted, changed or
 * deleted, touching only their postings and structure rows; products off sale leave the index.
 * Category titles are read now; the category phrases (whole-title keys) come from the last full
 * rebuild.
 */
export async function indexProducts(db: Db, productIds: readonly number[]): Promise<void> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return;
  await inTransaction(db, async (trx) => {
    const titles = categoryTitles(await repo.listCategories(trx));
    const phrases = new PhraseIndex(await repo.listPhrases(trx));

    for (let i = 0; i < ids.length; i += BATCH) {
      const part = ids.slice(i, i + BATCH);
      const [sources, oldDocs] = await Promise.all([
        repo.findProductSources(trx, part),
        repo.findDocs(trx, part),
      ]);

      const before = new Map<string, NewRow<'searchGrams'>>();
      for (const { productId, ...doc } of oldDocs) {
        for (const r of postingRows(productId, doc, phrases)) before.set(rowKey(r), r);
      }
      const after = new Map<string, NewRow<'searchGrams'>>();
      const docs: Array<NewRow<'searchDocs'>> = [];
      for (const source of sources) {
        const doc = docOf(source, titles);
        docs.push({ productId: source.id, ...doc });
        for (const r of postingRows(source.id, doc, phrases)) after.set(rowKey(r), r);
      }

      const removed = [...before].filter(([k]) => !after.has(k)).map(([, r]) => r);
      const added = [...after].filter(([k]) => !before.has(k)).map(([, r]) => r);
      const deltas = new Map<string, NewRow<'searchGramStats'>>();
      const count = (r: NewRow<'searchGrams'>, by: number) => {
        const k = statKey(r.gram, r.brandId);
        const d = deltas.get(k) ?? { gram: r.gram, brandId: r.brandId, hits: 0 };
        d.hits += by;
        deltas.set(k, d);
      };
      for (const r of removed) count(r, -1);
      for (const r of added) count(r, 1);

      await repo.deleteDocs(trx, part);
      await repo.insertDocs(trx, docs);
      await repo.deleteGrams(trx, removed);
      await repo.insertGrams(trx, added);
      await repo.applyStatDeltas(
        trx,
        [...deltas.values()].filter((d) => d.hits !== 0),
      );
      await indexStructures(trx, part);
    }
    await bumpSearchIndexVersion(trx);
  });
}
