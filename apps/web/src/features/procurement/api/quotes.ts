import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '@labshop/shared';
import type { ComplianceCheck, Order, OrderDetail, Quote } from '@labshop/shared/schemas';
import type { OrderRequestFields } from '@/lib/order/order-request';
import { api } from '@/lib/api-client';
import { useSubmitMutation } from '@labshop/api-client/react';

/** GET /client/v1/quotes */
export function useQuotes(page: number, size: number) {
  return useQuery({
    queryKey: ['quotes', page, size],
    queryFn: () => api.get<Paged<Quote>>('/client/v1/quotes', { params: { page, size } }),
    staleTime: 0,
  });
}

/** GET /client/v1/quotes/{id} */
export function useQuote(id: number) {
  return useQuery({
    queryKey: ['quotes', 'detail', id],
    queryFn: () => api.get<Quote>(`/client/v1/quotes/${id}`),
    staleTime: 0,
  });
}

/**
 * POST /client/v1/user/qualifications/check with the quote's lines, the check the cart uses:
 * which lines are 易制爆 and so ask the buyer's stated use (docs/compliance.md section 3).
 */
export function useQuoteCheck(quote: Quote) {
  const body = {
    lines: quote.lines.map((l) => ({ materialId: l.materialId, quantity: l.quantity })),
  };
  return useQuery({
    queryKey: ['quotes', 'compliance', quote.id, body],
    queryFn: () =>
      api.post<ComplianceCheck>('/client/v1/user/qualifications/check', body, { silent: true }),
    enabled: body.lines.length > 0,
  });
}

/** POST /client/v1/quotes/{id}/order: the one order at the quoted prices. */
export function useOrderFromQuote(id: number) {
  const qc = useQueryClient();
  return useSubmitMutation({
    mutationFn: (fields: OrderRequestFields) =>
      api.post<{ order: Order; bankTransfer: OrderDetail['bankTransfer'] }>(
        `/client/v1/quotes/${id}/order`,
        fields,
      ),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ['quotes'] }),
        qc.invalidateQueries({ queryKey: ['orders'] }),
        // The quoted packs left the cart with the order.
        qc.invalidateQueries({ queryKey: ['cart'] }),
      ]),
  });
}
