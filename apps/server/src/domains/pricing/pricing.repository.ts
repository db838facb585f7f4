import type { Paged } from '@labshop/shared';
import type { Db } from '../../db/database.ts';
import type { PageRequest } from '../../db/paging.ts';
import type { Row } from '../../db/schema.ts';

/** Rows per insert statement: five values a line stays far below either engine's limit. */
const LINES_PER_INSERT = 500;

export interface ListFields {
  name: string;
  validFrom: number;
  validUntil: number;
}

export interface LineFields {
  materialId: number;
  price: number;
  minQuantity: number;
}

export async function insertList(
  db: Db,
  list: ListFields & { createdBy: number; at: number },
): Promise<number> {
  const row = await db
    .insertInto('priceLists')
    .values({
      name: list.name,
      validFrom: list.validFrom,
      validUntil: list.validUntil,
      createdBy: list.createdBy,
      createdAt: list.at,
      updatedAt: list.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Updates the list's own row; the first write of an edit, so two edits of one list take turns
 * (the row stays locked until the transaction ends).
 */
export async function updateList(db: Db, id: number, list: ListFields & { at: number }) {
  await db
    .updateTable('priceLists')
    .set({
      name: list.name,
      validFrom: list.validFrom,
      validUntil: list.validUntil,
      updatedAt: list.at,
    })
    .where('id', '=', id)
    .execute();
}

/** Replaces the list's organizations and lines with the given ones. */
export async function replaceContents(
  db: Db,
  listId: number,
  orgIds: readonly number[],
  lines: readonly LineFields[],
): Promise<void> {
  await db.deleteFrom('priceListOrgs').where('listId', '=', listId).execute();
  await db.deleteFrom('priceListLines').where('listId', '=', listId).execute();
  await db
    .insertInto('priceListOrgs')
    .values(orgIds.map((orgId) => ({ listId, orgId })))
    .execute();
  for (let i = 0; i < lines.length; i += LINES_PER_INSERT) {
    await db
      .insertInto('priceListLines')
      .values(lines.slice(i, i + LINES_PER_INSERT).map((l) => ({ listId, ...l })))
      .execute();
  }
}

export async function findList(db: Db, id: number): Promise<Row<'priceLists'> | undefined> {
  return db.selectFrom('priceLists').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The lists, newest first; `orgId` keeps those that apply to it. */
export async function listPage(
  db: Db,
  filter: { keyword: string; orgId?: number | undefined },
  page: PageRequest,
): Promise<Paged<Row<'priceLists'>>> {
  let q = db.selectFrom('priceLists as l');
  if (filter.keyword !== '') q = q.where('l.name', 'like', `%${filter.keyword}%`);
  if (filter.orgId !== undefined) {
    const orgId = filter.orgId;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('priceListOrgs as o')
          .select('o.listId')
          .whereRef('o.listId', '=', 'l.id')
          .where('o.orgId', '=', orgId),
      ),
    );
  }
  const [records, count] = await Promise.all([
    q
      .selectAll('l')
      .orderBy('l.id', 'desc')
      .offset((page.page - 1) * page.size)
      .limit(page.size)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { records, current: page.page, size: page.size, total: Number(count.n) };
}

/** The organizations of the given lists, with their names. */
export async function orgsOfLists(db: Db, listIds: readonly number[]) {
  if (listIds.length === 0) return [];
  return db
    .selectFrom('priceListOrgs as lo')
    .innerJoin('organizations as o', 'o.id', 'lo.orgId')
    .select(['lo.listId', 'o.id', 'o.name'])
    .where('lo.listId', 'in', listIds)
    .orderBy('o.id')
    .execute();
}

/** How many lines each of the lists holds. */
export async function lineCounts(db: Db, listIds: readonly number[]): Promise<Map<number, number>> {
  if (listIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('priceListLines')
    .select((eb) => ['listId', eb.fn.countAll<number>().as('n')])
    .where('listId', 'in', listIds)
    .groupBy('listId')
    .execute();
  return new Map(rows.map((r) => [r.listId, Number(r.n)]));
}

/** The list's lines with their pack (货号, name, 规格), by pack and tier. */
export async function linesOfList(db: Db, listId: number) {
  return db
    .selectFrom('priceListLines as l')
    .innerJoin('materials as m', 'm.id', 'l.materialId')
    .innerJoin('products as p', 'p.id', 'm.productId')
    .select(['l.materialId', 'l.price', 'l.minQuantity', 'p.number', 'p.name', 'm.pack'])
    .where('l.listId', '=', listId)
    .orderBy('l.materialId')
    .orderBy('l.minQuantity')
    .execute();
}

/** Which of the ids name a pack, and which an organization. */
export async function existingPacks(db: Db, ids: readonly number[]): Promise<Set<number>> {
  const rows = await db.selectFrom('materials').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

export async function existingOrgs(db: Db, ids: readonly number[]): Promise<Set<number>> {
  const rows = await db.selectFrom('organizations').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

/** The tiers of the organization's lists in force at `at` for the given packs. */
export async function tiersOf(db: Db, orgId: number, materialIds: readonly number[], at: number) {
  if (materialIds.length === 0) return [];
  return db
    .selectFrom('priceListLines as t')
    .innerJoin('priceLists as l', 'l.id', 't.listId')
    .innerJoin('priceListOrgs as o', 'o.listId', 'l.id')
    .select(['t.listId', 't.materialId', 't.price', 't.minQuantity', 'l.validFrom', 'l.validUntil'])
    .where('o.orgId', '=', orgId)
    .where('t.materialId', 'in', materialIds)
    .where('l.validFrom', '<=', at)
    .where('l.validUntil', '>=', at)
    .execute();
}
