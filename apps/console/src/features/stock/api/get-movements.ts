import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Paged } from '@labshop/shared';
import type { movementSchema } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type MovementRow = z.infer<typeof movementSchema>;

/** GET /manage/v1/stock/movements */
export function useMovements(params: Record<string, string | number | undefined>) {
  return useQuery({
    queryKey: queryKeys.movements(params),
    queryFn: () => api.get<Paged<MovementRow>>('/manage/v1/stock/movements', params),
  });
}
