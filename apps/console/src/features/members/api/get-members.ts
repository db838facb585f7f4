import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paged } from '@labshop/shared';
import type { MemberRecord } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

/** GET /manage/v1/members */
export function useMembers(params: Record<string, string | number | undefined>) {
  return useQuery({
    queryKey: ['members', params],
    queryFn: () => api.get<Paged<MemberRecord>>('/manage/v1/members', params),
    placeholderData: keepPreviousData,
  });
}
