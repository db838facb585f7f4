import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import type { Paged } from '@labshop/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** One tier of a pack: from `minQuantity` on, the organization pays `price` (docs/contract-prices-credit.md). */
export interface PriceListLine {
  materialId: number;
  price: number;
  minQuantity: number;
  /** The pack as the list shows it (货号, name, 规格); absent on what is sent. */
  number?: string;
  name?: string;
  pack?: string;
}

export interface PriceListInput {
  name: string;
  orgIds: number[];
  validFrom: number;
  validUntil: number;
  lines: PriceListLine[];
}

export interface PriceList extends PriceListInput {
  id: number;
  orgs?: { id: number; name: string }[];
  createTime?: number;
}

/** A list as the list answers it: its lines counted, not listed. */
export type PriceListSummary = Omit<PriceList, 'lines'> & { lineCount: number };

/** GET /manage/v1/price-lists */
export function usePriceLists(params: Record<string, string | number | undefined>) {
  return useQuery({
    queryKey: queryKeys.priceListList(params),
    queryFn: () =>
      api.get<Paged<PriceListSummary> | PriceListSummary[]>('/manage/v1/price-lists', params),
    placeholderData: keepPreviousData,
  });
}

/** GET /manage/v1/price-lists/{id}: the list with its lines. */
export const fetchPriceList = (id: number) => api.get<PriceList>(`/manage/v1/price-lists/${id}`);

export function usePriceList(id: number | null) {
  return useQuery({
    queryKey: queryKeys.priceList(id ?? 0),
    queryFn: () => fetchPriceList(id ?? 0),
    enabled: id !== null,
  });
}

/** POST /manage/v1/price-lists (id null) or PUT /manage/v1/price-lists/{id}. */
export function useSavePriceList(id: number | null) {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (vars: PriceListInput) =>
      id === null
        ? api.post<{ id: number }>('/manage/v1/price-lists', vars)
        : api.put<null>(`/manage/v1/price-lists/${id}`, vars),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.priceLists }),
  });
}

/** The rows of a list answer, paged or not. */
export function rowsOf<T>(data: Paged<T> | T[] | undefined): { rows: T[]; total: number } {
  if (!data) return { rows: [], total: 0 };
  if (Array.isArray(data)) return { rows: data, total: data.length };
  return { rows: data.records, total: data.total };
}
