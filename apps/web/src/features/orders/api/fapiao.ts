import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FapiaoRequest, FapiaoStatus } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { useSubmitMutation } from '@labshop/api-client/react';

const key = (id: number) => ['orders', 'fapiao', id] as const;

/** GET /client/v1/user/orders/{id}/fapiao/status */
export function useFapiaoStatus(id: number) {
  return useQuery({
    queryKey: key(id),
    queryFn: () => api.get<FapiaoStatus>(`/client/v1/user/orders/${id}/fapiao/status`),
    staleTime: 0,
  });
}

/** POST /client/v1/user/orders/{id}/fapiao/request: asks for a fapiao after the order. */
export function useRequestFapiao(id: number) {
  const qc = useQueryClient();
  return useSubmitMutation({
    mutationFn: () => api.post<FapiaoRequest>(`/client/v1/user/orders/${id}/fapiao/request`),
    onSuccess: () => qc.invalidateQueries({ queryKey: key(id) }),
  });
}
