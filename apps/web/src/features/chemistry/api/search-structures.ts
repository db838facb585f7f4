import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { UI } from '@labshop/shared';
import type { ProductCard } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { useIsLoggedIn } from '@/lib/session';

export type StructureMode = 'substructure' | 'similarity';

export interface StructureSearch {
  smiles: string;
  mode: StructureMode;
  threshold: number;
  page: number;
}

interface Paged<T> {
  records: T[];
  current: number;
  size: number;
  total: number;
}

/** Substructure or similarity hits, one page at a time; keyed by login state for member prices. */
export function useSearchStructures({ smiles, mode, threshold, page }: StructureSearch) {
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: ['products', 'structure', smiles, mode, threshold, page, loggedIn],
    queryFn: () =>
      api.post<Paged<ProductCard>>('/client/v1/products/structure', {
        smiles,
        mode,
        threshold: mode === 'similarity' ? threshold : undefined,
        page,
        size: UI.searchPageSize,
      }),
    enabled: smiles !== '',
    placeholderData: keepPreviousData,
    retry: false,
  });
}
