import { useSubmitMutation } from '@labshop/api-client/react';
import type { BulkInquiryBody } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

export function useCreateBulkInquiry() {
  return useSubmitMutation({
    mutationFn: (body: BulkInquiryBody) => api.post<unknown>('/client/v1/bulk-inquiry', body),
  });
}
