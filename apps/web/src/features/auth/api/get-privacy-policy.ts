import { useQuery } from '@tanstack/react-query';
import type { ContentDetail } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

/** GET /client/v1/contents/privacy-policy: the registration agreement shown in a dialog. */
export function usePrivacyPolicy(enabled: boolean) {
  return useQuery({
    queryKey: ['contents', 'privacy-policy'],
    queryFn: () => api.get<ContentDetail>('/client/v1/contents/privacy-policy', { silent: true }),
    enabled,
    staleTime: 10 * 60_000,
  });
}
