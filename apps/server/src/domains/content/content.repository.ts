import { sql } from 'kysely';
import { contains } from '../../db/like.ts';
import type { Db } from '../../db/database.ts';

export function listLinks(db: Db, cid: string, size: number) {
  return db
    .selectFrom('links')
    .select(['id', 'title', 'img', 'url'])
    .where('cid', '=', cid)
    .where('published', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .limit(size)
    .execute();
}

export interface ContentFilter {
  cid?: number | null | undefined;
  model?: string | null | undefined;
  key?: string | null | undefined;
}

const itemColumns = [
  'id',
  'slug',
  'model',
  'title',
  'summary',
  'top',
  'attributes',
  'createdAt',
] as const;

export async function pageContents(db: Db, filter: ContentFilter, page: number, size: number) {
  let base = db.selectFrom('contents').where('published', '=', 1);
  if (filter.cid) base = base.where('cid', '=', filter.cid);
  if (filter.model) base = base.where('model', '=', filter.model);
  if (filter.key) {
    base = base.where(contains(sql.ref('title'), filter.key));
  }
  const [records, count] = await Promise.all([
    base
      .select(itemColumns)
      .orderBy('top', 'desc')
      .orderBy('sort')
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { records, total: Number(count.total) };
}

export function findContent(db: Db, by: { id: number } | { slug: string }) {
  const query = db
    .selectFrom('contents')
    .select([...itemColumns, 'info'])
    .where('published', '=', 1);
  return (
    'id' in by ? query.where('id', '=', by.id) : query.where('slug', '=', by.slug)
  ).executeTakeFirst();
}
