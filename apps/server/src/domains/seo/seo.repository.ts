import type { Db } from '../../db/database.ts';

/** Counts of what the sitemap lists. */
export async function countSitemapRows(db: Db) {
  const [products, contents] = await Promise.all([
    db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('contents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('model', 'in', ['literature', 'article'])
      .executeTakeFirstOrThrow(),
  ]);
  return { products: Number(products.n), contents: Number(contents.n) };
}

/** Literature and articles, in a stable order. */
export function listSitemapContents(db: Db) {
  return db
    .selectFrom('contents')
    .select(['id', 'slug', 'model', 'updatedAt'])
    .where('model', 'in', ['literature', 'article'])
    .orderBy('id')
    .execute();
}

/** One slice of all products by id (the sitemap files are consecutive slices). */
export function pageSitemapProducts(db: Db, offset: number, limit: number) {
  return db
    .selectFrom('products')
    .select(['id', 'updatedAt'])
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** Every navigation category (their urls are the category lists: searches and product lists). */
export function listCategoryLinks(db: Db) {
  return db
    .selectFrom('categories')
    .select(['id', 'title', 'url'])
    .orderBy('pid')
    .orderBy('sort')
    .orderBy('id')
    .execute();
}
