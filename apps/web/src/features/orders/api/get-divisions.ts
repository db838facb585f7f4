import { useQuery } from '@tanstack/react-query';

/** The shipped division list (code to Chinese name) of the region picker, loaded once. */
export function useDivisions(enabled: boolean) {
  return useQuery({
    queryKey: ['region', 'divisions'],
    queryFn: async () => {
      const res = await fetch(`${import.meta.env.BASE_URL}region/divisions.json`);
      if (!res.ok) throw new Error(`region data ${res.status}`);
      return (await res.json()) as Record<string, string>;
    },
    enabled,
    staleTime: Infinity,
  });
}
