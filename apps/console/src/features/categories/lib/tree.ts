import type { CategoryRow } from '../api/categories';

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
 * Sibling order after moving `row` one step up (-1) or down (+1): every sibling gets its position
 * times ten, so equal sort values left by older data cannot keep two categories tied.
 */
export function reorder(
  rows: readonly CategoryRow[],
  row: CategoryRow,
  step: -1 | 1,
): Array<{ row: CategoryRow; sort: number }> {
  const siblings = rows.filter((c) => c.pid === row.pid).sort(bySortThenId);
  const at = siblings.findIndex((c) => c.id === row.id);
  const to = at + step;
  if (at < 0 || to < 0 || to >= siblings.length) return [];
  const moved = [...siblings];
  [moved[at], moved[to]] = [moved[to]!, moved[at]!];
  return moved.map((c, i) => ({ row: c, sort: (i + 1) * 10 }));
}
