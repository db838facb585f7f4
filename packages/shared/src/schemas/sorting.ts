import { z } from 'zod';

/** A list's sort: a field name, ascending, or `-` and the name, descending. */
export type SortValue<F extends string> = F | `-${F}`;

/**
 * The `sort` query parameter of a paged list (docs/console.md, "Lists"): only the named fields,
 * either way; anything else is refused with a Chinese message before it comes near a query.
 * Absent, the list keeps its own default order.
 */
export function sortParam<const F extends string>(fields: readonly [F, ...F[]]) {
  const values = fields.flatMap((f) => [f, `-${f}` as const]) as [SortValue<F>, ...SortValue<F>[]];
  return z.enum(values, { error: '排序方式有误' }).optional();
}

/** The field and direction of a sort value. */
export function parseSort<F extends string>(sort: SortValue<F>): { field: F; desc: boolean } {
  return sort.startsWith('-')
    ? { field: sort.slice(1) as F, desc: true }
    : { field: sort as F, desc: false };
}

/** Sort fields of the staff's lists. */
export const ORDER_SORTS = ['createTime', 'amount'] as const;
export const PRODUCT_SORTS = ['updateTime', 'number'] as const;
export const MEMBER_SORTS = ['createTime', 'balance'] as const;
