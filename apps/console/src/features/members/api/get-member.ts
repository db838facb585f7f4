import { useQuery } from '@tanstack/react-query';
import type { MemberDetail } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /manage/v1/members/{id} */
export function useMember(id: number) {
  return useQuery({
    queryKey: queryKeys.member(id),
    queryFn: () => api.get<MemberDetail>(`/manage/v1/members/${id}`),
  });
}
