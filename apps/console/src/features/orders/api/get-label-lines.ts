import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface LabelLine {
  orderGoodsId: number;
  productId: number;
  materialId: number;
}

/**
 * GET /manage/v1/orders/{id}/labels: the order's lines of hazardous products, each shipped with
 * a GB 15258 safety label (docs/safety.md).
 */
export function useLabelLines(id: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.orderLabels(id),
    queryFn: () => api.get<LabelLine[]>(`/manage/v1/orders/${id}/labels`),
    enabled,
  });
}

/** The safety label of a line's pack and lot, as a PDF download. */
export function downloadLabel(line: LabelLine, number: string, lotNumber: string) {
  return api.download(
    `/manage/v1/products/${line.productId}/label`,
    { materialId: line.materialId, lotNumber },
    `安全标签-${number}-${lotNumber}.pdf`,
  );
}
