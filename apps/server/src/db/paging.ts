import type { Expression, ExpressionBuilder, SelectQueryBuilder, SqlBool } from 'kysely';
import type { Paged } from '@labshop/shared';
import type { Database } from './schema.ts';
import { sortedBy, type ListOrder } from './sorting.ts';

/** Tables a member reads page by page, newest first, optionally within a creation time range. */
type Listed = 'orders' | 'balanceRecords' | 'customized';

export interface TimeRange {
  startTime?: number;
  endTime?: number;
}

export interface PageRequest {
  page: number;
  size: number;
}

/** Conditions keeping rows created within the range (both ends inclusive, either optional). */
export function createdWithin<T extends Listed>(
  eb: ExpressionBuilder<Database, T>,
  range: TimeRange,
): Expression<SqlBool>[] {
  // The cast only tells the compiler what every listed table has: an epoch-ms createdAt.
  const createdAt = eb.ref('createdAt').$castTo<number>();
  const conds: Expression<SqlBool>[] = [];
  if (range.startTime !== undefined) conds.push(eb(createdAt, '>=', range.startTime));
  if (range.endTime !== undefined) conds.push(eb(createdAt, '<=', range.endTime));
  return conds;
}

/** Newest first; the id breaks ties between rows of the same millisecond. */
export const NEWEST: ListOrder = { column: 'createdAt', desc: true, id: 'id' };

/**
 * One page of the query's rows in the given order (newest first unless the list's sort says
 * otherwise), and how many rows it has in all: two queries whatever the page.
 */
export async function selectPage<T extends Listed, O>(
  query: SelectQueryBuilder<Database, T, O>,
  page: PageRequest,
  order: ListOrder = NEWEST,
): Promise<Paged<O>> {
  const [records, count] = await Promise.all([
    sortedBy(query, order)
      .offset((page.page - 1) * page.size)
      .limit(page.size)
      .execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { records, current: page.page, size: page.size, total: Number(count.n) };
}
