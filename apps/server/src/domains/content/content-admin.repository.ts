import type { Db } from '../../db/database.ts';
import type { NewRow, RowUpdate } from '../../db/schema.ts';
import { contains } from '../../db/like.ts';
import type { UniqueKey } from '../../db/unique.ts';
import { sql } from 'kysely';

const contentColumns = [
  'id',
  'cid',
  'model',
  'slug',
  'title',
  'summary',
  'top',
  'attributes',
  'sort',
  'published',
  'createdAt',
  'updatedAt',
] as const;

export async function pageContents(
  db: Db,
  f: { model?: string | undefined; key?: string | undefined },
  page: number,
  size: number,
) {
  let base = db.selectFrom('contents');
  if (f.model) base = base.where('model', '=', f.model);
  if (f.key) {
    base = base.where(contains(sql.ref('title'), f.key));
  }
  const [records, count] = await Promise.all([
    base
      .select(contentColumns)
      .orderBy('model')
      .orderBy('top', 'desc')
      .orderBy('sort')
      .orderBy('id')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { records, total: Number(count.total) };
}

export function findContent(db: Db, id: number) {
  return db
    .selectFrom('contents')
    .select([...contentColumns, 'info'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function slugHolder(db: Db, slug: string) {
  const row = await db
    .selectFrom('contents')
    .select('id')
    .where('slug', '=', slug)
    .executeTakeFirst();
  return row?.id;
}

/** A page's address name (about, privacy...) belongs to one content. */
export const CONTENT_SLUG: UniqueKey = { table: 'contents', columns: ['slug'] };

export async function insertContent(db: Db, row: NewRow<'contents'>) {
  return (await db.insertInto('contents').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateContent(db: Db, id: number, set: RowUpdate<'contents'>) {
  await db.updateTable('contents').set(set).where('id', '=', id).execute();
}

export async function deleteContent(db: Db, id: number) {
  await db.deleteFrom('contents').where('id', '=', id).execute();
}

const linkColumns = ['id', 'cid', 'title', 'img', 'url', 'sort', 'published'] as const;

export function listLinks(db: Db, cid: string | undefined) {
  let q = db.selectFrom('links').select(linkColumns);
  if (cid) q = q.where('cid', '=', cid);
  return q.orderBy('cid').orderBy('sort').orderBy('id').execute();
}

export function listLinkGroups(db: Db) {
  return db.selectFrom('links').select('cid').distinct().orderBy('cid').execute();
}

export function findLink(db: Db, id: number) {
  return db.selectFrom('links').select(linkColumns).where('id', '=', id).executeTakeFirst();
}

export async function insertLink(db: Db, row: NewRow<'links'>) {
  return (await db.insertInto('links').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateLink(db: Db, id: number, set: RowUpdate<'links'>) {
  await db.updateTable('links').set(set).where('id', '=', id).execute();
}

export async function deleteLink(db: Db, id: number) {
  await db.deleteFrom('links').where('id', '=', id).execute();
}

export function listSearchKeys(db: Db) {
  return db
    .selectFrom('searchKeys')
    .select(['id', 'keyword', 'sort'])
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export async function replaceSearchKeys(db: Db, keywords: readonly string[]) {
  await db.deleteFrom('searchKeys').execute();
  if (keywords.length === 0) return;
  await db
    .insertInto('searchKeys')
    .values(keywords.map((keyword, sort) => ({ keyword, sort })))
    .execute();
}
