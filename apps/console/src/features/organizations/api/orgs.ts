import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paged } from '@labshop/shared';
import type { ManageOrg, ManageOrgDetail } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /manage/v1/orgs */
export function useStaffOrgs(params: Record<string, string | number | undefined>) {
  return useQuery({
    queryKey: queryKeys.staffOrgList(params),
    queryFn: () => api.get<Paged<ManageOrg>>('/manage/v1/orgs', params),
    placeholderData: keepPreviousData,
  });
}

/** GET /manage/v1/orgs/{id} */
export function useStaffOrg(id: number) {
  return useQuery({
    queryKey: queryKeys.staffOrg(id),
    queryFn: () => api.get<ManageOrgDetail>(`/manage/v1/orgs/${id}`),
  });
}
