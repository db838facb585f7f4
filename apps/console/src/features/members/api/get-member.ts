import { useQuery } from '@tanstack/react-query';
import type { MemberDetail } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

export const memberKey = (id: number) => ['member', id] as const;

/** GET /manage/v1/members/{id} */
export function useMember(id: number) {
  return useQuery({
    queryKey: memberKey(id),
    queryFn: () => api.get<MemberDetail>(`/manage/v1/members/${id}`),
  });
}
