import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { createDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { rebuildSearchIndex } from '../src/domains/search/index.ts';
import { BRANDS, CATEGORY_TREE, STORES, generateProducts } from './catalogue.ts';

const serverDir = path.resolve(import.meta.dirname, '..');

/** Hash of the files a cached artefact derives from: any change rebuilds it. */
function fingerprint(files: readonly string[], extra: string): string {
  const h = createHash('sha256').update(extra);
  for (const f of files) h.update(fs.readFileSync(path.join(serverDir, f)));
  return h.digest('hex').slice(0, 16);
}

// A changed migration needs a new database: an applied migration never runs again.
const CATALOGUE_SOURCES = [
  'bench/catalogue.ts',
  'bench/build-db.ts',
  ...fs
    .readdirSync(path.join(serverDir, 'src/db/migrations'))
    .sort()
    .map((f) => `src/db/migrations/${f}`),
];
// What decides the rows of a full re-index: the texts, documents and phrases, the indexer and
// its writes (search-index.repository.ts), and the structures it rebuilds. The query side
// (search.repository.ts, search.resolve.ts...) is not here: changing it must not cost a re-index,
// which takes 40 minutes at a million products.
const INDEX_SOURCES = [
  'src/domains/search/search.text.ts',
  'src/domains/search/search.document.ts',
  'src/domains/search/search.phrases.ts',
  'src/domains/search/search.indexer.ts',
  'src/domains/search/search-index.repository.ts',
  'src/domains/chemistry/chemistry.indexer.ts',
];
export const MARK_KEY = 'bench.catalogue';

/** What a bench database was built from: the generator and migrations, and the search code. */
export interface BenchMark {
  catalogue: string;
  index: string;
}

/** The mark a bench database of `count` products built from the current sources carries. */
export function wantedMark(count: number): BenchMark {
  return {
    catalogue: fingerprint(CATALOGUE_SOURCES, String(count)),
    index: fingerprint(INDEX_SOURCES, ''),
  };
}

function readMark(file: string): Partial<BenchMark> {
  const db = new SQLite(file, { readonly: true });
  try {
    const row = db.prepare('select value from settings where key = ?').get(MARK_KEY) as
      { value: string } | undefined;
    return row ? (JSON.parse(row.value) as Partial<BenchMark>) : {};
  } catch {
    return {};
  } finally {
    db.close();
  }
}

function writeMark(file: string, mark: BenchMark) {
  const db = new SQLite(file);
  db.prepare('insert or replace into settings (key, value) values (?, ?)').run(
    MARK_KEY,
    JSON.stringify(mark),
  );
  db.close();
}

/** Writes the catalogue with plain prepared statements: the app's code is not what is measured here. */
function insertCatalogue(file: string, count: number) {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const t = Date.UTC(2024, 0, 1);
  db.transaction(() => {
    const brand = db.prepare('insert into brands (name, sort) values (?, ?)');
    const brandIds = BRANDS.map((name, i) => Number(brand.run(name, i).lastInsertRowid));
    const store = db.prepare('insert into stores (name) values (?)');
    const storeIds = STORES.map((name) => Number(store.run(name).lastInsertRowid));
    const category = db.prepare(
      "insert into categories (pid, title, model, sort) values (?, ?, 'product', ?)",
    );
    const categoryIds = new Map<string, number>();
    CATEGORY_TREE.forEach(([title, children], i) => {
      const pid = Number(category.run(0, title, i).lastInsertRowid);
      categoryIds.set(title, pid);
      children.forEach((child, j) =>
        categoryIds.set(child, Number(category.run(pid, child, j).lastInsertRowid)),
      );
    });

    const product = db.prepare(`insert into products
      (category_id, brand_id, name, name_en, alias, synonyms, cas, number, temperature, purity,
       is_hot, is_new, sort, created_at, updated_at)
      values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)`);
    const material = db.prepare(
      'insert into materials (product_id, pack, price, user_price, sort) values (?, ?, ?, ?, ?)',
    );
    const stock = db.prepare(
      'insert into material_stocks (material_id, store_id, count) values (?, ?, ?)',
    );
    let i = 0;
    for (const p of generateProducts(count)) {
      i += 1;
      const created = t + i * 1000;
      const id = product.run(
        categoryIds.get(p.category) ?? null,
        brandIds[p.brand],
        p.name,
        p.nameEn,
        p.alias,
        p.synonyms,
        p.cas,
        p.number,
        p.temperature,
        p.purity,
        i % 997 === 0 ? 1 : 0,
        i % 991 === 0 ? 1 : 0,
        created,
        created,
      ).lastInsertRowid;
      p.materials.forEach((m, sort) => {
        const mid = material.run(id, m.pack, m.price, m.userPrice, sort).lastInsertRowid;
        for (const [s, n] of m.stocks) stock.run(mid, storeIds[s], n);
      });
    }
  })();
  db.close();
}

export interface BenchDatabase {
  file: string;
  /** What was (re)built this run, for the report. */
  built: string;
}

/**
 * The benchmark catalogue of `count` products in `<dir>/catalogue-<count>.sqlite`, generated once
 * and kept between runs (one file per size, so the 200,000 and 1,000,000 catalogues live side by
 * side); the search index is rebuilt when the search code changed, everything when the generator
 * changed. With `index: false` (a run that searches PostgreSQL only, which copies the products
 * alone) the SQLite index is left as it is, and marked stale if the catalogue was rebuilt: at a
 * million products it takes half an hour.
 */
export async function ensureBenchDatabase(
  dir: string,
  count: number,
  { index = true }: { index?: boolean } = {},
): Promise<BenchDatabase> {
  const file = path.join(dir, `catalogue-${count}.sqlite`);
  const want = wantedMark(count);
  const have = fs.existsSync(file) ? readMark(file) : {};
  const built: string[] = [];
  const rebuildCatalogue = have.catalogue !== want.catalogue;
  const rebuildIndex = index && (rebuildCatalogue || have.index !== want.index);

  if (rebuildCatalogue) {
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
  }
  const db = createDatabase({ databaseUrl: '', sqliteFile: file });
  try {
    await migrateToLatest(db);
    if (rebuildCatalogue) {
      const t0 = performance.now();
      insertCatalogue(file, count);
      built.push(`catalogue ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    }
    if (rebuildIndex) {
      const t0 = performance.now();
      await rebuildSearchIndex(db);
      built.push(`search index ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    }
  } finally {
    await db.destroy();
  }
  const indexMark = rebuildIndex ? want.index : rebuildCatalogue ? '' : (have.index ?? '');
  writeMark(file, { catalogue: want.catalogue, index: indexMark });
  const indexNote = indexMark === want.index ? '' : ', search index not built';
  return {
    file,
    built: (built.length > 0 ? `built ${built.join(', ')}` : 'cached') + indexNote,
  };
}
