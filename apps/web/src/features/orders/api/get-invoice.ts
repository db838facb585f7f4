import { useQuery } from '@tanstack/react-query';
import type { Invoice } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

/** The member's saved invoice details (type 3 with empty fields until saved). */
export function useInvoice() {
  return useQuery({
    queryKey: ['user', 'invoice'],
    queryFn: () => api.get<Invoice>('/client/v1/user/invoice'),
    staleTime: 0,
  });
}
