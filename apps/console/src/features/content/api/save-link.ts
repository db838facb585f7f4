import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface LinkBody {
  cid: string;
  title: string;
  img: string;
  url: string;
  sort: number;
  published: boolean;
}

/** POST /manage/v1/links (new) or PUT /manage/v1/links/{id}. */
export function useSaveLink() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (vars: { id: number | null; body: LinkBody }) =>
      vars.id === null
        ? api.post<{ id: number }>('/manage/v1/links', vars.body)
        : api.put<null>(`/manage/v1/links/${vars.id}`, vars.body),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.links }),
  });
}
