import type { SorterResult, SortOrder } from 'antd/es/table/interface';

/**
 * Server-side column sorting (the lists are paged, docs/console.md, "Lists"): a sortable
 * column's props, its arrow shown from the list's `sort` URL filter (`amount` ascending,
 * `-amount` descending, absent: the list's default order).
 */
export function sortColumn(
  sort: string | undefined,
  field: string,
): { key: string; sorter: true; sortOrder: SortOrder } {
  const sortOrder = sort === field ? 'ascend' : sort === `-${field}` ? 'descend' : null;
  return { key: field, sorter: true, sortOrder };
}

/** The `sort` filter of a table's sorter change: undefined when the sort was switched off. */
export function sortOf<T>(sorter: SorterResult<T> | SorterResult<T>[]): string | undefined {
  const s = Array.isArray(sorter) ? sorter[0] : sorter;
  if (!s?.order || s.columnKey === undefined) return undefined;
  return `${s.order === 'descend' ? '-' : ''}${String(s.columnKey)}`;
}
