import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import type { z } from 'zod';
import type { categoryInput } from '@labshop/shared/schemas';
import type { CategoryRow } from '@/hooks/use-reference-data';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type CategoryBody = z.input<typeof categoryInput>;

/** The fields a PUT needs, from a listed row (keeps what the form does not show, e.g. images). */
export const bodyOf = (row: CategoryRow): CategoryBody => ({
  pid: row.pid,
  title: row.title,
  url: row.url,
  model: row.model,
  summary: row.summary,
  images: row.images,
  sort: row.sort,
  isHot: row.isHot,
});

/** POST /manage/v1/categories (new) or PUT /manage/v1/categories/{id}. */
export function useSaveCategory() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (vars: { id: number | null; body: CategoryBody }) =>
      vars.id === null
        ? api.post<{ id: number }>('/manage/v1/categories', vars.body)
        : api.put<null>(`/manage/v1/categories/${vars.id}`, vars.body),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.categories }),
  });
}

/** Writes new sort values (moving a category up or down): a PUT of each whole category. */
export function useReorderCategories() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: async (rows: Array<{ row: CategoryRow; sort: number }>) => {
      for (const { row, sort } of rows) {
        if (row.sort !== sort) {
          await api.put<null>(`/manage/v1/categories/${row.id}`, { ...bodyOf(row), sort });
        }
      }
    },
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.categories }),
  });
}

/** DELETE /manage/v1/categories/{id} (the server refuses a category with children). */
export function useDeleteCategory() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (id: number) => api.delete<null>(`/manage/v1/categories/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.categories }),
  });
}
