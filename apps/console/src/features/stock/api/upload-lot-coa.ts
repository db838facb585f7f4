import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * POST /manage/v1/stock/lots/{materialId}/{lotNumber}/coa: the certificate (PDF) of a received
 * lot, filed under the lot's item number, lot number and expiry. Refreshes the lots and the
 * certificate list.
 */
export function useUploadLotCoa() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (vars: { materialId: number; lotNumber: string; file: File }) => {
      const form = new FormData();
      form.append('file', vars.file);
      return api.upload<{ id: number }>(
        `/manage/v1/stock/lots/${vars.materialId}/${encodeURIComponent(vars.lotNumber)}/coa`,
        form,
      );
    },
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.coa }),
        client.invalidateQueries({ queryKey: queryKeys.lots }),
      ]),
  });
}
