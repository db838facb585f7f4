import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { orgKeys } from './keys';

/** GET /client/v1/orgs/{id}/credit: whether the organization buys on 月结 (its credit). */
export function useOrgCreditEnabled(orgId: number | null): boolean {
  const credit = useQuery({
    queryKey: [...orgKeys.org(orgId ?? 0), 'credit'],
    queryFn: () => api.get<{ enabled: boolean }>(`/client/v1/orgs/${orgId}/credit`),
    enabled: orgId !== null,
  });
  return orgId !== null && credit.data?.enabled === true;
}
