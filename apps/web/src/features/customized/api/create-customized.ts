import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import type { z } from 'zod';
import type { customizedBody } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

export type CustomizedInput = z.input<typeof customizedBody>;

/** POST /client/v1/customized: answers the new request's id. */
export function useCreateCustomized() {
  const qc = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: CustomizedInput) => api.post<{ id: number }>('/client/v1/customized', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['customized'] }),
  });
}
