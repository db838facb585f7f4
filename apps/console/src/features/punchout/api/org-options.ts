import { useQuery } from '@tanstack/react-query';
import type { Paged } from '@labshop/shared';
import type { ManageOrg } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /manage/v1/orgs?keyword=: the organizations a connection may shop for. */
export function useOrgOptions(keyword: string) {
  return useQuery({
    queryKey: queryKeys.orgOptions(keyword),
    queryFn: () => api.get<Paged<ManageOrg>>('/manage/v1/orgs', { keyword, size: 50 }),
  });
}
