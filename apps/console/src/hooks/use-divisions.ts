import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/**
 * The storefront's division file (/region/divisions.json: six-digit code → Chinese name of every
 * province, city and area), read once per console session for the city filter and for naming
 * an order's delivery region.
 */
export function useDivisions() {
  return useQuery({
    queryKey: queryKeys.divisions,
    queryFn: async () => {
      const res = await fetch('/region/divisions.json');
      if (!res.ok) throw new Error(`region data ${res.status}`);
      return (await res.json()) as Record<string, string>;
    },
    staleTime: Infinity,
  });
}
