import { useQuery } from '@tanstack/react-query';
import type { LotDetail } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type { LotDetail };

/** The path of one lot: a lot number may hold any character but controls, so it is encoded. */
export const lotPath = (materialId: number, lotNumber: string) =>
  `/manage/v1/stock/lots/${materialId}/${encodeURIComponent(lotNumber)}`;

/**
 * GET /manage/v1/stock/lots/{materialId}/{lotNumber}: where the lot is, who received it, which
 * packages shipped it (the recall list) and its certificates.
 */
export function useLot(lot: { materialId: number; lotNumber: string } | null) {
  return useQuery({
    queryKey: queryKeys.lot(lot?.materialId, lot?.lotNumber),
    queryFn: () => api.get<LotDetail>(lotPath(lot?.materialId ?? 0, lot?.lotNumber ?? '')),
    enabled: lot !== null,
  });
}
