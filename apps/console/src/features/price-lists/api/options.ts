import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paged } from '@labshop/shared';
import type { ManageOrg, QuotePack } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /manage/v1/orgs?keyword=: the organizations a price list may name. */
export function useOrgChoices(keyword: string) {
  return useQuery({
    queryKey: queryKeys.staffOrgList({ keyword, size: 50 }),
    queryFn: () => api.get<Paged<ManageOrg>>('/manage/v1/orgs', { keyword, size: 50 }),
    placeholderData: keepPreviousData,
  });
}

/** GET /manage/v1/quotes/packs: packs on sale by 货号, name or CAS. */
export function usePackChoices(key: string) {
  return useQuery({
    queryKey: queryKeys.quotePacks(key),
    queryFn: () => api.get<QuotePack[]>('/manage/v1/quotes/packs', { key }),
    enabled: key !== '',
    placeholderData: keepPreviousData,
  });
}

/** The packs a 货号 names (the spreadsheet import's look-up). */
export function findPacks(number: string): Promise<QuotePack[]> {
  return api.get<QuotePack[]>('/manage/v1/quotes/packs', { key: number }, { silent: true });
}
