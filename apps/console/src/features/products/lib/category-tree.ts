import type { CategoryRow } from '@/hooks/use-reference-data';

export interface CategoryNode {
  value: number;
  title: string;
  children: CategoryNode[];
}

/** The flat category list as the tree the pickers show. */
export function categoryTree(rows: readonly CategoryRow[], pid = 0, depth = 0): CategoryNode[] {
  if (depth > 10) return [];
  return rows
    .filter((c) => c.pid === pid)
    .map((c) => ({ value: c.id, title: c.title, children: categoryTree(rows, c.id, depth + 1) }));
}
