import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { expiringLotsSchema } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type ExpiringLots = z.infer<typeof expiringLotsSchema>;

/**
 * GET /manage/v1/stock/lots/expiring: per warehouse, the lots expired and expiring within 30 and
 * 90 days (the 效期预警 card, shown only to staff with the stock permission).
 */
export function useExpiringLots() {
  return useQuery({
    queryKey: queryKeys.expiringLots,
    queryFn: () => api.get<ExpiringLots>('/manage/v1/stock/lots/expiring'),
    refetchInterval: 60_000,
  });
}
