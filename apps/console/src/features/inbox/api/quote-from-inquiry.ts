import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import type { Paged } from '@labshop/shared';
import type { MemberRecord, QuotePack } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /manage/v1/quotes/packs: packs on sale by item number, name or CAS. */
export function useQuotePacks(key: string) {
  return useQuery({
    queryKey: queryKeys.quotePacks(key),
    queryFn: () => api.get<QuotePack[]>('/manage/v1/quotes/packs', { key }),
    enabled: key !== '',
    placeholderData: keepPreviousData,
  });
}

/** GET /manage/v1/members: the member a quote is for when the inquiry names none. */
export function useMemberOptions(key: string) {
  return useQuery({
    queryKey: queryKeys.memberList({ key, size: 20 }),
    queryFn: () => api.get<Paged<MemberRecord>>('/manage/v1/members', { key, size: 20 }),
    enabled: key !== '',
    placeholderData: keepPreviousData,
  });
}

export interface QuoteFromInquiryInput {
  inquiryId: number;
  userId?: number;
  lines: { materialId: number; quantity: number; unitPrice: number }[];
  validUntil: number;
  remark: string;
}

/** POST /manage/v1/quotes: a priced quote for the inquiry's member; answers its id. */
export function useQuoteFromInquiry() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (vars: QuoteFromInquiryInput) =>
      api.post<{ id: number }>('/manage/v1/quotes', vars),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.quotes }),
  });
}
