import { useSubmitMutation } from '@/lib/mutation';
import type { CoaBody, CoaRecord } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

/** Certificates of analysis for a product number and lot number. */
export function useCoaQuery() {
  return useSubmitMutation({
    mutationFn: (body: CoaBody) => api.post<CoaRecord[]>('/yifanglab-client/v1/coa', body),
  });
}
