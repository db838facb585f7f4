import { sql, type SelectQueryBuilder } from 'kysely';
import { parseSort, type SortValue } from '@labshop/shared/schemas';

/** How a list is ordered: a column (qualified where the query joins), its direction, the id. */
export interface ListOrder {
  column: string;
  desc: boolean;
  /** The id column that breaks ties, in the same direction, so paging never skips a row. */
  id: string;
  /** Rows without a value come last either way (SQLite and PostgreSQL disagree by default). */
  nullable?: boolean;
}

/**
 * The order of a list's `sort` parameter, its field looked up in the list's own column table
 * (so only a whitelisted column name reaches SQL), or the list's default when there is none.
 */
export function listOrder<F extends string>(
  sort: SortValue<F> | undefined,
  columns: Record<F, Omit<ListOrder, 'desc' | 'id'>>,
  id: string,
  fallback: ListOrder,
): ListOrder {
  if (sort === undefined) return fallback;
  const { field, desc } = parseSort(sort);
  return { ...columns[field], desc, id };
}

/** Orders the query as the list says, ties by id the same way (docs/console.md, "Lists"). */
export function sortedBy<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  order: ListOrder,
): SelectQueryBuilder<DB, TB, O> {
  const sorted = query.orderBy(sql.ref(order.column), (ob) => {
    const way = order.desc ? ob.desc() : ob.asc();
    return order.nullable ? way.nullsLast() : way;
  });
  return order.column === order.id
    ? sorted
    : sorted.orderBy(sql.ref(order.id), order.desc ? 'desc' : 'asc');
}
