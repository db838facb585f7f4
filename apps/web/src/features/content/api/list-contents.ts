import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ContentList, ContentListBody } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

/** A page of contents of one model (literature list); the previous page stays while the next loads. */
export function useContents(body: ContentListBody) {
  return useQuery({
    queryKey: ['contents', 'list', body],
    queryFn: () => api.post<ContentList>('/client/v1/contents', body),
    placeholderData: keepPreviousData,
  });
}
