import { useQuery } from '@tanstack/react-query';
import type { ContentDetail } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

/**
 * One article, literature item or page by numeric id or slug (about, privacy-policy, ...).
 * Silent: a missing page shows 暂无数据 in place instead of an error toast.
 */
export function useContent(idOrSlug: string | undefined) {
  return useQuery({
    queryKey: ['contents', 'detail', idOrSlug],
    queryFn: () =>
      api.get<ContentDetail>(`/client/v1/contents/${encodeURIComponent(idOrSlug ?? '')}`, {
        silent: true,
      }),
    enabled: Boolean(idOrSlug),
    staleTime: 5 * 60_000,
  });
}
