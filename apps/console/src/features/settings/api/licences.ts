import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import type { Licences } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /manage/v1/settings/licences: the licence numbers the storefront footer shows. */
export function useLicences() {
  return useQuery({
    queryKey: queryKeys.licences,
    queryFn: () => api.get<Licences>('/manage/v1/settings/licences'),
  });
}

/** PUT /manage/v1/settings/licences */
export function useSaveLicences() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: Licences) => api.put<null>('/manage/v1/settings/licences', body),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.licences }),
  });
}
