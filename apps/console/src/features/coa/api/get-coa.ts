import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Paged } from '@labshop/shared';
import type { manageCoaSchema } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type CoaRow = z.infer<typeof manageCoaSchema>;

/** GET /manage/v1/coa */
export function useCoaList(params: Record<string, string | number | undefined>) {
  return useQuery({
    queryKey: queryKeys.coaList(params),
    queryFn: () => api.get<Paged<CoaRow>>('/manage/v1/coa', params),
    placeholderData: keepPreviousData,
  });
}
