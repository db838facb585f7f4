import { api } from '@/lib/api-client';
import { useOrderMutation } from './order-mutation';
import { queryKeys } from '@/lib/query-keys';

/**
 * POST /manage/v1/orders/{id}/refunds of a balance or bank-transfer order: part of what was
 * paid goes back (docs/console.md, "Orders"). A balance refund changes the member's balance and
 * its history, so the member's detail and the member list refresh with the order.
 */
export function usePartialRefund(orderId: number, memberId: number) {
  return useOrderMutation(
    orderId,
    '退款成功',
    (vars: { amount: number; reason: string }) =>
      api.post(`/manage/v1/orders/${orderId}/refunds`, vars),
    [queryKeys.member(memberId), queryKeys.members],
  );
}
