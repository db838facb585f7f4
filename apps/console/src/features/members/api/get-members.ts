import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paged } from '@labshop/shared';
import type { MemberRecord } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /manage/v1/members */
export function useMembers(params: Record<string, string | number | undefined>) {
  return useQuery({
    queryKey: queryKeys.memberList(params),
    queryFn: () => api.get<Paged<MemberRecord>>('/manage/v1/members', params),
    placeholderData: keepPreviousData,
  });
}
