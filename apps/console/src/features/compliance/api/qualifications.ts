import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import type { Paged } from '@labshop/shared';
import type {
  LedgerRow,
  ManageQualification,
  ManageQualificationDetail,
} from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /manage/v1/qualifications */
export function useQualifications(params: Record<string, string | number | undefined>) {
  return useQuery({
    queryKey: queryKeys.qualificationList(params),
    queryFn: () => api.get<Paged<ManageQualification>>('/manage/v1/qualifications', params),
    placeholderData: keepPreviousData,
  });
}

/** GET /manage/v1/qualifications/{id}: with the quantity history. */
export function useQualification(id: number | null) {
  return useQuery({
    queryKey: queryKeys.qualificationDetail(id),
    queryFn: () => api.get<ManageQualificationDetail>(`/manage/v1/qualifications/${id ?? 0}`),
    enabled: id !== null,
  });
}

/** The document's file as an object URL (the file is never public). */
export function useQualificationFile(id: number | null) {
  return useQuery({
    queryKey: queryKeys.qualificationFile(id),
    queryFn: async () =>
      URL.createObjectURL(await api.blob(`/manage/v1/qualifications/${id ?? 0}/file`)),
    enabled: id !== null,
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** POST /manage/v1/qualifications/{id}/review */
export function useReview() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: ({ id, ...body }: { id: number; approve: boolean; reason: string }) =>
      api.post(`/manage/v1/qualifications/${id}/review`, body),
    // The list and the document itself: reopened, it shows its new status, not the form again.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.qualifications }),
        client.invalidateQueries({ queryKey: queryKeys.qualification }),
      ]),
  });
}

/** GET /manage/v1/compliance/ledger (JSON). */
export function useLedger(params: { from?: number | undefined; to?: number | undefined }) {
  return useQuery({
    queryKey: queryKeys.ledger(params),
    queryFn: () =>
      api.get<LedgerRow[]>('/manage/v1/compliance/ledger', { ...params, format: 'json' }),
    placeholderData: keepPreviousData,
  });
}
