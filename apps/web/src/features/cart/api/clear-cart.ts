import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import { api } from '@/lib/api-client';

/** DELETE /client/v1/cart/all: empties the cart. */
export function useClearCart() {
  const qc = useQueryClient();
  return useSubmitMutation({
    mutationFn: () => api.delete<null>('/client/v1/cart/all'),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['cart'] }),
  });
}
