import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { payMethodsSchema } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

type PayMethods = z.infer<typeof payMethodsSchema>;

/** GET /client/v1/payments/methods: pay types the shop can collect (gateways switched on). */
export function usePayMethods() {
  return useQuery({
    queryKey: ['payments', 'methods'],
    queryFn: () => api.get<PayMethods>('/client/v1/payments/methods'),
    staleTime: 5 * 60_000,
  });
}
