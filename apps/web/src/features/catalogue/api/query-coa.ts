import { useMutation } from '@tanstack/react-query';
import type { CoaBody, CoaRecord } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

/** Certificates of analysis for a product number and lot number. */
export function useCoaQuery() {
  return useMutation({
    mutationFn: (body: CoaBody) => api.post<CoaRecord[]>('/yifanglab-client/v1/coa', body),
  });
}
