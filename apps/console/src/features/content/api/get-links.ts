import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { manageLinkSchema } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type LinkRow = z.infer<typeof manageLinkSchema>;

/** GET /manage/v1/links */
export function useLinks() {
  return useQuery({
    queryKey: queryKeys.links,
    queryFn: () => api.get<LinkRow[]>('/manage/v1/links'),
  });
}
