import { useQuery } from '@tanstack/react-query';
import type { ContentDetail } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

/**
 * GET /client/v1/contents/{idOrSlug}: one article, literature item or page (about,
 * privacy-policy, ...), shared by the content pages and the registration agreement. Silent: a
 * missing page shows 暂无数据 in place instead of an error toast.
 */
export function useContent(idOrSlug: string | undefined, { enabled = true } = {}) {
  return useQuery({
    queryKey: ['contents', 'detail', idOrSlug],
    queryFn: () =>
      api.get<ContentDetail>(`/client/v1/contents/${encodeURIComponent(idOrSlug ?? '')}`, {
        silent: true,
      }),
    enabled: enabled && Boolean(idOrSlug),
    staleTime: 5 * 60_000,
  });
}
