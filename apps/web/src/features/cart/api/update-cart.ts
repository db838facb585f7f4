import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import type { CartUpdateType } from '@labshop/shared';
import { api } from '@/lib/api-client';

interface CartUpdate {
  materialId: number;
  quantity: number;
  type: (typeof CartUpdateType)[keyof typeof CartUpdateType];
}

/** PUT /client/v1/cart: type 1 adds to the line of the material, 2 sets its quantity. */
export function useUpdateCart() {
  const qc = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: CartUpdate) =>
      api.put<{ id: number; quantity: number }>('/client/v1/cart', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['cart'] }),
  });
}
