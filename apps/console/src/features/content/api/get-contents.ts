import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Paged } from '@labshop/shared';
import type { manageContentSchema } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type ContentRow = z.infer<typeof manageContentSchema>;

/** GET /manage/v1/contents */
export function useContents(params: Record<string, string | number | undefined>) {
  return useQuery({
    queryKey: queryKeys.contentList(params),
    queryFn: () => api.get<Paged<ContentRow>>('/manage/v1/contents', params),
    placeholderData: keepPreviousData,
  });
}
