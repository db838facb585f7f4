import type { CoaBody, CoaRecord } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { useSubmitMutation } from '@labshop/api-client/react';

/**
 * POST /yifanglab-client/v1/coa: certificates of analysis for a product number and lot number,
 * with signed download links (docs/api.md); used by the product page and /certificate.
 */
export function useLookupCoa() {
  return useSubmitMutation({
    mutationFn: (body: CoaBody) => api.post<CoaRecord[]>('/yifanglab-client/v1/coa', body),
  });
}
