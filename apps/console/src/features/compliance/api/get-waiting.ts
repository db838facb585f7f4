import { useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * What waits for compliance staff, from GET /manage/v1/dashboard (the start page's figures, the
 * same query, so the menu and the start page never disagree).
 */
export function useComplianceWaiting() {
  return useQuery({
    queryKey: queryKeys.dashboard,
    queryFn: () => api.get<Dashboard>('/manage/v1/dashboard', undefined, { silent: true }),
    refetchInterval: 60_000,
    select: (d) => ({
      documents: d.pendingQualifications,
      explosive: d.explosiveReportsDue,
      overdue: d.explosiveReportsOverdue,
    }),
  });
}
