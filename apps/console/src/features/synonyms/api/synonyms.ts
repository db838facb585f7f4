import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import type { z } from 'zod';
import type { manageSynonymSchema } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type SynonymRow = z.infer<typeof manageSynonymSchema>;

const base = '/manage/v1/search-synonyms';

/** GET /manage/v1/search-synonyms */
export function useSynonymList() {
  return useQuery({
    queryKey: queryKeys.searchSynonyms,
    queryFn: () => api.get<SynonymRow[]>(base),
  });
}

/** POST (new, `from` null) or PUT /manage/v1/search-synonyms/{term}. */
export function useSaveSynonym() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (vars: { from: string | null; body: SynonymRow }) =>
      vars.from === null
        ? api.post<SynonymRow>(base, vars.body)
        : api.put<null>(`${base}/${encodeURIComponent(vars.from)}`, vars.body),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.searchSynonyms }),
  });
}

/** DELETE /manage/v1/search-synonyms/{term} */
export function useDeleteSynonym() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (term: string) => api.delete<null>(`${base}/${encodeURIComponent(term)}`),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.searchSynonyms }),
  });
}
