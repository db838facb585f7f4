import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import type { Paged } from '@labshop/shared';
import type { ManageOrg, ManageOrgDetail } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The credit terms finance gives an organization (月结, docs/contract-prices-credit.md). */
export interface OrgCredit {
  limit: number;
  termDays: number;
  /** Credit orders not yet settled, not cancelled. */
  used?: number;
  overdue?: number;
}

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

/** GET /manage/v1/orgs/{id}/credit: null while the organization has no credit. */
export function useOrgCredit(id: number) {
  return useQuery({
    queryKey: queryKeys.orgCredit(id),
    queryFn: () => api.get<OrgCredit | null>(`/manage/v1/orgs/${id}/credit`),
  });
}

/** PUT /manage/v1/orgs/{id}/credit (finance). */
export function useSetCredit(id: number) {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (vars: { limit: number; termDays: number }) =>
      api.put<null>(`/manage/v1/orgs/${id}/credit`, vars),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.staffOrgs }),
  });
}
