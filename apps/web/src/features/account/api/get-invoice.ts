import { useQuery } from '@tanstack/react-query';
import type { Invoice } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

export const invoiceKey = ['user', 'invoice'] as const;

/** GET /client/v1/user/invoice. */
export function useInvoice() {
  return useQuery({
    queryKey: invoiceKey,
    queryFn: () => api.get<Invoice>('/client/v1/user/invoice'),
  });
}
