import { api } from '@/lib/api-client';
import { useOrderMutation } from './order-mutation';

/** POST /manage/v1/orders/{id}/fapiao: the issued e-fapiao file (PDF or OFD) and its number. */
export function useAttachFapiao(id: number) {
  return useOrderMutation(id, '发票已上传', async (vars: { number: string; file: File }) => {
    const form = new FormData();
    form.append('number', vars.number);
    form.append('file', vars.file);
    return api.upload<null>(`/manage/v1/orders/${id}/fapiao`, form);
  });
}
