import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { UI } from '@labshop/shared';
import type { ProductCard } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import type { Paged } from './paged';

export type ProductTag = 'hot' | 'new';

const fetchPart = (tag: ProductTag, page: number, size: number) =>
  api.post<Paged<ProductCard>>('/client/v1/products/part', { tag, page, size });

/** First products of a tag, for the home carousels. */
export function useProductPart(tag: ProductTag, size: number = UI.homeCarouselCount) {
  return useQuery({
    queryKey: ['products', 'part', tag, size],
    queryFn: () => fetchPart(tag, 1, size),
  });
}

/** Products of a tag page by page, for the infinite list; a short page is the last one. */
export function useInfiniteProductPart(tag: ProductTag) {
  const size = UI.productsPageSize;
  return useInfiniteQuery({
    queryKey: ['products', 'part', tag, 'infinite'],
    queryFn: ({ pageParam }) => fetchPart(tag, pageParam, size),
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastParam) =>
      last.records.length < size ? undefined : lastParam + 1,
  });
}
