import type { CategoryRow } from '@/hooks/use-reference-data';

export interface CategoryTreeRow extends CategoryRow {
  children?: CategoryTreeRow[];
}

/** Catalogue order, as the storefront shows it: sort, then id. */
export const bySortThenId = (a: CategoryRow, b: CategoryRow) => a.sort - b.sort || a.id - b.id;

/** The flat list as nested rows for a tree table (leaves without `children`, so no expander). */
export function buildTree(rows: readonly CategoryRow[], pid = 0, depth = 0): CategoryTreeRow[] {
  if (depth > 10) return [];
  return rows
    .filter((c) => c.pid === pid)
    .sort(bySortThenId)
    .map((c) => {
      const children = buildTree(rows, c.id, depth + 1);
      return children.length > 0 ? { ...c, children } : { ...c };
    });
}

/** The category and every category below it (none of which can become its parent). */
export function subtreeIds(rows: readonly CategoryRow[], id: number): Set<number> {
  const out = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const c of rows) {
      if (out.has(c.pid) && !out.has(c.id)) {
        out.add(c.id);
        grew = true;
      }
    }
  }
  return out;
}

export interface ParentOption {
  value: number;
  title: string;
  disabled?: boolean;
  children: ParentOption[];
}

/** Choices of parent: 顶级分类 and the tree, with the category itself and its subtree disabled. */
export function parentOptions(rows: readonly CategoryRow[], self: number | null): ParentOption[] {
  const blocked = self === null ? new Set<number>() : subtreeIds(rows, self);
  const walk = (nodes: CategoryTreeRow[]): ParentOption[] =>
    nodes.map((n) => ({
      value: n.id,
      title: n.title,
      disabled: blocked.has(n.id),
      children: walk(n.children ?? []),
    }));
  return [{ value: 0, title: '顶级分类', children: walk(buildTree(rows)) }];
}

/**
 * New sort values after moving `row` one step up (-1) or down (+1) among its siblings: it swaps
 * places with its neighbour. When the two share a sort value (older data, or typed so), the
 * moved one steps one past the neighbour instead, which the id tie-break alone cannot do.
 */
export function reorder(
  rows: readonly CategoryRow[],
  row: CategoryRow,
  step: -1 | 1,
): Array<{ row: CategoryRow; sort: number }> {
  const siblings = rows.filter((c) => c.pid === row.pid).sort(bySortThenId);
  const at = siblings.findIndex((c) => c.id === row.id);
  const neighbour = siblings[at + step];
  if (at < 0 || !neighbour) return [];
  if (neighbour.sort === row.sort) return [{ row, sort: row.sort + step }];
  return [
    { row, sort: neighbour.sort },
    { row: neighbour, sort: row.sort },
  ];
}
