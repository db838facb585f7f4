import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import type { ExplosiveReportRow } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /manage/v1/compliance/explosive-report: shipped 易制爆 lines not yet reported. */
export function useExplosiveReport() {
  return useQuery({
    queryKey: queryKeys.explosiveReport,
    queryFn: () =>
      api.get<ExplosiveReportRow[]>('/manage/v1/compliance/explosive-report', { format: 'json' }),
  });
}

/** POST /manage/v1/compliance/explosive-report: the lines reported to the public security bureau. */
export function useMarkReported() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (lineIds: number[]) =>
      api.post<{ reported: number }>('/manage/v1/compliance/explosive-report', { lineIds }),
    // The list and the dashboard's figures (and the menu's badge) change with it.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.explosiveReport }),
        client.invalidateQueries({ queryKey: queryKeys.dashboard }),
      ]),
  });
}
