import { useMutation } from '@tanstack/react-query';
import type { BulkInquiryBody } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

export function useCreateBulkInquiry() {
  return useMutation({
    mutationFn: (body: BulkInquiryBody) => api.post<unknown>('/client/v1/bulk-inquiry', body),
  });
}
