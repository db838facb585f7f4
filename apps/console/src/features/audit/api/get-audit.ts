import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paged } from '@labshop/shared';
import type { AuditRecord } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /manage/v1/audit */
export function useAudit(params: Record<string, string | number | undefined>) {
  return useQuery({
    queryKey: queryKeys.audit(params),
    queryFn: () => api.get<Paged<AuditRecord>>('/manage/v1/audit', params),
    placeholderData: keepPreviousData,
  });
}
