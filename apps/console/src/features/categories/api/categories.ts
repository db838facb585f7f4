import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import type { z } from 'zod';
import type { categoryInput, manageCategorySchema } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

export type CategoryRow = z.infer<typeof manageCategorySchema>;
export type CategoryBody = z.input<typeof categoryInput>;

/** GET /manage/v1/categories: the whole navigation tree as a flat list. */
export function useCategoryList() {
  return useQuery({
    queryKey: ['categories'],
    queryFn: () => api.get<CategoryRow[]>('/manage/v1/categories'),
  });
}

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
    onSettled: () => client.invalidateQueries({ queryKey: ['categories'] }),
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
    onSettled: () => client.invalidateQueries({ queryKey: ['categories'] }),
  });
}

/** DELETE /manage/v1/categories/{id} (the server refuses a category with children). */
export function useDeleteCategory() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (id: number) => api.delete<null>(`/manage/v1/categories/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: ['categories'] }),
  });
}
