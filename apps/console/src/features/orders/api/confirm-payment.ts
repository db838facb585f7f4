import type { z } from 'zod';
import type { transferBody } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { useOrderMutation } from './order-mutation';

/** POST /manage/v1/orders/{id}/payment (with `override` when the note does not match). */
export function useConfirmPayment(id: number) {
  return useOrderMutation(id, '已确认收款', (vars: z.input<typeof transferBody>) =>
    api.post(`/manage/v1/orders/${id}/payment`, vars),
  );
}
