import { useQuery } from '@tanstack/react-query';
import { BANNER_LINK_GROUP, UI } from '@labshop/shared';
import type { Link } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

/** Home banners: the links of the banner link group. */
export function useBanners() {
  return useQuery({
    queryKey: ['links', BANNER_LINK_GROUP],
    queryFn: () =>
      api.get<Link[]>('/client/v1/links', {
        params: { cid: BANNER_LINK_GROUP, size: UI.bannerLinkSize },
      }),
    staleTime: 10 * 60_000,
  });
}
