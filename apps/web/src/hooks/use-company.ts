import { useQuery } from '@tanstack/react-query';
import type { Company } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

/** Company info (name, tel, email, address), used by the footer and the about page. */
export function useCompany() {
  return useQuery({
    queryKey: ['system', 'company'],
    queryFn: () => api.get<Company>('/client/v1/system/company'),
    staleTime: 10 * 60_000,
  });
}
