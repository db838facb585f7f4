import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import { api } from '@/lib/api-client';

/** DELETE /client/v1/customized/{id}/cancel: cancels a pending request. */
export function useCancelCustomized() {
  const qc = useQueryClient();
  return useSubmitMutation({
    mutationFn: (id: number) => api.delete<null>(`/client/v1/customized/${id}/cancel`),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['customized'] }),
  });
}
