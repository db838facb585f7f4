import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paged } from '@labshop/shared';
import type { FapiaoRequest } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type FapiaoRequestRow = FapiaoRequest & { number: string };

/** GET /manage/v1/fapiao-requests */
export function useFapiaoRequests(filters: Record<string, string | number | undefined>) {
  return useQuery({
    queryKey: queryKeys.fapiaoRequests(filters),
    queryFn: () => api.get<Paged<FapiaoRequestRow>>('/manage/v1/fapiao-requests', filters),
    placeholderData: keepPreviousData,
  });
}
